// A local fake model server over real HTTP on 127.0.0.1 for the model-side tests: each request is
// answered by the next scripted reply (a JSON body, or SSE events; a stream can be cut off or
// paused; or the connection closed without an answer). Records every request (path, headers,
// body) so tests check what the client sent.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply. */
export type FakeReply =
  | { json: unknown; status?: number }
  /** Close the connection without an answer (the client sees a network error). */
  | { hangUp: true }
  | {
      /** SSE events: `data` is JSON-encoded; `event` becomes an `event:` line (Anthropic, Responses name theirs). */
      sse: { event?: string; data: unknown }[];
      /** A final `data: [DONE]` line (OpenAI Chat Completions). */
      done?: boolean;
      /** Milliseconds between events. */
      delayMs?: number;
      /** Stop after this many events and hold the connection open (a stalled stream). */
      stallAfter?: number;
    };

/** A reply, or a function of the request body giving one. */
export type ScriptStep = FakeReply | ((body: Record<string, unknown>) => FakeReply);

/** What the server received. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A running fake server. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: ReceivedRequest[];
  /** Adds replies to the script. */
  script(...steps: ScriptStep[]): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

async function reply(res: ServerResponse, r: FakeReply): Promise<void> {
  if ('hangUp' in r) {
    res.socket?.destroy();
    return;
  }
  if ('json' in r) {
    res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(r.json));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const [i, e] of r.sse.entries()) {
    if (r.stallAfter !== undefined && i >= r.stallAfter) return; // held open until the client aborts
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  }
  if (r.stallAfter !== undefined && r.stallAfter >= r.sse.length) return;
  if (r.done) res.write('data: [DONE]\n\n');
  res.end();
}

/** Starts a fake model server on 127.0.0.1 (a free port). */
export async function startFakeModelServer(...steps: ScriptStep[]): Promise<FakeModelServer> {
  const queue: ScriptStep[] = [...steps];
  const requests: ReceivedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    void (async () => {
      const body = await readBody(req);
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const step = queue.shift();
      if (!step) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `fake model server: no scripted reply left for request ${requests.length}` } }));
        return;
      }
      await reply(res, typeof step === 'function' ? step(body) : step);
    })().catch((error: unknown) => {
      res.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...more) => queue.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
