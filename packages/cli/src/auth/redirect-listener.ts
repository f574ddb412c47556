import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { CliError } from '../cli-error.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The page the browser shows once the redirect arrived. */
const DONE_PAGE = '<!doctype html><meta charset="utf-8"><title>toolwright</title><p>The sign-in reached toolwright. You can close this window and return to the terminal.</p>\n';

/**
 * Waits on the loopback address of an OAuth redirect URI for the authorization server to send
 * the browser back (RFC 8252 §7.3): the first GET on the redirect path resolves with the full URL
 * (its `code` and `state` are checked by the caller); any other request gets 404.
 */
export class RedirectListener {
  private server?: Server;
  private arrived?: (url: string) => void;
  private readonly redirect: Promise<string>;

  private constructor(private readonly redirectUrl: URL) {
    this.redirect = new Promise((resolve) => (this.arrived = resolve));
  }

  /** Listens on `redirectUrl`'s host and port; refuses a non-loopback or non-http address, and a port in use. */
  static async open(redirectUrl: string, server: string): Promise<RedirectListener> {
    const url = new URL(redirectUrl);
    const port = Number(url.port || 80);
    if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new CliError({
        message: `Cannot receive the sign-in of '${server}' at ${url.origin}${url.pathname}: the CLI listens only on a loopback http address.`,
        hint: `Set mcpServers.${server}.auth.redirectUrl to e.g. http://127.0.0.1:8976/callback (registered with the authorization server for a pre-registered client).`,
      });
    }
    const listener = new RedirectListener(url);
    await listener.listen(url.hostname.replace(/^\[|\]$/g, ''), port, server);
    return listener;
  }

  private listen(host: string, port: number, name: string): Promise<void> {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method !== 'GET' || path !== this.redirectUrl.pathname || !this.arrived) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      const arrived = this.arrived;
      this.arrived = undefined;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(DONE_PAGE);
      arrived(`${this.redirectUrl.origin}${req.url ?? '/'}`);
    });
    server.requestTimeout = 10_000;
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          new CliError({
            message: `Cannot listen for the sign-in of '${name}' on ${this.redirectUrl.host}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : error.message}.`,
            hint: `Free the port, or set mcpServers.${name}.auth.redirectUrl to another loopback port (and register it with the authorization server if the client is pre-registered).`,
          }),
        );
      });
      server.listen(port, host, () => resolve());
    });
  }

  /** Where the listener waits (the redirect URI without its query). */
  get address(): string {
    return `${this.redirectUrl.origin}${this.redirectUrl.pathname}`;
  }

  /** The URL the browser was sent back to; rejects when `signal` aborts first. */
  waitForRedirect(signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void this.redirect.then((url) => {
        signal.removeEventListener('abort', onAbort);
        resolve(url);
      });
    });
  }

  /** Stops listening (open connections are closed). */
  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    this.server = undefined;
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
