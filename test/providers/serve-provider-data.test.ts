import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli, startCli, waitForStderr } from '../cli/cli-harness.js';
import { FAKE_KEYS, SearchApiFake } from './support/search-api-fake.js';

const HEADER = 'X-Toolwright-Provider-Data';
const WRONG_KEY = 'sk-WRONG-0000-secret';

/** The text of a call's result. */
function textOf(result: unknown): string {
  return (result as { content: { type: string; text?: string }[] }).content.map((c) => c.text ?? `[${c.type}]`).join('\n');
}

describe('serve --http: per-request provider credentials from X-Toolwright-Provider-Data', () => {
  const fake = new SearchApiFake();
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  let url: string;
  let stderr = '';
  const clients: Client[] = [];

  /** A client whose every request carries the header value `data()` gives at that moment (none: no header). */
  async function connect(data: () => string | undefined): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        const value = data();
        if (value !== undefined) headers.set(HEADER, value);
        return fetch(input, { ...init, headers });
      },
    });
    const client = new Client({ name: 'provider-data-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  /** A raw initialize POST with the header set to `value`. */
  function rawPost(value: string): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', [HEADER]: value },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
  }

  beforeAll(async () => {
    await fake.start();
    dir = mkdtempSync(join(tmpdir(), 'tw-serve-provider-data-'));
    // No key in the spec: the provider gets one only from the request.
    writeFileSync(join(dir, 'agent.yaml'), `tools: []\ntoolProviders:\n  brave-search: { baseUrl: '${fake.baseUrl}' }\n`);
    const registered = await runCli(['groups', 'register', 'builtin::websearch', '--provider', 'brave-search', '--arg', 'max_results=2', '--spec', 'agent.yaml'], { cwd: dir });
    expect(registered.code).toBe(0);
    // --allow turns the policy on, so every call also writes an audit line (.toolwright/audit.jsonl).
    child = startCli(['serve', '--http', '--port', '0', '--spec', 'agent.yaml', '--allow', 'web_search'], { cwd: dir });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    [, url] = (await waitForStderr(child, /at (http:\/\/[^\s]+:\d+\/mcp).*\n/, 45_000)) as unknown as [string, string];
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    child?.kill('SIGTERM');
    await new Promise((resolve) => (child?.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes each request's key to the provider (the search API receives it), per request within one session", async () => {
    let data: string | undefined = JSON.stringify({ brave_api_key: FAKE_KEYS.brave });
    const client = await connect(() => data);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['web_search']);
    const found = await client.callTool({ name: 'web_search', arguments: { query: 'toolwright' } });
    expect(found.isError).toBeFalsy();
    expect(textOf(found).split('\n').slice(0, 2)).toEqual(['1. Brave result 1 for toolwright', '   https://example.org/brave/1']);
    const seen = fake.requests.at(-1)!;
    expect([seen.path, seen.headers['x-subscription-token'], seen.query.count]).toEqual(['/res/v1/web/search', FAKE_KEYS.brave, '2']);

    // The same session, a request without the header: no key at all, and the error names both places to put one.
    data = undefined;
    const before = fake.requests.length;
    const missing = await client.callTool({ name: 'web_search', arguments: { query: 'toolwright' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain(
      `Brave Search needs an API key: set apiKey in the 'brave-search' provider's configuration, or send "brave_api_key" in the provider data (header X-Toolwright-Provider-Data: {"brave_api_key": "…"}).`,
    );
    expect(fake.requests.length).toBe(before);

    // A wrong key reaches the API, which refuses it; the key is not repeated back.
    data = JSON.stringify({ brave_api_key: WRONG_KEY });
    const refused = await client.callTool({ name: 'web_search', arguments: { query: 'toolwright' } });
    expect(fake.requests.at(-1)!.headers['x-subscription-token']).toBe(WRONG_KEY);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).not.toContain(WRONG_KEY);
  });

  it('refuses a malformed header with HTTP 400 and a JSON-RPC error naming the header and what is expected', async () => {
    const cases: [string, string][] = [
      ['{"brave_api_key": sk-SECRET-1}', 'The X-Toolwright-Provider-Data header is invalid: it is not JSON; expected an object such as {"brave_api_key": "…"}.'],
      ['["sk-SECRET-2"]', 'The X-Toolwright-Provider-Data header is invalid: expected a JSON object such as {"brave_api_key": "…"}.'],
      ['{"brave_api_key": {"nested": "sk-SECRET-3"}}', "The X-Toolwright-Provider-Data header is invalid: setting 'brave_api_key' must be a string, number or boolean."],
      [JSON.stringify({ brave_api_key: `sk-SECRET-4${'x'.repeat(9_000)}` }), 'The X-Toolwright-Provider-Data header is invalid: it is longer than 8192 characters.'],
    ];
    for (const [value, message] of cases) {
      const response = await rawPost(value);
      const body = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      expect([response.status, body.jsonrpc, body.id, body.error.message]).toEqual([400, '2.0', null, message]);
    }
    // Beyond Node's own 16 KiB limit on all headers, Node answers 431 before any code of ours runs.
    expect((await rawPost(JSON.stringify({ k: 'y'.repeat(20_000) }))).status).toBe(431);
  });

  it('passes the key in --stateless mode too (a fresh MCP server per request over the shared toolset)', async () => {
    const stateless = startCli(['serve', '--http', '--stateless', '--port', '0', '--spec', 'agent.yaml'], { cwd: dir });
    try {
      const [, statelessUrl] = (await waitForStderr(stateless, /at (http:\/\/[^\s]+:\d+\/mcp).*\n/, 45_000)) as unknown as [string, string];
      const transport = new StreamableHTTPClientTransport(new URL(statelessUrl), { requestInit: { headers: { [HEADER]: JSON.stringify({ brave_api_key: FAKE_KEYS.brave }) } } });
      const client = new Client({ name: 'stateless', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      const found = await client.callTool({ name: 'web_search', arguments: { query: 'stateless' } });
      expect([found.isError ?? false, textOf(found).split('\n')[0]]).toEqual([false, '1. Brave result 1 for stateless']);
      expect(fake.requests.at(-1)!.headers['x-subscription-token']).toBe(FAKE_KEYS.brave);
    } finally {
      stateless.kill('SIGTERM');
      await new Promise((resolve) => (stateless.exitCode === null ? stateless.once('exit', resolve) : resolve(undefined)));
    }
  }, 90_000);

  it('never logs the credentials: not on stderr, not in the audit lines', () => {
    const audit = readFileSync(join(dir, '.toolwright', 'audit.jsonl'), 'utf8');
    expect(audit.split('\n').filter((l) => l.includes('web_search')).length).toBeGreaterThanOrEqual(3);
    for (const secret of [FAKE_KEYS.brave, WRONG_KEY, 'sk-SECRET']) expect(audit).not.toContain(secret);
    expect(stderr).not.toContain(FAKE_KEYS.brave);
    expect(stderr).not.toContain(WRONG_KEY);
    expect(stderr).not.toContain('sk-SECRET');
  });
});
