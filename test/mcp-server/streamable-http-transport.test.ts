import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, request } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { defineTool } from '@toolwright/sdk';
import { createMcpServer, defineResource, MemoryEventStore } from '@toolwright/sdk/mcp';
import type { RunningMcpHttpServer, ToolwrightMcpServer } from '@toolwright/sdk/mcp';
import { NodeStreamableHttpTransport } from '../../packages/sdk/src/mcp-server/node-streamable-http-transport.js';

/**
 * The Streamable HTTP transport `createMcpServer` serves with (node-streamable-http-transport.ts),
 * met where a user meets it: the MCP SDK's client, and raw requests for what a client must be
 * refused, over 127.0.0.1. Statuses, JSON-RPC codes and messages are the SDK transport's.
 */

const LATEST = '2025-11-25';
const SSE_ACCEPT = 'application/json, text/event-stream';

const chatty = defineTool({
  name: 'chatty',
  description: 'Logs two lines and reports progress, then answers.',
  input: z.object({ lines: z.number().int() }),
  execute: async ({ lines }, ctx) => {
    for (let i = 1; i <= lines; i++) await ctx.log('info', `line ${i}`);
    ctx.reportProgress(1, 1);
    return `logged ${lines}`;
  },
});

const slow = defineTool({
  name: 'slow',
  description: 'Answers after a delay.',
  input: z.object({ ms: z.number().int() }),
  execute: async ({ ms }) => {
    await sleep(ms);
    return `slept ${ms}`;
  },
});

const notes = defineResource({ uri: 'notes://today', name: 'today', read: () => 'nothing yet' });

let server: ToolwrightMcpServer | undefined;
let running: RunningMcpHttpServer | undefined;
const clients: Client[] = [];
const raw: HttpServer[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await running?.close();
  await server?.close();
  running = undefined;
  server = undefined;
  for (const http of raw.splice(0)) {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
});

async function listen(): Promise<string> {
  server = createMcpServer({ name: 'transport-test', version: '1.0.0', tools: [chatty, slow], resources: [notes], http: { retryIntervalMs: 50 } });
  running = await server.listen();
  return running.url;
}

async function sdkClient(url: string): Promise<Client> {
  const client = new Client({ name: 'transport-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: SSE_ACCEPT, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** A session opened by hand (initialize, then initialized) at `version`: its id and the headers every later request carries. */
async function rawSession(url: string, version = LATEST): Promise<{ id: string; headers: Record<string, string> }> {
  const init = await post(url, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  expect(init.status).toBe(200);
  await init.text();
  const id = init.headers.get('mcp-session-id')!;
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': version };
  expect((await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
  return { id, headers };
}

interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const at = line.indexOf(':');
        const field = line.slice(0, at);
        const value = line.slice(at + 1).replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'retry') event.retry = Number(value);
        else if (field === 'data') event.data += value;
      }
      return event;
    });
}

/** Reads an SSE body until `done(text so far)` holds; returns the text (the stream is cancelled). */
async function readUntil(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

async function errorOf(response: Response): Promise<{ status: number; code: number; message: string }> {
  const body = (await response.json()) as { error: { code: number; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}

describe('Streamable HTTP transport, with the MCP SDK client over 127.0.0.1', () => {
  it('answers calls on their SSE streams, with the call\'s log messages and progress before the result', async () => {
    const client = await sdkClient(await listen());
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params.data));
    const progress: number[] = [];
    const result = await client.callTool({ name: 'chatty', arguments: { lines: 2 } }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    expect(result).toEqual({ content: [{ type: 'text', text: 'logged 2' }] });
    expect(logs).toEqual(['line 1', 'line 2']);
    expect(progress).toEqual([1]);
  });

  it('answers 64 calls in flight from one session, each on its own stream', async () => {
    const client = await sdkClient(await listen());
    const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => client.callTool({ name: 'slow', arguments: { ms: i % 5 } })));
    expect(answers.map((a) => (a.content as { text: string }[])[0]!.text)).toEqual(Array.from({ length: 64 }, (_, i) => `slept ${i % 5}`));
  });

  it('sends a subscribed resource\'s change on the standalone GET stream', async () => {
    const client = await sdkClient(await listen());
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await client.subscribeResource({ uri: 'notes://today' });
    // The client opens its GET stream after initialize; a notification before it is stored and replayed.
    expect(server!.resourceUpdated('notes://today')).toBe(1);
    for (let i = 0; i < 100 && updated.length === 0; i++) await sleep(10);
    expect(updated).toEqual(['notes://today']);
  });
});

describe('Streamable HTTP transport on the wire', () => {
  it('refuses what a client must not send, with the status, JSON-RPC code and message of the SDK transport', async () => {
    const url = await listen();
    const { headers } = await rawSession(url);
    const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };
    expect(await errorOf(await post(url, ping, { ...headers, accept: 'application/json' }))).toEqual({ status: 406, code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' });
    expect(await errorOf(await post(url, ping, { ...headers, 'content-type': 'text/plain' }))).toEqual({ status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' });
    // A media type is parsed, never matched as a substring.
    expect((await post(url, ping, { ...headers, 'content-type': 'text/plain; a=application/json' })).status).toBe(415);
    expect(await errorOf(await post(url, ping, { ...headers, 'mcp-protocol-version': '1999-01-01' }))).toEqual({
      status: 400,
      code: -32000,
      message: 'Bad Request: Unsupported protocol version: 1999-01-01 (supported versions: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)',
    });
    expect(await errorOf(await post(url, Array.from({ length: 101 }, (_, i) => ({ ...ping, id: i })), headers))).toEqual({ status: 400, code: -32600, message: 'Invalid Request: Batch must not exceed 100 messages' });
    expect(await errorOf(await post(url, { jsonrpc: '2.0', id: 1 }, headers))).toEqual({ status: 400, code: -32700, message: 'Parse error: Invalid JSON-RPC message' });
    // Strict JSON-RPC objects: an unknown top-level key is not a message.
    expect((await post(url, { ...ping, extra: true }, headers)).status).toBe(400);
    expect(
      await errorOf(await post(url, { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: LATEST, capabilities: {}, clientInfo: { name: 'again', version: '1' } } }, headers)),
    ).toEqual({ status: 400, code: -32600, message: 'Invalid Request: Server already initialized' });
    expect(await errorOf(await fetch(url, { method: 'PUT', headers }))).toEqual({ status: 405, code: -32000, message: 'Method not allowed.' });
    expect(await errorOf(await fetch(url, { headers: { ...headers, accept: 'application/json' } }))).toEqual({ status: 406, code: -32000, message: 'Not Acceptable: Client must accept text/event-stream' });
    // Nothing refused broke the session.
    const answer = await post(url, ping, headers);
    expect(answer.status).toBe(200);
    expect(parseEvents(await answer.text()).map((e) => e.data).filter(Boolean)).toEqual([JSON.stringify({ result: {}, jsonrpc: '2.0', id: 7 })]);
  });

  it('accepts notifications with 202 and no body, and answers a batch of requests on one stream that ends after both', async () => {
    const url = await listen();
    const { headers } = await rawSession(url);
    const accepted = await post(url, [{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }], headers);
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe('');
    const batch = await post(url, [{ jsonrpc: '2.0', id: 'a', method: 'ping' }, { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'slow', arguments: { ms: 30 } } }], headers);
    expect(batch.headers.get('content-type')).toBe('text/event-stream');
    expect(batch.headers.get('mcp-session-id')).toBe(headers['mcp-session-id']);
    const events = parseEvents(await batch.text());
    // The priming event (an id, the retry interval, no data), then both answers, then the end.
    expect(events[0]).toEqual({ id: expect.any(String), retry: 50, data: '' });
    expect(events.slice(1).map((e) => (JSON.parse(e.data) as { id: string }).id)).toEqual(['a', 'b']);
    expect(events.slice(1).every((e) => e.id !== undefined)).toBe(true);
  });

  it('sends no priming event to a client of an older protocol version', async () => {
    const url = await listen();
    const { headers } = await rawSession(url, '2025-06-18');
    const events = parseEvents(await (await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers)).text());
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toEqual({ result: {}, jsonrpc: '2.0', id: 1 });
  });

  it('opens the standalone GET stream at once (status and session id before any event), one per session', async () => {
    const url = await listen();
    const { headers } = await rawSession(url);
    const stream = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('mcp-session-id')).toBe(headers['mcp-session-id']);
    expect(await errorOf(await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } }))).toEqual({ status: 409, code: -32000, message: 'Conflict: Only one SSE stream is allowed per session' });
    await stream.body!.cancel();
    // The client left: the session takes a new GET stream.
    let again: Response | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      await again?.body?.cancel();
      await sleep(10);
      again = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    }
    expect(again!.status).toBe(200);
    await again!.body!.cancel();
  });

  it('resumes a call whose stream dropped: Last-Event-ID replays its answer', async () => {
    const url = await listen();
    const { headers } = await rawSession(url);
    const call = await post(url, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'slow', arguments: { ms: 150 } } }, headers);
    // Drop the stream after its priming event: the answer comes later.
    const primed = parseEvents(await readUntil(call, (text) => text.includes('\n\n')));
    const cursor = primed[0]!.id!;
    await sleep(250);
    const resumed = await fetch(url, { headers: { ...headers, accept: 'text/event-stream', 'last-event-id': cursor } });
    expect(resumed.status).toBe(200);
    const replayed = parseEvents(await readUntil(resumed, (text) => text.includes('slept 150')));
    expect(JSON.parse(replayed[0]!.data)).toEqual({ result: { content: [{ type: 'text', text: 'slept 150' }] }, jsonrpc: '2.0', id: 9 });
    expect(await errorOf(await fetch(url, { headers: { ...headers, accept: 'text/event-stream', 'last-event-id': 'unknown_1' } }))).toEqual({ status: 400, code: -32000, message: 'Invalid event ID format' });
  });

  it('refuses a body over the limit with 413, whether its Content-Length says so or its chunks pass it, and closes the connection', async () => {
    server = createMcpServer({ name: 'transport-test', version: '1.0.0', tools: [chatty], http: { maxBodyBytes: 1024 } });
    running = await server.listen();
    const { port } = new URL(running.url);
    const body = Buffer.alloc(64 * 1024, 32);
    for (const framing of [{ 'content-length': String(body.length) }, { 'transfer-encoding': 'chunked' }]) {
      const answer = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const sent = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: SSE_ACCEPT, ...framing } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        });
        sent.on('error', reject);
        // Chunked: the body goes in pieces, the limit is passed while it streams.
        for (let at = 0; at < body.length; at += 4096) sent.write(body.subarray(at, at + 4096));
        sent.end();
      });
      expect(answer).toEqual({ status: 413, connection: 'close', body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Request body over 1024 bytes.' }, id: null }) });
    }
    expect(running.sessionCount()).toBe(0);
  });

  it('ends the session on DELETE: its next request is refused with 404', async () => {
    const url = await listen();
    const { headers } = await rawSession(url);
    const deleted = await fetch(url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toBe('');
    expect((await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers)).status).toBe(404);
    expect(running!.sessionCount()).toBe(0);
  });
});

describe('NodeStreamableHttpTransport with an SDK Server on node:http', () => {
  async function serve(transport: NodeStreamableHttpTransport): Promise<string> {
    const mcp = new Server({ name: 'bare', version: '1' }, { capabilities: {} });
    await mcp.connect(transport);
    const http = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void transport.handleRequest(req, res, chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined));
    });
    raw.push(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  }

  it('writes keep-alive comments on an open stream', async () => {
    const url = await serve(new NodeStreamableHttpTransport({ sessionIdGenerator: () => 'session-1', keepAliveMs: 20 }));
    const { headers } = await rawSession(url);
    const stream = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(await readUntil(stream, (text) => text.includes(': keepalive\n\n: keepalive\n\n'))).toMatch(/^(: keepalive\n\n)+$/);
  });

  it('keeps a stateless transport to one request', async () => {
    const transport = new NodeStreamableHttpTransport({});
    const url = await serve(transport);
    const init = await post(url, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(parseEvents(await init.text()).map((e) => JSON.parse(e.data) as { id: number })[0]!.id).toBe(0);
    const req = { method: 'POST', headers: {} } as never;
    await expect(transport.handleRequest(req, {} as never, {})).rejects.toThrow('Stateless transport cannot be reused across requests. Create a new transport per request.');
  });

  it('stores events with the session\'s event store and replays only the dropped stream\'s', async () => {
    const store = new MemoryEventStore();
    const url = await serve(new NodeStreamableHttpTransport({ sessionIdGenerator: () => 'session-2', eventStore: store }));
    const { headers } = await rawSession(url);
    const first = parseEvents(await (await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers)).text());
    await (await post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, headers)).text();
    // Priming and answer of each stream, and the initialize's.
    expect(store.size).toBe(6);
    const resumed = await fetch(url, { headers: { ...headers, accept: 'text/event-stream', 'last-event-id': first[0]!.id! } });
    const replayed = parseEvents(await readUntil(resumed, (text) => text.includes('"id":1')));
    expect(replayed.map((e) => JSON.parse(e.data) as { id: number }).map((m) => m.id)).toEqual([1]);
  });
});
