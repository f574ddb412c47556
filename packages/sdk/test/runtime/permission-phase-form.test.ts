import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, ErrorCode, Field, Observation, Policy, ToolDefinition } from '@toolwright/sdk';
import type { CallMiddleware, PolicyOptions } from '@toolwright/sdk';
import { permissionPhase } from '@toolwright/sdk/internal';

// The pipeline runs the permission phase as a step; this is its other form, a plain
// (ctx, next) phase that custom pipelines place themselves. Both must decide alike.

class TextAction extends Action {
  @Field({ description: 'Some text' }) @IsString() text!: string;
}

const say = new ToolDefinition({
  name: 'say',
  description: 'Says the text.',
  actionType: TextAction,
  executor: { execute: (action) => Observation.fromText(`said: ${action.text}`) },
});

let agent: Agent | undefined;
let dir: string | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** An agent whose only permission check is the phase form over a real Policy, wrapped so the pipeline cannot see its step. */
async function agentWith(options: PolicyOptions, asked: string[] = []): Promise<Agent> {
  dir = mkdtempSync(join(tmpdir(), 'tw-phase-'));
  const policy = await Policy.create({ grantsFile: false, ...options }, { workingDir: dir, stateDir: dir });
  // Stands in for the approval phase: records the ask and answers it with the outcome a refusal gives.
  const onAsk: CallMiddleware = async (ctx) => {
    asked.push(ctx.toolName);
    ctx.failWith(ErrorCode.PERMISSION_DENIED, 'refused by onAsk');
  };
  const phase = permissionPhase(() => policy, onAsk);
  agent = new Agent({ extraTools: [say], permission: (ctx, next) => phase(ctx, next) as Promise<void> });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return agent;
}

describe('permissionPhase as a plain phase', () => {
  it('runs an allowed call', async () => {
    const a = await agentWith({ allow: ['say'] });
    const { observation } = await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"hi"}' });
    expect(observation.isError).toBe(false);
    expect(observation.text).toBe('said: hi');
  });

  it('turns a deny into the permission-denied error the model reads', async () => {
    const a = await agentWith({ deny: ['say'] });
    const { observation } = await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"hi"}' });
    expect(observation.isError).toBe(true);
    expect(observation.text).toContain("Permission denied for tool 'say'");
    expect(observation.text).toContain('Do not retry the same call');
  });

  it('hands an ask to onAsk instead of running the tool', async () => {
    const asked: string[] = [];
    const a = await agentWith({}, asked);
    const { observation } = await a.executeToolCall({ id: '1', name: 'say', arguments: '{"text":"hi"}' });
    expect(asked).toEqual(['say']);
    expect(observation.isError).toBe(true);
    expect(observation.text).toContain('refused by onAsk');
  });

  it("fails closed when the tool's own permission check throws", async () => {
    const broken = new ToolDefinition({
      name: 'broken',
      description: 'Its permission check throws.',
      actionType: TextAction,
      executor: { execute: () => Observation.fromText('ran') },
    });
    broken.checkPermissions = () => {
      throw new Error('matcher exploded');
    };
    dir = mkdtempSync(join(tmpdir(), 'tw-phase-'));
    const policy = await Policy.create({ grantsFile: false }, { workingDir: dir, stateDir: dir });
    const phase = permissionPhase(() => policy);
    agent = new Agent({ extraTools: [broken], permission: (ctx, next) => phase(ctx, next) as Promise<void> });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const { observation } = await agent.executeToolCall({ id: '1', name: 'broken', arguments: '{"text":"x"}' });
    expect(observation.isError).toBe(true);
    expect(observation.text).toBe("Permission denied for tool 'broken': the permission check failed (matcher exploded), so the call did not run.");
  });
});
