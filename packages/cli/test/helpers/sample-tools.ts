import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { Action, Field, Observation, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { ProgressReport, ToolContext } from '@toolwright/sdk';
import type { ServedCallOptions, ServedToolset } from '../../src/serve/served-toolset.js';

export class EchoAction extends Action {
  @Field({ description: 'Text to echo back' }) @IsString() text!: string;
  @Field({ description: 'How many times' }) @IsOptional() @IsInt() @Min(1) times?: number;
}

export class WaitAction extends Action {
  @Field({ description: 'Milliseconds to wait' }) @IsInt() @Min(0) ms!: number;
}

export class SumAction extends Action {
  @Field() @IsInt() a!: number;
  @Field() @IsInt() b!: number;
}

export class SumObservation extends Observation {
  @Field({ description: 'a + b' }) @IsInt() sum!: number;
}

export class EmptyAction extends Action {}

/** A small native toolset: echo, wait (progress + abort), sum (output schema), pixel (image), fail. */
export function sampleTools(): ToolDefinition[] {
  const echo = new ToolDefinition({
    name: 'echo',
    title: 'Echo',
    description: 'Echo the text back.',
    actionType: EchoAction,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    executor: { execute: (a: EchoAction) => Observation.fromText(a.text.repeat(a.times ?? 1)) },
  });
  const wait = new ToolDefinition({
    name: 'wait',
    description: 'Wait, reporting progress every 10 ms.',
    actionType: WaitAction,
    executor: {
      execute: async (a: WaitAction, ctx: ToolContext) => {
        const steps = Math.max(1, Math.ceil(a.ms / 10));
        for (let i = 1; i <= steps; i++) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, 10);
            ctx.signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))), { once: true });
          });
          ctx.reportProgress(i, steps, `step ${i}`);
        }
        return Observation.fromText(`waited ${a.ms} ms`);
      },
    },
  });
  const sum = new ToolDefinition({
    name: 'sum',
    description: 'Add two integers.',
    actionType: SumAction,
    observationType: SumObservation,
    annotations: { readOnlyHint: true },
    executor: { execute: (a: SumAction) => SumObservation.of({ sum: a.a + a.b }) },
  });
  const pixel = new ToolDefinition({
    name: 'pixel',
    description: 'A one-pixel PNG and a resource.',
    actionType: EmptyAction,
    executor: {
      execute: () =>
        Observation.of({
          content: [
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'file:///tmp/a.txt', mimeType: 'text/plain', text: 'hello' } },
          ],
        }),
    },
  });
  const fail = new ToolDefinition({
    name: 'fail',
    description: 'Always fails.',
    actionType: EmptyAction,
    annotations: { destructiveHint: true },
    executor: {
      execute: () => {
        throw new Error('disk on fire');
      },
    },
  });
  return [echo, wait, sum, pixel, fail] as unknown as ToolDefinition[];
}

/**
 * A ServedToolset straight over ToolDefinitions (what the Agent does, minus events): unknown
 * tool and bad arguments become error observations.
 */
export class DefinitionToolset implements ServedToolset {
  private listeners = new Set<() => void>();
  readonly progress: ProgressReport[] = [];
  constructor(private list: ToolDefinition[]) {}
  tools(): readonly ToolDefinition[] {
    return this.list;
  }
  tool(name: string): ToolDefinition | undefined {
    return this.list.find((t) => t.name === name);
  }
  async call(name: string, args: Record<string, unknown>, options: ServedCallOptions): Promise<Observation> {
    const tool = this.tool(name);
    if (!tool) return Observation.fromText(`Tool '${name}' not found.`, { isError: true, errorCode: 'UNKNOWN_TOOL' });
    try {
      return await tool.call(tool.actionFromArguments(args), { signal: options.signal, onProgress: options.onProgress, toolCallId: options.toolCallId });
    } catch (error) {
      if (ToolwrightError.isInstance(error)) return Observation.fromText(error.message, { isError: true, errorCode: error.code });
      throw error;
    }
  }
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  replace(list: ToolDefinition[]): void {
    this.list = list;
    for (const l of this.listeners) l();
  }
}
