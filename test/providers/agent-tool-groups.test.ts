import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { CodeInterpreterProvider, createToolGroupToolset, KeywordBank, MemoryProvider, ToolGroupRuntime } from '@toolwright/providers';

describe("an Agent using tool groups from its 'toolgroups' config", () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-agent-groups-'));
  const runtime = new ToolGroupRuntime({ providers: [new MemoryProvider({ banks: [new KeywordBank('docs')] }), new CodeInterpreterProvider()] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory', args: { max_chunks: 1 } });
  runtime.registerToolGroup({ toolgroupId: 'builtin::code_interpreter', providerId: 'code-interpreter' });
  let toolset: McpToolset;
  let agent: Agent;
  let state: ConversationState;

  beforeAll(async () => {
    toolset = await createToolGroupToolset(runtime, { toolgroups: ['builtin::memory', 'builtin::code_interpreter/code_interpreter'] });
    agent = new Agent({ extraTools: [...toolset.tools] });
    state = new ConversationState({ workingDir: dir });
    await agent.initialize(state);
  });

  afterAll(async () => {
    await agent.close();
    await toolset.close();
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers the groups tools to the model, with the fixed args hidden', () => {
    expect([...agent.toolsMap.keys()]).toEqual(['memory_insert', 'memory_query', 'code_interpreter']);
    const query = (agent.toolSchemas('anthropic') as { name: string; input_schema: { properties: object } }[]).find((t) => t.name === 'memory_query')!;
    expect(Object.keys(query.input_schema.properties)).toEqual(['query', 'bank_ids', 'max_tokens_in_context']);
  });

  it('runs model calls through the runtime and returns Observations', async () => {
    const inserted = await agent.executeToolCall({ id: 'c1', name: 'memory_insert', arguments: JSON.stringify({ bank_id: 'docs', documents: [{ document_id: 'a', content: 'The launch code is 1234.' }] }) });
    expect(inserted.observation.text).toBe("Inserted 1 document (1 chunk) into memory bank 'docs'.");
    const found = await agent.executeToolCall({ id: 'c2', name: 'memory_query', arguments: '{"query":"launch code"}' });
    expect(found.observation.text).toBe('Found 1 passage (6 tokens) in docs:\n\n[1] bank docs, document a\nThe launch code is 1234.');
    const ran = await agent.executeToolCall({ id: 'c3', name: 'code_interpreter', arguments: '{"code":"print(6*7)"}' });
    expect(ran.observation.isError).toBe(false);
    expect(ran.observation.text).toBe('completed\n[stdout]\n42\n[/stdout]\n[stderr]\n[/stderr]');
  });

  it("turns a provider's failure into an error Observation the model can act on", async () => {
    const result = await agent.executeToolCall({ id: 'c4', name: 'memory_query', arguments: '{"query":"x","bank_ids":["dcos"]}' });
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).toContain("Memory bank 'dcos' does not exist. Did you mean 'docs'? Banks: docs.");
  });

  it('refuses a toolgroups config naming an unknown group, suggesting the closest (fact 54)', async () => {
    await expect(createToolGroupToolset(runtime, { toolgroups: ['builtin::memroy'] })).rejects.toThrow(
      "Tool group 'builtin::memroy' not found. Did you mean 'builtin::memory'? Available tool groups: builtin::memory, builtin::code_interpreter.",
    );
  });
});
