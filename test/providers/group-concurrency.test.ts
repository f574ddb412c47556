// A tool group's `concurrency`, as an MCP server's: by default the group's tools that may write run
// one at a time within a conversation; `'parallel'` lets them overlap; tools the provider marks
// idempotent and not destructive overlap either way. A wrong value fails at registration, naming
// the group and the field.
import { describe, expect, it } from '@jest/globals';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { McpConcurrency } from '@toolwright/sdk';
import { createToolGroupToolset, ToolGroupRuntime } from '@toolwright/providers';
import type { ToolGroupProvider } from '@toolwright/providers';

const CALLS = 8;

/** A provider whose tools each take 60 ms, and the largest number of its calls seen in flight at once. */
function slowProvider(): { provider: ToolGroupProvider; most: () => number } {
  let running = 0;
  let most = 0;
  const provider: ToolGroupProvider = {
    id: 'slow',
    listTools: () => [
      { name: 'save', description: 'Saves (may write anything).', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } },
      { name: 'put', description: 'Puts a value (idempotent, not destructive).', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } }, annotations: { idempotentHint: true, destructiveHint: false } },
    ],
    invoke: async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 60));
      running--;
      return { content: [{ type: 'text' as const, text: 'ok' }] };
    },
  };
  return { provider, most: () => most };
}

/** The most calls of `tool` that ran at once when `CALLS` were made together through an Agent. */
async function mostAtOnce(tool: string, concurrency?: McpConcurrency): Promise<number> {
  const { provider, most } = slowProvider();
  const runtime = new ToolGroupRuntime({ providers: [provider] });
  runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'slow', ...(concurrency ? { concurrency } : {}) });
  const toolset = await createToolGroupToolset(runtime, { toolgroups: ['g'] });
  const agent = new Agent({ extraTools: [...toolset.tools] });
  const state = new ConversationState({ workingDir: process.cwd() });
  await agent.initialize(state);
  try {
    const results = await agent.executeToolCalls(Array.from({ length: CALLS }, (_, i) => ({ id: `c${i}`, name: tool, arguments: `{"n":${i}}` })));
    expect(results.map((r) => r.observation.text)).toEqual(Array(CALLS).fill('ok'));
    return most();
  } finally {
    await agent.close();
    await toolset.close();
    await runtime.close();
    await state.close();
  }
}

describe("a tool group's concurrency", () => {
  it("is 'serial' by default: a tool that may write runs one call at a time", async () => {
    expect(await mostAtOnce('save')).toBe(1);
    expect(await mostAtOnce('save', 'serial')).toBe(1);
  });

  it("'parallel' lets its calls run at the same time", async () => {
    expect(await mostAtOnce('save', 'parallel')).toBe(CALLS);
  });

  it('lets a tool marked idempotent and not destructive overlap without it', async () => {
    expect(await mostAtOnce('put')).toBe(CALLS);
  });

  it('refuses another value at registration, naming the group, the field and the allowed values', () => {
    const runtime = new ToolGroupRuntime({ providers: [slowProvider().provider] });
    expect(() => runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'slow', concurrency: 'fast' as McpConcurrency })).toThrow(
      `Invalid tool group 'g' (concurrency): expected 'serial' (the group's tools that may write run one at a time; the default) or 'parallel' (they may run at the same time), got "fast".`,
    );
  });
});
