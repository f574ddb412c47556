// The tools the model-side tests give their fake models, under a real policy (deferred approvals).
import 'reflect-metadata';
import { IsInt, IsString } from 'class-validator';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import type { PolicyOptions } from '@toolwright/sdk/policy';

export class AddAction extends Action {
  @Field({ description: 'First addend' }) @IsInt() a!: number;
  @Field({ description: 'Second addend' }) @IsInt() b!: number;
}

export class NoteAction extends Action {
  @Field({ description: 'The note' }) @IsString() text!: string;
}

/** A 1x1 PNG. */
export const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** `add` (read-only), `explode` (throws), `snapshot` (an image), `write_note` (writes: asked), `wait` (until aborted). */
export function fixtureTools(notes: string[]): ToolDefinition[] {
  return [
    new ToolDefinition({ name: 'add', description: 'Adds two integers.', actionType: AddAction, annotations: { readOnlyHint: true }, executor: { execute: (a) => Observation.fromText(String(a.a + a.b)) } }),
    new ToolDefinition({
      name: 'explode',
      description: 'Always fails.',
      actionType: NoteAction,
      annotations: { readOnlyHint: true },
      executor: {
        execute: () => {
          throw new Error('the fuse blew');
        },
      },
    }),
    new ToolDefinition({
      name: 'snapshot',
      description: 'Takes a picture.',
      actionType: NoteAction,
      annotations: { readOnlyHint: true },
      executor: { execute: (a) => Observation.of({ content: [{ type: 'text', text: `picture of ${a.text}` }, { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }] }) },
    }),
    new ToolDefinition({
      name: 'write_note',
      description: 'Writes a note.',
      actionType: NoteAction,
      annotations: { readOnlyHint: false, destructiveHint: false },
      executor: {
        execute: (a) => {
          notes.push(a.text);
          return Observation.fromText(`noted: ${a.text}`);
        },
      },
    }),
    new ToolDefinition({
      name: 'wait',
      description: 'Waits until cancelled.',
      actionType: NoteAction,
      annotations: { readOnlyHint: true },
      executor: {
        execute: (_a, ctx) =>
          new Promise<Observation>((resolve) => {
            ctx.signal.addEventListener('abort', () => resolve(Observation.fromText('cancelled while waiting', { isError: true })), { once: true });
          }),
      },
    }),
  ];
}

/** An initialized agent over the fixture tools with a policy (no approval callback: asks are deferred). */
export async function fixtureAgent(options: { id?: string; dir?: string; policy?: PolicyOptions } = {}): Promise<{ agent: Agent; notes: string[]; dir: string; cleanup: () => Promise<void> }> {
  const notes: string[] = [];
  const own = options.dir === undefined;
  const dir = options.dir ?? realpathSync(mkdtempSync(join(tmpdir(), 'tw-models-')));
  const agent = new Agent({ toolsets: [new FunctionToolset(fixtureTools(notes))], policy: options.policy ?? {} });
  await agent.initialize(new ConversationState({ id: options.id ?? 'models-test', workingDir: dir }));
  return {
    agent,
    notes,
    dir,
    cleanup: async () => {
      await agent.close();
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}
