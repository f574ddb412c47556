import type { Readable, Writable } from 'node:stream';
import { createToolServer } from './create-tool-server.js';
import type { ServedToolset } from './served-toolset.js';
import { proxyFastPath } from './proxy-fast-path.js';
import type { ProxyFastPath } from './proxy-fast-path.js';
import { StdioLineTransport } from './stdio-line-transport.js';
import type { StdioLineTransportOptions } from './stdio-line-transport.js';

/** A running `serve --stdio`. */
export interface RunningStdioServer {
  /** Settles when the client went away (stdin ended) or {@link RunningStdioServer.close} ran. */
  readonly closed: Promise<void>;
  /** Closes the MCP session. */
  close(): Promise<void>;
}

/**
 * Serves a toolset over MCP on a pair of streams (stdin/stdout of the process by default). Only
 * protocol messages go to `output`; diagnostics belong on stderr. A message over the size limit,
 * or one that is not JSON-RPC, is answered with a JSON-RPC error and the session goes on.
 */
export async function serveStdio(
  toolset: ServedToolset,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
  options: StdioLineTransportOptions = {},
): Promise<RunningStdioServer> {
  const server = createToolServer(toolset);
  // Plain tools/call requests skip the SDK server's message parsing and request bookkeeping (see proxyFastPath).
  const fast: ProxyFastPath | undefined = proxyFastPath(server, (message): Promise<void> => transport.send(message));
  const transport = new StdioLineTransport(input, output, fast ? { ...options, intercept: fast.intercept } : options);
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const onEnd = (): void => {
    void server.close().finally(markClosed);
  };
  input.once('end', onEnd);
  input.once('close', onEnd);
  server.onclose = ((previous) => () => {
    input.off('end', onEnd);
    input.off('close', onEnd);
    fast?.close();
    previous?.();
    markClosed();
  })(server.onclose);
  await server.connect(transport);
  return {
    closed,
    close: async () => {
      await server.close();
      markClosed();
    },
  };
}
