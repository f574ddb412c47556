import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, loadAgentSpec, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import { toolsetsFromSpec } from '@toolwright/sdk/toolsets';
import { packageEntry } from '../cli/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tw-spec-include-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A spec toolset over the real filesystem MCP server, named `mcp__fs__<tool>`, with `include`. */
async function agentWith(include: string[], warnings: string[]): Promise<Agent> {
  const registry = new ToolRegistry();
  const spec = await loadAgentSpec(
    { tools: [], toolsets: [{ naming: 'mcp', include, mcpServers: { fs: { command: process.execPath, args: [packageEntry('@modelcontextprotocol/server-filesystem', 'dist/index.js'), dir] } } }] },
    { registry },
  );
  return new Agent({ registry, toolsets: toolsetsFromSpec(spec.toolsets, registry, { onWarning: (message) => warnings.push(message) }) });
}

describe("a spec toolset's include under naming: mcp", () => {
  it("takes the server's tool names (before renaming), as the spec's doc says", async () => {
    const warnings: string[] = [];
    const agent = await agentWith(['list_directory'], warnings);
    try {
      await agent.initialize(new ConversationState({ workingDir: dir }));
      expect((await agent.startTurn()).names()).toEqual(['mcp__fs__list_directory']);
      expect(warnings).toEqual([]);
    } finally {
      await agent.close();
    }
  }, 60_000);

  it('accepts the renamed form too, with a warning naming the name to write', async () => {
    const warnings: string[] = [];
    const agent = await agentWith(['mcp__fs__list_directory'], warnings);
    try {
      await agent.initialize(new ConversationState({ workingDir: dir }));
      expect((await agent.startTurn()).names()).toEqual(['mcp__fs__list_directory']);
      expect(warnings).toEqual(["toolsets[0].include[0]: 'mcp__fs__list_directory' is the renamed form of 'list_directory'; include and exclude take names before renaming, so write 'list_directory' (both forms match)."]);
    } finally {
      await agent.close();
    }
  }, 60_000);

  it('refuses an entry that matches no tool when the server has been listed, with did-you-mean', async () => {
    const agent = await agentWith(['list_directroy'], []);
    const error = await agent.initialize(new ConversationState({ workingDir: dir })).then(() => undefined, (e: unknown) => e);
    await agent.close();
    expect(ToolwrightError.isInstance(error) && error.message).toMatch(/^toolsets\[0\]\.include\[0\]: 'list_directroy' matches no tool of this toolset\. Did you mean 'list_directory'\? Available \(names before renaming\): .*list_directory/);
  }, 60_000);
});
