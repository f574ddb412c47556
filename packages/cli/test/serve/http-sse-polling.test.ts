import { afterEach, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { Observation, ToolDefinition } from '@toolwright/sdk';
import { startHttpServer } from '../../src/serve/http-server.js';
import type { RunningHttpServer } from '../../src/serve/http-server.js';
import type { ServedCallOptions } from '../../src/serve/served-toolset.js';
import { DefinitionToolset, EmptyAction } from '../helpers/sample-tools.js';

/** A tool that ends its response stream at once (ctx.closeStream) and answers 200 ms later, like the conformance suite's test_reconnection. */
const reconnection = new ToolDefinition({
  name: 'test_reconnection',
  description: 'Close the stream, then answer.',
  actionType: EmptyAction,
  executor: {
    execute: async (_a, ctx) => {
      const closed = ctx.closeStream();
      await sleep(200);
      return Observation.fromText(`closed: ${closed}`);
    },
  },
});

/** The sample toolset, handing the tool what the MCP client offers (ctx.closeStream among it). */
class ClientAwareToolset extends DefinitionToolset {
  override async call(name: string, args: Record<string, unknown>, options: ServedCallOptions): Promise<Observation> {
    const tool = this.tool(name)!;
    return tool.call(tool.actionFromArguments(args), { signal: options.signal, client: options.client });
  }
}

interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

/** The events of an SSE body, read to its end. */
async function eventsOf(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'retry') event.retry = Number(value);
        else if (field === 'data') event.data += value;
      }
      return event;
    });
}

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function session(protocolVersion: string): Promise<{ url: string; id: string }> {
  running = await startHttpServer(new ClientAwareToolset([reconnection]), { host: '127.0.0.1', port: 0, retryIntervalMs: 50 });
  const init = await fetch(running.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'poller', version: '1' } } }),
  });
  await init.text();
  const id = init.headers.get('mcp-session-id')!;
  await fetch(running.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': protocolVersion },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return { url: running.url, id };
}

/** The conformance suite's SSE polling request: a tools/call whose header names 2025-03-26. */
const call = (url: string, id: string): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_reconnection', arguments: {} } }),
  });

describe('serve --http: SSE polling on protocol 2025-11-25', () => {
  it('primes the POST stream (an id, empty data, the retry interval), lets the tool close it, and resumes with the result after Last-Event-ID', async () => {
    const { url, id } = await session('2025-11-25');
    const events = await eventsOf(await call(url, id));
    expect(events[0]).toEqual({ id: expect.any(String), retry: 50, data: '' });
    // Closed before the answer: no result on this stream.
    expect(events.some((e) => e.data.includes('"result"'))).toBe(false);

    const resumed = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26', 'last-event-id': events.at(-1)!.id! } });
    expect(resumed.status).toBe(200);
    const reader = resumed.body!.getReader();
    let text = '';
    while (!text.includes('"result"')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    await reader.cancel();
    expect(text).toContain('{"result":{"content":[{"type":"text","text":"closed: true"}]},"jsonrpc":"2.0","id":1}');
  });

  it('a session on an older protocol gets no priming event, and the tool cannot close its stream', async () => {
    const { url, id } = await session('2025-06-18');
    const events = await eventsOf(await call(url, id));
    expect(events.map((e) => e.data === '')).toEqual([false]);
    expect(events[0]!.data).toContain('closed: false');
  });
});
