import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { BraveSearchProvider, createToolGroupToolset, parseProviderData, ToolGroupRuntime } from '@toolwright/providers';
import type { ToolGroupProvider } from '@toolwright/providers';
import { FAKE_KEYS, SearchApiFake } from './support/search-api-fake.js';

describe("a group tool's per-call provider data (the call's metadata.providerData)", () => {
  const fake = new SearchApiFake();
  let runtime: ToolGroupRuntime;
  let toolset: McpToolset;
  let agent: Agent;
  let state: ConversationState;

  beforeAll(async () => {
    await fake.start();
    runtime = new ToolGroupRuntime({ providers: [new BraveSearchProvider({ baseUrl: fake.baseUrl })] });
    runtime.registerToolGroup({ toolgroupId: 'builtin::websearch', providerId: 'brave-search', args: { max_results: 1 } });
    // The toolset's own provider data holds a wrong key: the call's metadata wins over it.
    toolset = await createToolGroupToolset(runtime, { toolgroups: ['builtin::websearch'], providerData: { brave_api_key: 'stale-key' } });
    agent = new Agent({ extraTools: [...toolset.tools] });
    state = new ConversationState({ workingDir: process.cwd() });
    await agent.initialize(state);
  });
  afterAll(async () => {
    await agent.close();
    await toolset.close();
    await runtime.close();
    await state.close();
    await fake.stop();
  });

  it('reaches the provider merged over the toolset’s, and appears in no event or Observation', async () => {
    const providerData = parseProviderData(JSON.stringify({ brave_api_key: FAKE_KEYS.brave }));
    const result = await agent.executeToolCall({ id: 'c1', name: 'web_search', arguments: '{"query":"toolwright"}' }, { metadata: { providerData } });
    expect(result.observation.isError).toBe(false);
    expect(result.observation.text.split('\n')[0]).toBe('1. Brave result 1 for toolwright');
    expect(fake.requests.at(-1)!.headers['x-subscription-token']).toBe(FAKE_KEYS.brave);
    expect(JSON.stringify(result.events)).not.toContain(FAKE_KEYS.brave);
  });

  it("falls back to the toolset's provider data without per-call data (here a rejected key: an error the model can read)", async () => {
    const result = await agent.executeToolCall({ id: 'c2', name: 'web_search', arguments: '{"query":"toolwright"}' });
    expect(fake.requests.at(-1)!.headers['x-subscription-token']).toBe('stale-key');
    expect(result.observation.isError).toBe(true);
    expect(result.observation.text).not.toContain('stale-key');
  });

  it('is redacted when serialised or inspected by accident, and still readable by key', () => {
    const data = parseProviderData('{"brave_api_key":"sk-SECRET-1"}');
    expect(data.brave_api_key).toBe('sk-SECRET-1');
    expect(Object.keys(data)).toEqual(['brave_api_key']);
    expect(JSON.stringify({ metadata: { providerData: data } })).toBe('{"metadata":{"providerData":"[provider data: redacted]"}}');
    expect(inspect({ providerData: data })).toBe('{ providerData: [provider data: redacted] }');
  });

  it('gives the provider the call id and the conversation id as the session, beside the arguments (fact 55)', async () => {
    const seen: unknown[] = [];
    const spy: ToolGroupProvider = {
      id: 'spy',
      listTools: () => [{ name: 'spy', description: 'Records its call', inputSchema: { type: 'object', properties: { q: { type: 'integer' } } } }],
      invoke: (_tool, kwargs, ctx) => {
        seen.push(kwargs, ctx.callId, ctx.sessionId, ctx.providerData.tenant);
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    };
    const spyRuntime = new ToolGroupRuntime({ providers: [spy] });
    spyRuntime.registerToolGroup({ toolgroupId: 'g', providerId: 'spy', args: { region: 'eu' } });
    const spyTools = await createToolGroupToolset(spyRuntime, { toolgroups: ['g'] });
    const spyAgent = new Agent({ extraTools: [...spyTools.tools] });
    const spyState = new ConversationState({ id: 'conv-7', workingDir: process.cwd() });
    await spyAgent.initialize(spyState);
    try {
      const result = await spyAgent.executeToolCall({ id: 'call-9', name: 'spy', arguments: '{"q":1}' }, { metadata: { providerData: { tenant: 'acme' } } });
      expect(result.observation.text).toBe('ok');
      expect(seen).toEqual([{ q: 1, region: 'eu' }, 'call-9', 'conv-7', 'acme']);
    } finally {
      await spyAgent.close();
      await spyTools.close();
      await spyRuntime.close();
      await spyState.close();
    }
  });
});
