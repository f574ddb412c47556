import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApprovalInbox } from '@toolwright/sdk/policy';
import type { ToolsetSource } from '../serve/http-server.js';
import type { OpenedToolset } from '../toolset/opened-toolset.js';
import { CallMonitor } from './call-monitor.js';
import { ConsoleRoutes } from './console-routes.js';
import { monitoredSource } from './monitored-toolset.js';

/** Options of {@link serveConsole}. */
export interface ServeConsoleOptions {
  /** The toolset the catalogue shows and the page's calls run on. */
  toolset: OpenedToolset;
  /** True when the console owns `toolset` (serve's sessions have their own): closed with the console. */
  ownsToolset: boolean;
  /** What the page calls the served toolset. */
  label: string;
  /** The approvals inbox serve's asks wait in. */
  inbox?: ApprovalInbox;
  /**
   * serve's bearer token (off loopback): the console then checks it itself — as the bearer header
   * or the cookie set by opening `/console/?token=…` once — since serve hands `/console` requests
   * over before its own token check (a browser cannot send the header when it opens a page).
   */
  token?: string;
}

/** The web console on `serve --http`'s listener. */
export interface ServedConsole {
  readonly routes: ConsoleRoutes;
  /** `source` with every session's calls shown in the Live view. */
  watch<S extends ToolsetSource>(source: S): S;
  /** serve's `selfAuthenticatedRoutes`: answers `/console…` (after serve's Host/Origin check; the console checks the token). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Ends the page's streams and closes the console's own toolset. */
  close(): Promise<void>;
}

/**
 * `serve --http --console`: the console's routes for serve's listener, which checks Host and
 * Origin before it hands a `/console` request over; the console checks the bearer token itself
 * (header or sign-in cookie) and adds its CSRF check for writes. Also the monitor every MCP
 * session's calls report to.
 */
export function serveConsole(options: ServeConsoleOptions): ServedConsole {
  const monitor = new CallMonitor();
  const guard = options.token === undefined ? {} : { token: options.token };
  const routes = new ConsoleRoutes({ toolset: options.toolset, label: options.label, monitor, inbox: options.inbox, auditLog: options.toolset.agent?.policy?.audit?.path, guard });
  return {
    routes,
    watch: <S extends ToolsetSource>(source: S): S => monitoredSource(source, monitor) as unknown as S,
    handle: (req, res) => routes.handle(req, res),
    close: async () => {
      routes.close();
      if (options.ownsToolset) await options.toolset.close();
    },
  };
}
