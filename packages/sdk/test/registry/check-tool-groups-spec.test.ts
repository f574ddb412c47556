import { describe, expect, it } from '@jest/globals';
import { loadAgentSpec, ToolwrightError } from '@toolwright/sdk';

async function problemOf(spec: object): Promise<string> {
  try {
    await loadAgentSpec(spec, { env: {} });
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error.message;
    throw error;
  }
  return 'no problem';
}

describe('tool groups in the agent spec', () => {
  it('accepts references, registrations and provider options, and interpolates the environment', async () => {
    const spec = await loadAgentSpec(
      {
        toolgroups: ['builtin::websearch', 'mcp::docs/search'],
        toolGroupRegistry: [
          { toolgroupId: 'builtin::websearch', providerId: 'brave-search', args: { max_results: 3 } },
          { toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: { uri: 'http://127.0.0.1:9/mcp', transport: 'http', authorization: '${DOCS_TOKEN}' } },
        ],
        toolProviders: { 'brave-search': { apiKey: '${BRAVE_API_KEY:-none}' } },
      },
      { env: { DOCS_TOKEN: 't0k' } },
    );
    expect(spec.toolgroups).toEqual(['builtin::websearch', 'mcp::docs/search']);
    expect(spec.toolGroupRegistry?.[1]?.mcpEndpoint).toEqual({ uri: 'http://127.0.0.1:9/mcp', transport: 'http', authorization: 't0k' });
    expect(spec.toolProviders).toEqual({ 'brave-search': { apiKey: 'none' } });
  });

  it('names the exact path of a bad reference', async () => {
    expect(await problemOf({ toolgroups: 'builtin::websearch' })).toBe("(agent spec): toolgroups: expected an array of tool group references ('group' or 'group/tool'), got string.");
    expect(await problemOf({ toolgroups: ['builtin::websearch', 'mcp::docs/'] })).toBe(
      "(agent spec): toolgroups[1]: 'mcp::docs/' is not a tool group reference; expected 'group' or 'group/tool' (e.g. 'builtin::websearch' or 'mcp::docs/search'), group ids made of letters, digits and '_ . : -'.",
    );
    expect(await problemOf({ toolgroups: ['a/b/c'] })).toBe(
      "(agent spec): toolgroups[0]: 'a/b/c' is not a tool group reference; expected 'group' or 'group/tool' (e.g. 'builtin::websearch' or 'mcp::docs/search'), group ids made of letters, digits and '_ . : -'.",
    );
    expect(await problemOf({ toolgroups: [3] })).toBe("(agent spec): toolgroups[0]: expected a tool group reference ('group' or 'group/tool'), got number.");
  });

  it('names the exact path of a bad registration', async () => {
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', endpoint: 'x' }] })).toBe(
      '(agent spec): toolGroupRegistry[0].endpoint: unknown field; allowed: toolgroupId, providerId, mcpEndpoint, args, toolPrefix, toolNames, concurrency.',
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', toolPrefix: 'a/b' }] })).toBe(
      "(agent spec): toolGroupRegistry[0].toolPrefix: expected a tool-name prefix of letters, digits, '_', '.' or '-' (e.g. 'bing_'), got string.",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', toolNames: { web_search: 3 } }] })).toBe(
      "(agent spec): toolGroupRegistry[0].toolNames.web_search: expected a tool name of letters, digits, '_', '.' or '-', got number.",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', concurrency: 'fast' }] })).toBe(
      "(agent spec): toolGroupRegistry[0].concurrency: expected 'serial' (the group's tools that may write run one at a time; the default) or 'parallel' (they may run at the same time), got 'fast'.",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', concurrency: 'parallel' }] })).toBe('no problem');
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'my group', providerId: 'p' }] })).toBe(
      "(agent spec): toolGroupRegistry[0].toolgroupId: expected 1 to 128 letters, digits or '_ . : -' (e.g. 'builtin::websearch'), got 'my group'.",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p' }, { toolgroupId: 'g', providerId: 'q' }] })).toBe(
      "(agent spec): toolGroupRegistry[1].toolgroupId: 'g' is already registered at toolGroupRegistry[0].",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g' }] })).toBe("(agent spec): toolGroupRegistry[0].providerId: expected a provider id such as 'brave-search', got undefined.");
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', args: [1] }] })).toBe('(agent spec): toolGroupRegistry[0].args: expected an object of fixed arguments, got array.');
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', mcpEndpoint: { uri: 'http://x', transport: 'ws' } }] })).toBe(
      "(agent spec): toolGroupRegistry[0].mcpEndpoint.transport: expected 'http' (Streamable HTTP) or 'sse', got 'ws'.",
    );
    expect(await problemOf({ toolGroupRegistry: [{ toolgroupId: 'g', providerId: 'p', mcpEndpoint: { uri: 'http://x', headers: { Authorization: 'Bearer x' } } }] })).toBe(
      '(agent spec): toolGroupRegistry[0].mcpEndpoint.headers.Authorization: put the token in authorization (kept out of logs and listings), not in headers.',
    );
    expect(await problemOf({ toolProviders: { 'brave-search': 'key' } })).toBe('(agent spec): toolProviders["brave-search"]: expected an object of provider options, got string.');
  });
});
