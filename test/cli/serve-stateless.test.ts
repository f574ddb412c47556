import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURES, SAMPLE, startCli, waitForStderr } from './cli-harness.js';

const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function replica(tools: readonly string[] = SAMPLE, cwd?: string): Promise<{ url: string; banner: string }> {
  const child = startCli(['serve', '--http', '--port', '0', '--stateless', ...tools], { cwd });
  children.push(child);
  const [banner, url] = await waitForStderr(child, /at (http:\/\/[^\s]+:\d+\/mcp).*\n/);
  return { url: url!, banner: banner! };
}

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify(body) });

describe('serve --http --stateless', () => {
  it('keeps no session: a client initialized on one replica is answered by another', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    expect(a.banner).toContain('(stateless: no sessions, one conversation in this process)');
    const client = new Client({ name: 'stateless-e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(a.url));
    clients.push(client);
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect(await client.callTool({ name: 'echo', arguments: { text: 'A' } })).toEqual({ content: [{ type: 'text', text: 'A' }] });

    // Replica B never saw an initialize, and answers anyway.
    const answer = await post(b.url, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'B', times: 2 } } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const data = text.split('\n').find((line) => line.startsWith('data: '))!.slice(6);
    expect(JSON.parse(data)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'BB' }] } });
  });

  it('refuses logging/setLevel with a JSON-RPC error saying why, since no level outlives the request', async () => {
    const { url } = await replica();
    const client = new Client({ name: 'stateless-e2e', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await expect(client.setLoggingLevel('error')).rejects.toMatchObject({
      code: -32600,
      message:
        'MCP error -32600: logging/setLevel cannot take effect on a stateless server: no session keeps the level between requests (the next one may reach another replica), so every log message is sent. Filter by level on the client, or serve without --stateless.',
    });
  });

  it('sends log messages, and fails sampling and elicitation at once saying why, even for a client that offers both', async () => {
    // serve checks permissions (mode default): the talkback tools are allowed by name.
    const { url } = await replica(['--import', join(FIXTURES, 'talkback-tools.mjs'), '--allow', 'note', '--allow', 'ask_model', '--allow', 'ask_user']);
    const client = new Client({ name: 'stateless-e2e', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {} } });
    clients.push(client);
    const asked: string[] = [];
    client.setRequestHandler(CreateMessageRequestSchema, () => (asked.push('sample'), { role: 'assistant', model: 'm', content: { type: 'text', text: 'x' } }));
    client.setRequestHandler(ElicitRequestSchema, () => (asked.push('elicit'), { action: 'accept', content: { name: 'Ada' } }));
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params.level));
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));

    expect(await client.callTool({ name: 'note', arguments: { text: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'logged' }] });
    expect(logs).toEqual(['debug', 'info', 'warning', 'error']);
    const why =
      "is not available on a stateless server: the client's answer would come back as a new HTTP request that no server is waiting for (it may reach another replica). Serve without --stateless (with sticky sessions behind a load balancer) for tools that ask the client.";
    expect(await client.callTool({ name: 'ask_model', arguments: {} })).toEqual({ content: [{ type: 'text', text: `Sampling ${why}` }], isError: true });
    expect(await client.callTool({ name: 'ask_user', arguments: {} })).toEqual({ content: [{ type: 'text', text: `Elicitation ${why}` }], isError: true });
    expect(asked).toEqual([]);
  });

  it('denies a call that needs approval, since the approval cannot be asked, and says so', async () => {
    const { url } = await replica([...SAMPLE, '--ask', 'echo'], mkdtempSync(join(tmpdir(), 'tw-stateless-')));
    const client = new Client({ name: 'stateless-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    clients.push(client);
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { decision: 'approve' } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      "Permission denied for tool 'echo': asking for approval failed (Elicitation is not available on a stateless server: the client's answer would come back as a new HTTP request that no server is waiting for (it may reach another replica). Serve without --stateless (with sticky sessions behind a load balancer) for tools that ask the client.), so the call did not run.",
    );
  });

  it('sends no event ids and no retry interval: a dropped stream cannot be resumed, the call is sent again', async () => {
    const { url } = await replica();
    const answer = await post(url, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'slow', arguments: { ms: 100 }, _meta: { progressToken: 'p' } } });
    const lines = (await answer.text()).split('\n').filter((line) => line !== '');
    expect(lines.filter((line) => !line.startsWith('data: ') && !line.startsWith('event: '))).toEqual([]);
    const messages = lines.filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as { method?: string; id?: number });
    expect(messages.map((m) => m.method ?? `response ${m.id}`)).toEqual(['notifications/progress', 'notifications/progress', 'response 3']);
    const resume = await fetch(url, { headers: { accept: 'text/event-stream', 'last-event-id': 'x_1' } });
    expect(resume.status).toBe(405);
  });

  it('answers GET (no SSE stream to open) with 405', async () => {
    const { url } = await replica();
    const response = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Method not allowed: this server is stateless (no session, no SSE stream to open or delete); send POST requests only.',
    );
  });
});
