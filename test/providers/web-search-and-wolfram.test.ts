import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BingSearchProvider, BraveSearchProvider, TavilySearchProvider, ToolGroupRuntime, WolframAlphaProvider } from '@toolwright/providers';
import type { ToolInvocationResult } from '@toolwright/providers';
import { FAKE_KEYS, SearchApiFake } from './support/search-api-fake.js';

const fake = new SearchApiFake();

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
});

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function textOf(result: ToolInvocationResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

function websearch(provider: BraveSearchProvider | BingSearchProvider | TavilySearchProvider, args?: Record<string, unknown>): ToolGroupRuntime {
  const runtime = new ToolGroupRuntime({ providers: [provider] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::websearch', providerId: provider.id, args });
  return runtime;
}

describe('Brave Search provider', () => {
  it('sends the documented request and normalises web.results', async () => {
    const runtime = websearch(new BraveSearchProvider({ apiKey: FAKE_KEYS.brave, baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'llama stack', max_results: 2 });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect([req!.method, req!.path, req!.query]).toEqual(['GET', '/res/v1/web/search', { q: 'llama stack', count: '2' }]);
    expect(req!.headers['x-subscription-token']).toBe('brave-key');
    expect(req!.headers.accept).toBe('application/json');
    expect(textOf(result)).toBe(
      '1. Brave result 1 for llama stack\n   https://example.org/brave/1\n   The llama stack page & more, number 1.\n' +
        '2. Brave result 2 for llama stack\n   https://example.org/brave/2\n   The llama stack page & more, number 2.',
    );
    expect(result.structuredContent).toEqual({
      query: 'llama stack',
      results: [
        { title: 'Brave result 1 for llama stack', url: 'https://example.org/brave/1', snippet: 'The llama stack page & more, number 1.' },
        { title: 'Brave result 2 for llama stack', url: 'https://example.org/brave/2', snippet: 'The llama stack page & more, number 2.' },
      ],
    });
  });

  it("takes max_results from the group's args, which the model cannot change", async () => {
    const runtime = websearch(new BraveSearchProvider({ apiKey: FAKE_KEYS.brave, baseUrl: fake.baseUrl }), { max_results: 3 });
    const [tool] = await runtime.listTools();
    expect(Object.keys(tool!.inputSchema.properties as object)).toEqual(['query']);
    const result = await runtime.invokeTool('web_search', { query: 'q' });
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(3);
    expect(fake.requests[0]!.query.count).toBe('3');
  });

  it('names the setting when no key is configured or sent', async () => {
    const runtime = websearch(new BraveSearchProvider({ baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'q' });
    expect(result.errorCode).toBe(6);
    expect(result.errorMessage).toBe(
      'Brave Search needs an API key: set apiKey in the \'brave-search\' provider\'s configuration, or send "brave_api_key" in the provider data (header X-Toolwright-Provider-Data: {"brave_api_key": "…"}).',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('uses the per-request key from the provider data', async () => {
    const runtime = websearch(new BraveSearchProvider({ apiKey: 'stale-key', baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'q', max_results: 1 }, { providerData: { brave_api_key: FAKE_KEYS.brave } });
    expect(result.errorCode).toBeUndefined();
    expect(fake.requests[0]!.headers['x-subscription-token']).toBe('brave-key');
  });

  it("reports a rejected key with Brave's own error detail", async () => {
    const runtime = websearch(new BraveSearchProvider({ apiKey: 'wrong', baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'q' });
    expect(result.errorCode).toBe(6);
    expect(result.errorMessage).toBe(
      "Brave Search rejected the API key (HTTP 401: SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.). Check brave_api_key or the 'brave-search' provider's apiKey.",
    );
    expect(result.errorMessage).not.toContain('wrong');
  });

  it('says to wait when the rate limit is hit (429)', async () => {
    const result = await websearch(new BraveSearchProvider({ apiKey: FAKE_KEYS.brave, baseUrl: fake.baseUrl })).invokeTool('web_search', { query: 'too fast' });
    expect(result.errorCode).toBe(1);
    expect(result.errorMessage).toBe('Brave Search refused the search (HTTP 429: RATE_LIMITED: Request rate limit exceeded for plan.). The rate limit was hit; wait before searching again.');
  });

  it('reports an unreachable API as unavailable, and a slow one as a timeout', async () => {
    const closed = await closedPort();
    const down = websearch(new BraveSearchProvider({ apiKey: FAKE_KEYS.brave, baseUrl: `http://127.0.0.1:${closed}` }));
    const unreachable = await down.invokeTool('web_search', { query: 'q' });
    expect(unreachable.errorCode).toBe(5);
    expect(unreachable.errorMessage).toBe(`Brave Search could not be reached (http://127.0.0.1:${closed}/res/v1/web/search): connect ECONNREFUSED 127.0.0.1:${closed}.`);
    fake.delayMs = 500;
    const slow = websearch(new BraveSearchProvider({ apiKey: FAKE_KEYS.brave, baseUrl: fake.baseUrl, timeoutMs: 100 }));
    const timedOut = await slow.invokeTool('web_search', { query: 'q' });
    expect(timedOut.errorCode).toBe(4);
    expect(timedOut.errorMessage).toBe(`Brave Search did not answer within 0.1 s (${fake.baseUrl}/res/v1/web/search).`);
  });
});

describe('Bing Search provider', () => {
  it('sends the documented request and normalises webPages.value', async () => {
    const runtime = websearch(new BingSearchProvider({ apiKey: FAKE_KEYS.bing, baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'sailing dinghies', max_results: 2 });
    const [req] = fake.requests;
    expect([req!.method, req!.path, req!.query]).toEqual(['GET', '/v7.0/search', { q: 'sailing dinghies', count: '2', responseFilter: 'Webpages' }]);
    expect(req!.headers['ocp-apim-subscription-key']).toBe('bing-key');
    expect(result.structuredContent).toEqual({
      query: 'sailing dinghies',
      results: [
        { title: 'Bing result 1: sailing dinghies', url: 'https://example.org/bing/1', snippet: 'Snippet 1 about sailing dinghies.' },
        { title: 'Bing result 2: sailing dinghies', url: 'https://example.org/bing/2', snippet: 'Snippet 2 about sailing dinghies.' },
      ],
    });
  });

  it("reports a rejected key with Bing's message", async () => {
    const runtime = websearch(new BingSearchProvider({ apiKey: 'nope', baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'q' });
    expect(result.errorCode).toBe(6);
    expect(result.errorMessage).toBe(
      "Bing Search rejected the API key (HTTP 401: 401: Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.). Check bing_api_key or the 'bing-search' provider's apiKey.",
    );
  });

  it('names bing_api_key when no key is there', async () => {
    const result = await websearch(new BingSearchProvider({ baseUrl: fake.baseUrl })).invokeTool('web_search', { query: 'q' });
    expect(result.errorMessage).toContain('send "bing_api_key" in the provider data');
  });
});

describe('Tavily Search provider', () => {
  it('posts the documented JSON body with a bearer key and normalises results', async () => {
    const runtime = websearch(new TavilySearchProvider({ apiKey: FAKE_KEYS.tavily, baseUrl: fake.baseUrl }));
    const result = await runtime.invokeTool('web_search', { query: 'who won the last french open', max_results: 1 });
    const [req] = fake.requests;
    expect([req!.method, req!.path]).toEqual(['POST', '/search']);
    expect(req!.headers.authorization).toBe('Bearer tvly-key');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({ query: 'who won the last french open', max_results: 1 });
    expect(textOf(result)).toBe('1. Tavily result 1\n   https://example.org/tavily/1\n   Content 1 for who won the last french open.');
  });

  it("reports a rejected key with Tavily's detail", async () => {
    const result = await websearch(new TavilySearchProvider({ apiKey: 'tvly-wrong', baseUrl: fake.baseUrl })).invokeTool('web_search', { query: 'q' });
    expect(result.errorMessage).toBe(
      "Tavily Search rejected the API key (HTTP 401: Unauthorized: missing or invalid API key.). Check tavily_api_key or the 'tavily-search' provider's apiKey.",
    );
  });
});

describe('WolframAlpha provider (LLM API)', () => {
  function wolfram(options: ConstructorParameters<typeof WolframAlphaProvider>[0]): ToolGroupRuntime {
    const runtime = new ToolGroupRuntime({ providers: [new WolframAlphaProvider({ baseUrl: fake.baseUrl, ...options })] });
    runtime.registerToolGroup({ toolgroupId: 'builtin::wolfram_alpha', providerId: 'wolfram-alpha' });
    return runtime;
  }

  it('sends input, appid and maxchars and returns the plain-text answer', async () => {
    const result = await wolfram({ apiKey: FAKE_KEYS.wolfram }).invokeTool('wolfram_alpha', { query: 'solve x^2 + 2x + 1 = 0' });
    const [req] = fake.requests;
    expect([req!.method, req!.path, req!.query]).toEqual(['GET', '/api/v1/llm-api', { input: 'solve x^2 + 2x + 1 = 0', appid: 'WOLF-APPID', maxchars: '6800' }]);
    expect(result.errorCode).toBeUndefined();
    expect(textOf(result)).toBe(
      'Query:\n"solve x^2 + 2x + 1 = 0"\n\nInput interpretation:\nsolve x^2 + 2 x + 1 = 0\n\nResult:\nx = -1\n\nWolfram|Alpha website result for "solve x^2 + 2x + 1 = 0":\nhttps://www.wolframalpha.com/input?i=x',
    );
  });

  it("passes the API's suggestions on when it does not understand the input (501)", async () => {
    const result = await wolfram({ apiKey: FAKE_KEYS.wolfram }).invokeTool('wolfram_alpha', { query: 'blorptangle frobnicate' });
    expect(result.errorCode).toBe(1);
    expect(result.errorMessage).toBe('WolframAlpha could not interpret the query. Wolfram|Alpha did not understand your input. Things to try instead:\nblorp\nfrobnicate');
  });

  it('keeps the AppID (sent in the query string) out of the message when the API is unreachable', async () => {
    const closed = await closedPort();
    const runtime = new ToolGroupRuntime({ providers: [new WolframAlphaProvider({ apiKey: 'APPID-SECRET', baseUrl: `http://127.0.0.1:${closed}` })] });
    runtime.registerToolGroup({ toolgroupId: 'builtin::wolfram_alpha', providerId: 'wolfram-alpha' });
    const result = await runtime.invokeTool('wolfram_alpha', { query: '2+2' });
    expect(result.errorCode).toBe(5);
    expect(result.errorMessage).toBe(`WolframAlpha could not be reached (http://127.0.0.1:${closed}/api/v1/llm-api): connect ECONNREFUSED 127.0.0.1:${closed}.`);
  });

  it('reports a bad AppID as an auth error and a missing one naming the setting', async () => {
    const bad = await wolfram({ apiKey: 'nope' }).invokeTool('wolfram_alpha', { query: '2+2' });
    expect(bad.errorCode).toBe(6);
    expect(bad.errorMessage).toBe("WolframAlpha rejected the AppID (HTTP 403: Error 1: Invalid appid). Check wolfram_alpha_api_key or the 'wolfram-alpha' provider's apiKey.");
    const missing = await wolfram({}).invokeTool('wolfram_alpha', { query: '2+2' });
    expect(missing.errorMessage).toBe(
      'WolframAlpha needs an API key: set apiKey in the \'wolfram-alpha\' provider\'s configuration, or send "wolfram_alpha_api_key" in the provider data (header X-Toolwright-Provider-Data: {"wolfram_alpha_api_key": "…"}).',
    );
  });
});
