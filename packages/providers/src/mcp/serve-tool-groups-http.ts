import type { AddressInfo } from 'node:net';
import type { ToolGroupRuntime } from '../runtime/tool-group-runtime.js';
import { createToolGroupsMcpServer } from './tool-groups-mcp-server.js';
import type { ToolGroupsMcpServerOptions } from './tool-groups-mcp-server.js';

/** Options of {@link serveToolGroupsOverHttp}. */
export interface ServeToolGroupsOptions extends ToolGroupsMcpServerOptions {
  /** Port (default 0: any free port). */
  port?: number;
  /** Interface (default `127.0.0.1`: this machine only). */
  host?: string;
  /** The MCP endpoint's path (default `/mcp`). */
  path?: string;
}

/** A running server. */
export interface ServedToolGroups {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`). */
  readonly url: string;
  /** Stops accepting and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves a runtime's group tools over MCP Streamable HTTP, statelessly (a server and transport per
 * request), so each request's `X-Toolwright-Provider-Data` header applies to that request only.
 * Other paths answer 404. Nothing is logged.
 */
export async function serveToolGroupsOverHttp(runtime: ToolGroupRuntime, options: ServeToolGroupsOptions = {}): Promise<ServedToolGroups> {
  // Loaded here, not with the package: node:http costs a cold start 10–20 ms that most users never need.
  const [{ StreamableHTTPServerTransport }, { createServer }] = await Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('node:http')]);
  const path = options.path ?? '/mcp';
  const http = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found; the MCP endpoint is ${path}.`);
      return;
    }
    void (async () => {
      const server = await createToolGroupsMcpServer(runtime, options);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error.');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
