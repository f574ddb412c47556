import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ROOT, SAMPLE, startCli, waitForStderr } from './cli-harness.js';

const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

/** JSON-RPC lines read from a child's stdout, by id. */
function responses(child: ChildProcessWithoutNullStreams): (id: number | null, count?: number) => Promise<Record<string, unknown>> {
  let buffer = '';
  const seen: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  child.stdout.on('data', (c: Buffer) => {
    buffer += c.toString();
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      seen.push(JSON.parse(buffer.slice(0, i)) as Record<string, unknown>);
      buffer = buffer.slice(i + 1);
      for (const wake of waiting.splice(0)) wake();
    }
  });
  return async (id, count = 1) => {
    for (;;) {
      const found = seen.filter((m) => m.id === id);
      if (found.length >= count) return found[count - 1]!;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

describe('toolwright serve --stdio with hostile input', () => {
  it('answers an 11 MiB request with a JSON-RPC error and serves the next request', async () => {
    const child = startCli(['serve', '--stdio', ...SAMPLE]);
    children.push(child);
    const reply = responses(child);
    child.stdin.write(`${JSON.stringify(INIT)}\n`);
    await reply(1);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(11 * 1024 * 1024) } } });
    child.stdin.write(`${huge}\n`);
    child.stdin.write('this is not json\n');
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'still here' } } })}\n`);
    expect(await reply(2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32600,
        message: `Request too large: the message is ${Buffer.byteLength(huge)} bytes; this server reads at most 10485760 bytes per message. Send smaller arguments (e.g. a file path instead of the content).`,
        data: { size: Buffer.byteLength(huge), limit: 10485760 },
      },
    });
    expect(await reply(3)).toEqual({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'still here' }] } });
    const parseError = await reply(null);
    expect(parseError).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(String((parseError.error as { message: string }).message)).toMatch(/^Parse error: the message is not JSON \(/);
    await waitForStderr(child, new RegExp(`refused a ${Buffer.byteLength(huge)}-byte message \\(limit 10485760 bytes\\)`));
    expect(child.exitCode).toBeNull();
  });
});

async function startHttp(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; port: number }> {
  const child = startCli(['serve', '--http', '--port', '0', ...args]);
  children.push(child);
  const [, url, port] = await waitForStderr(child, /at (http:\/\/[^\s]+:(\d+)\/mcp)/);
  return { child, url: url!, port: Number(port) };
}

function post(port: number, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('toolwright serve --http sessions', () => {
  it('refuses a session over --max-sessions with 503 and a JSON-RPC error naming the limit', async () => {
    const { port } = await startHttp(['--max-sessions', '2', ...SAMPLE]);
    expect((await post(port, INIT)).status).toBe(200);
    expect((await post(port, INIT)).status).toBe(200);
    const third = await post(port, { ...INIT, id: 7 });
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('60');
    expect(JSON.parse(third.body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32000,
        message:
          'Too many sessions: this server keeps at most 2 MCP sessions open (--max-sessions). Close one (HTTP DELETE /mcp with its mcp-session-id) or retry later: a session idle for 600 s is closed (--session-idle).',
        data: { maxSessions: 2, sessionIdleSeconds: 600 },
      },
    });
  });

  it('closes a session idle past --session-idle, which frees its place', async () => {
    const { port } = await startHttp(['--max-sessions', '1', '--session-idle', '0.4', ...SAMPLE]);
    const first = await post(port, INIT);
    const id = first.headers['mcp-session-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await post(port, INIT)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const late = await post(port, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
    expect(late.status).toBe(404);
    expect(JSON.parse(late.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: `Session not found: '${id}' is unknown, closed or expired (idle 1 s); initialize a new session.` },
    });
    expect((await post(port, INIT)).status).toBe(200);
  });

  async function connect(url: string): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return client;
  }

  async function terminal(client: Client, command: string): Promise<string> {
    const result = (await client.callTool({ name: 'terminal', arguments: { command } })) as { content: { type: string; text: string }[] };
    return result.content.map((c) => c.text).join('\n');
  }

  it('gives each MCP session its own conversation (terminal cwd and env)', async () => {
    // serve checks permissions (mode default): the terminal commands (cd, export) are allowed by a rule.
    const { url } = await startHttp(['--allow', 'terminal']);
    const a = await connect(url);
    const b = await connect(url);
    await terminal(a, 'cd /tmp && export TW_SESSION=alpha');
    // Without $-expansions, which are safety asks no allow rule silences (nobody to ask here).
    expect(await terminal(a, 'pwd; printenv TW_SESSION || echo unset')).toMatch(/\/tmp\s+alpha/);
    expect(await terminal(b, 'pwd; printenv TW_SESSION || echo unset')).toMatch(new RegExp(`${ROOT}\\s+unset`));
  }, 30_000);

  it('shares one conversation between sessions with --shared-state', async () => {
    const { url } = await startHttp(['--shared-state', '--allow', 'terminal']);
    const a = await connect(url);
    const b = await connect(url);
    await terminal(a, 'cd /tmp && export TW_SESSION=alpha');
    expect(await terminal(b, 'pwd; printenv TW_SESSION || echo unset')).toMatch(/\/tmp\s+alpha/);
  }, 30_000);
});
