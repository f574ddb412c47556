import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCPClient } from '@toolwright/sdk/mcp';
import { BraveSearchProvider, ClientToolsProvider, parseProviderData, serveToolGroupsOverHttp, ToolGroupRuntime } from '@toolwright/providers';
import type { ServedToolGroups } from '@toolwright/providers';
import { FAKE_KEYS, SearchApiFake } from './support/search-api-fake.js';

describe('tool groups served over MCP (Streamable HTTP)', () => {
  const fake = new SearchApiFake();
  let served: ServedToolGroups;
  let url: URL;
  const clients: MCPClient[] = [];
  let runtime: ToolGroupRuntime;

  beforeAll(async () => {
    await fake.start();
    const client = new ClientToolsProvider().declare('client::ui', [{ name: 'ask_user', description: 'Ask', inputSchema: { type: 'object' } }]);
    runtime = new ToolGroupRuntime({ providers: [new BraveSearchProvider({ baseUrl: fake.baseUrl }), client] });
    runtime.registerToolGroup({ toolgroupId: 'builtin::websearch', providerId: 'brave-search', args: { max_results: 2 } });
    runtime.registerToolGroup({ toolgroupId: 'client::ui', providerId: 'client' });
    served = await serveToolGroupsOverHttp(runtime);
    url = new URL(served.url);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await served.close();
    await fake.stop();
  });

  function connect(header?: string): MCPClient {
    const client = new MCPClient({ name: 'served', transport: () => new StreamableHTTPClientTransport(url, { requestInit: header === undefined ? {} : { headers: { 'X-Toolwright-Provider-Data': header } } }) });
    clients.push(client);
    return client;
  }

  it('lists the served tools without the client tools, with fixed args hidden', async () => {
    const tools = await connect().connect();
    expect(tools.map((t) => t.name)).toEqual(['web_search']);
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(['query']);
  });

  it('takes the per-request key from the X-Toolwright-Provider-Data header', async () => {
    fake.requests.length = 0;
    const client = connect(JSON.stringify({ brave_api_key: FAKE_KEYS.brave }));
    const result = await client.callTool('web_search', { query: 'mcp' });
    expect(result.isError).toBeUndefined();
    expect(result.content).toEqual([{ type: 'text', text: '1. Brave result 1 for mcp\n   https://example.org/brave/1\n   The mcp page & more, number 1.\n2. Brave result 2 for mcp\n   https://example.org/brave/2\n   The mcp page & more, number 2.' }]);
    expect(fake.requests.map((r) => r.headers['x-subscription-token'])).toEqual(['brave-key']);
  });

  it('answers a call without a key with an error naming the setting', async () => {
    const result = await connect().callTool('web_search', { query: 'mcp' });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Brave Search needs an API key: set apiKey in the \'brave-search\' provider\'s configuration, or send "brave_api_key" in the provider data (header X-Toolwright-Provider-Data: {"brave_api_key": "…"}).',
      },
    ]);
  });

  it('answers 404 off the MCP path', async () => {
    const response = await fetch(new URL('/other', url));
    expect([response.status, await response.text()]).toEqual([404, 'Not found; the MCP endpoint is /mcp.']);
  });

  it('refuses a malformed header without echoing it', async () => {
    // The client lists tools as it connects; the listing is refused with a JSON-RPC error.
    const error = await connect('brave_api_key=sk-SECRET')
      .connect()
      .then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toContain('The X-Toolwright-Provider-Data header is invalid: it is not JSON; expected an object such as {"brave_api_key": "…"}.');
    expect(error?.message).not.toContain('SECRET');
  });
});

describe('parseProviderData', () => {
  it('accepts an object of scalar settings and nothing else', () => {
    expect(parseProviderData(undefined)).toEqual({});
    expect(parseProviderData('{"brave_api_key":"k","max":3,"on":true}')).toEqual({ brave_api_key: 'k', max: 3, on: true });
    expect(() => parseProviderData('["k"]')).toThrow('The X-Toolwright-Provider-Data header is invalid: expected a JSON object such as {"brave_api_key": "…"}.');
    expect(() => parseProviderData('{"key":{"nested":"sk-SECRET"}}')).toThrow("The X-Toolwright-Provider-Data header is invalid: setting 'key' must be a string, number or boolean.");
    expect(() => parseProviderData('{"ok": "1", "sk live SECRET": "x"}')).toThrow("The X-Toolwright-Provider-Data header is invalid: setting names are 1 to 100 letters, digits or '_ . -', and setting 2's is not.");
    expect(() => parseProviderData(['{}', '{}'])).toThrow('The X-Toolwright-Provider-Data header is invalid: it was sent more than once.');
    expect(() => parseProviderData(`{"k":"${'x'.repeat(9_000)}"}`)).toThrow('The X-Toolwright-Provider-Data header is invalid: it is longer than 8192 characters.');
  });
});
