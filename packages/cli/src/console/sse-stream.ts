import type { ServerResponse } from 'node:http';

/** Time between two keep-alive comments on an idle stream. */
export const SSE_KEEPALIVE_MS = 15_000;

/** One open server-sent-events stream. */
export interface SseStream {
  /** Sends one event (`data` as JSON on one line). */
  send(event: string, data: unknown): void;
  /** Resolves when the client went away (or {@link SseStream.close} was called). */
  readonly closed: Promise<void>;
  close(): void;
}

/** Starts an SSE response on `res` (headers given), with a keep-alive comment every {@link SSE_KEEPALIVE_MS}. */
export function openSseStream(res: ServerResponse, headers: Readonly<Record<string, string>>): SseStream {
  res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
  res.write('retry: 2000\n\n');
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), SSE_KEEPALIVE_MS);
  keepAlive.unref();
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  const finish = (): void => {
    clearInterval(keepAlive);
    done();
  };
  res.once('close', finish);
  return {
    send(event, data) {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    closed,
    close() {
      finish();
      res.end();
    },
  };
}
