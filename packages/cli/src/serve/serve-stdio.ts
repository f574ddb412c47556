import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createToolServer } from './create-tool-server.js';
import type { ServedToolset } from './served-toolset.js';

/** A running `serve --stdio`. */
export interface RunningStdioServer {
  /** Settles when the client went away (stdin ended) or {@link RunningStdioServer.close} ran. */
  readonly closed: Promise<void>;
  /** Closes the MCP session. */
  close(): Promise<void>;
}

/**
 * Serves a toolset over MCP on a pair of streams (stdin/stdout of the process by default). Only
 * protocol messages go to `output`; diagnostics belong on stderr.
 */
export async function serveStdio(toolset: ServedToolset, input: Readable = process.stdin, output: Writable = process.stdout): Promise<RunningStdioServer> {
  const server = createToolServer(toolset);
  const transport = new StdioServerTransport(input, output);
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
