import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { McpServerConfig } from '@toolwright/sdk';
import { writeFile } from 'node:fs/promises';
import { createMcpTools } from '@toolwright/sdk/mcp';
import type { MCPToolDefinition } from '@toolwright/sdk/mcp';
import { accessOf } from '@toolwright/sdk/internal';
import { EVERYTHING, FAULT_SERVER } from './support/servers.js';

// The fault server's `slow` declares no annotations, so it is not read-only: the default case.
let dir: string;
const agents: Agent[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-concurrency-'));
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  rmSync(dir, { recursive: true, force: true });
});

const CALLS = 16;

/** The largest number of calls whose progress windows (first to last report) overlap at one instant. */
async function mostAtOnce(server: McpServerConfig): Promise<number> {
  const agent = new Agent({ mcpServers: { faults: server } });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: dir }));
  const windows = new Map<string, { first: number; last: number }>();
  const calls = Array.from({ length: CALLS }, (_, i) => ({ id: `c${i}`, name: 'slow', arguments: '{"ms":100}' }));
  const results = await agent.executeToolCalls(calls, {
    onProgress: ({ toolCallId }) => {
      const now = performance.now();
      const window = windows.get(toolCallId);
      if (window) window.last = now;
      else windows.set(toolCallId, { first: now, last: now });
    },
  });
  expect(results.map((r) => r.observation.isError)).toEqual(Array(CALLS).fill(false));
  expect(windows.size).toBe(CALLS);
  const all = [...windows.values()];
  return Math.max(...all.map((w) => all.filter((o) => o.first <= w.first && w.first <= o.last).length));
}

describe("an MCP server's concurrency", () => {
  it("is 'serial' by default: tools that are not read-only run one at a time", async () => {
    expect(await mostAtOnce({ command: process.execPath, args: [FAULT_SERVER] })).toBe(1);
  });

  it("'parallel' lets them run at the same time", async () => {
    expect(await mostAtOnce({ command: process.execPath, args: [FAULT_SERVER], concurrency: 'parallel' })).toBeGreaterThan(CALLS / 2);
  });

  it("is not needed for a tool that says it is idempotent and not destructive: its calls run at the same time", async () => {
    expect(await mostAtOnce({ command: process.execPath, args: [FAULT_SERVER, '--slow-idempotent'] })).toBeGreaterThan(CALLS / 2);
    // Idempotent but destructive (MCP's default when destructiveHint is absent): one at a time.
    expect(await mostAtOnce({ command: process.execPath, args: [FAULT_SERVER, '--slow-idempotent-destructive'] })).toBe(1);
  });

  it("is read from a spec file, and a wrong value fails at load naming the path and the allowed values", async () => {
    const good = join(dir, 'good.json');
    await writeFile(good, JSON.stringify({ mcpServers: { faults: { command: process.execPath, args: [FAULT_SERVER], concurrency: 'parallel' } } }));
    const spec = await loadAgentSpec(good);
    expect(await mostAtOnce(spec.mcpServers!.faults!)).toBeGreaterThan(CALLS / 2);

    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ mcpServers: { faults: { command: 'node', concurrency: true } } }));
    const error = await loadAgentSpec(bad).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_SPEC');
    expect((error as Error).message).toContain('mcpServers.faults.concurrency');
    expect((error as Error).message).toContain("expected 'serial' (calls that may write run one at a time; the default) or 'parallel'");
  });

  it('is checked when given in code, by the Agent and by createMcpTools', async () => {
    const wrong = { command: process.execPath, args: [FAULT_SERVER], concurrency: 'sometimes' as 'parallel' };
    const message = /mcpServers\.faults\.concurrency.*expected 'serial' .*or 'parallel' .*got "sometimes"/;
    const agent = new Agent({ mcpServers: { faults: wrong } });
    agents.push(agent);
    await expect(agent.initialize(new ConversationState({ workingDir: dir }))).rejects.toThrow(message);
    await expect(createMcpTools({ mcpServers: { faults: wrong } })).rejects.toThrow(message);
  });

  it("'parallel' applies to its server's tools that may write: read-only tools and other servers are as before", async () => {
    const toolset = await createMcpTools({
      mcpServers: {
        fast: { command: process.execPath, args: [FAULT_SERVER], concurrency: 'parallel', prefix: 'fast' },
        careful: { command: process.execPath, args: [FAULT_SERVER], prefix: 'careful' },
        everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], concurrency: 'parallel', prefix: 'every', enabledTools: ['echo'] },
      },
    }, { namePolicy: 'prefix' });
    try {
      const slow = (name: string): MCPToolDefinition => toolset.tools.find((t) => t.name === name)!;
      const action = slow('fast_slow').actionFromArguments({ ms: 1 });
      expect(accessOf(slow('fast_slow'), action)).toMatchObject({ write: true, all: false });
      expect(accessOf(slow('careful_slow'), action)).toMatchObject({ write: true, all: true });
      // server-everything's echo is read-only (readOnlyHint): it reads, as without the option.
      expect(accessOf(slow('every_echo'), slow('every_echo').actionFromArguments({ message: 'hi' }))).toMatchObject({ write: false, all: true });
    } finally {
      await toolset.close();
    }
  });
});
