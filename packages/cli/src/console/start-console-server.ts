import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostNames, checkHttpRequest, hostForUrl, isWildcardHost } from '@toolwright/sdk/mcp';
import { ConsoleRoutes } from './console-routes.js';
import type { ConsoleRoutesOptions } from './console-routes.js';

/** Where and how {@link startConsoleServer} listens. */
export interface ConsoleListenOptions {
  host: string;
  /** 0 = a free one. */
  port: number;
  /** Bearer token (needed off loopback): the page is opened once with `?token=`. */
  token?: string;
  /** Extra `Host` names (or `name:port`) to accept. */
  allowedHosts?: readonly string[];
  /** Extra browser origins to accept (reads only: writes come from the page's own origin). */
  allowedOrigins?: readonly string[];
}

/** A running console listener. */
export interface RunningConsole {
  /** `http://host:port/console/` (127.0.0.1 for a wildcard bind). */
  readonly url: string;
  readonly port: number;
  readonly routes: ConsoleRoutes;
  /** Ends the SSE streams and closes the listener. */
  close(): Promise<void>;
}

/**
 * `toolwright console`: the web console on a listener of its own, with `serve --http`'s guards
 * (Host/Origin against DNS rebinding, the bearer token off loopback) and the console's CSRF
 * check for writes. Everything but `/console` is 404.
 */
export async function startConsoleServer(routes: Omit<ConsoleRoutesOptions, 'guard'>, listen: ConsoleListenOptions): Promise<RunningConsole> {
  const allowedHosts = allowedHostNames(listen.host, listen.allowedHosts);
  const allowedOrigins = new Set(listen.allowedOrigins ?? []);
  let port = listen.port;
  const handler = new ConsoleRoutes({
    ...routes,
    guard: { token: listen.token, checkHost: (headers) => checkHttpRequest(headers, { allowedHosts, allowedOrigins, port }) },
  });
  const http = createServer((req, res) => {
    handler.handle(req, res).then(
      (handled) => {
        if (handled) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found: the console is at /console/.\n');
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(listen.port, listen.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://${isWildcardHost(listen.host) ? '127.0.0.1' : hostForUrl(listen.host)}:${port}/console/`,
    port,
    routes: handler,
    close: async () => {
      handler.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
