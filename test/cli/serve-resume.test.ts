import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { SAMPLE, startCli, waitForStderr } from './cli-harness.js';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface SseEvent {
  id?: string;
  retry?: number;
  data?: { id?: number; method?: string; params?: { progress?: number }; result?: { content: { text: string }[] } };
}

/** Opens an HTTP request to the MCP endpoint and hands each SSE event to `onEvent` (or the JSON body once). */
function open(
  port: number,
  method: 'POST' | 'GET',
  headers: Record<string, string>,
  body: unknown,
  onEvent: (event: SseEvent, req: ClientRequest) => void,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method, headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers } }, (res) => {
      resolve(res);
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        if (!String(res.headers['content-type']).includes('text/event-stream')) return;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
            else if (line.startsWith('data: ') && line.length > 6) event.data = JSON.parse(line.slice(6)) as SseEvent['data'];
          }
          onEvent(event, req);
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    if (body === undefined) req.end();
    else req.end(JSON.stringify(body));
  });
}

describe('serve --http: a dropped SSE stream resumes with Last-Event-ID', () => {
  it('replays what the client missed, once, in order, then the result', async () => {
    const child = startCli(['serve', '--http', '--port', '0', ...SAMPLE]);
    children.push(child);
    const [, port] = await waitForStderr(child, /at http:\/\/[^\s]+:(\d+)\/mcp/);
    const p = Number(port);

    const init = await open(p, 'POST', {}, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }, () => undefined);
    const session = { 'mcp-session-id': String(init.headers['mcp-session-id']), 'mcp-protocol-version': '2025-11-25' };
    await open(p, 'POST', session, { jsonrpc: '2.0', method: 'notifications/initialized' }, () => undefined);

    // The call's stream: read two progress events, then drop the connection.
    const first: SseEvent[] = [];
    let lastId = '';
    await new Promise<void>((dropped) => {
      void open(p, 'POST', session, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: { ms: 500 }, _meta: { progressToken: 'tok' } } }, (event, req) => {
        first.push(event);
        if (event.id) lastId = event.id;
        if (first.filter((e) => e.data?.method === 'notifications/progress').length === 2) {
          req.destroy();
          dropped();
        }
      });
    });
    expect(first.find((e) => e.retry !== undefined)?.retry).toBe(1000);

    // Resume: everything after the last event seen, then the result.
    const resumed: SseEvent[] = [];
    await new Promise<void>((done) => {
      void open(p, 'GET', { ...session, 'last-event-id': lastId }, undefined, (event, req) => {
        resumed.push(event);
        if (event.data?.id === 2) {
          req.destroy();
          done();
        }
      });
    });
    const progress = [...first, ...resumed].filter((e) => e.data?.method === 'notifications/progress').map((e) => e.data!.params!.progress);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(resumed.at(-1)!.data!.result!.content[0]!.text).toBe('took 500 ms');
  });
});
