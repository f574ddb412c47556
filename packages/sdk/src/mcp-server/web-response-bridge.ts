import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

/**
 * The request's headers as the transport reads them (`get`, `has`, `entries`), over Node's parsed
 * headers: no WHATWG `Headers` validated and copied per request (edits of `req.headers` count).
 */
class NodeRequestHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  *entries(): IterableIterator<[string, string]> {
    for (const [name, value] of Object.entries(this.raw)) if (value !== undefined) yield [name, Array.isArray(value) ? value.join(', ') : value];
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.entries()) callback(value, name);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

function urlOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).href;
  } catch {
    return new URL(req.url ?? '/', 'http://localhost').href;
  }
}

/**
 * Answers a Node request with the SDK's Web-standard Streamable HTTP transport, writing its
 * Response as it comes: the status and headers at once, then each chunk of the body (an SSE
 * stream event by event) as soon as the transport enqueues it. The request's JSON body was read
 * (and checked) before, so the Web Request carries headers only.
 *
 * Why not the SDK's Node transport: it goes through `@hono/node-server`, which, to give a small
 * response a Content-Length, reads the body twice without blocking and, when the second chunk is
 * not there yet, waits a `setTimeout` (≥ 1 ms) before writing anything. A `tools/call` whose tool
 * takes a macrotask (a timer, I/O, `setImmediate`) always hits that wait: its SSE stream has the
 * priming event but not yet the result. That timer was the ≈ 1.1 ms per call `serve --http` lost
 * against a raw SDK server whose tool answers within microtasks.
 */
export async function answerWithWebTransport(transport: WebStandardStreamableHTTPServerTransport, req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
  // What the transport reads of a Request (method, url, headers; never the body: it is given
  // parsed), without building a WHATWG Request per HTTP request (≈ 5 % of a busy server's CPU).
  const request = { method: req.method ?? 'GET', url: urlOf(req), headers: new NodeRequestHeaders(req.headers) } as unknown as Request;
  const authInfo = (req as { auth?: AuthInfo }).auth;
  const response = await transport.handleRequest(request, { parsedBody, ...(authInfo ? { authInfo } : {}) });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  if (response.body === null) {
    res.writeHead(response.status, headers).end();
    return;
  }
  res.writeHead(response.status, headers);
  // Writes are corked until the check phase of this loop iteration: the head, the priming event,
  // the result and the end of a call answered within the iteration leave in one packet (one
  // wake-up of the client instead of four); a later event is corked again until its own check phase.
  let corked = false;
  const uncork = (): void => {
    corked = false;
    res.uncork();
  };
  const write = (chunk: Uint8Array): void => {
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(uncork);
    }
    res.write(chunk);
  };
  // A stream with nothing to send yet (a GET stream, a long call) still opens at once: the client
  // learns its status and session id before the first event.
  setImmediate(() => {
    if (!res.headersSent && !res.writableEnded) res.flushHeaders();
  });
  const reader = response.body.getReader();
  let ended = false;
  const onClose = (): void => {
    if (!ended) void reader.cancel().catch(() => undefined);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      write(value);
    }
  } catch {
    // The transport errored the stream, or the client went away: end what was sent.
  } finally {
    ended = true;
    res.off('close', onClose);
    if (!res.writableEnded) res.end();
    // end() flushed what was corked; the pending uncork finds nothing to do.
  }
}
