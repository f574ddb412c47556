import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { hasPort, hostForUrl } from './host-names.js';

/** What {@link checkHttpRequest} checks against. */
export interface HttpGuardOptions {
  /**
   * Host names accepted in the `Host` header (in `hostForUrl` form) on the listening port, and
   * `name:port` pairs accepted on exactly their port (e.g. a load balancer's address).
   */
  allowedHosts: ReadonlySet<string>;
  /** The port the server listens on (the `Host` header's port must be this one). */
  port: number;
  /** Extra browser origins accepted besides `http://<allowed host>:<port>`. */
  allowedOrigins?: ReadonlySet<string>;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
}

/** The outcome of {@link checkHttpRequest}. */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

function parseHostHeader(value: string): { host: string; port?: number } | undefined {
  try {
    const url = new URL(`http://${value}`);
    if (url.username || url.password || url.pathname !== '/' || url.search) return undefined;
    return { host: hostForUrl(url.hostname), port: url.port === '' ? undefined : Number(url.port) };
  } catch {
    return undefined;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The DNS-rebinding and authentication checks of `toolwright serve --http`, in order:
 * the `Host` header must name an allowed host and the listening port (403); an `Origin` header,
 * when a browser sends one, must be an allowed host on that port or an allowed origin (403);
 * with a token, `Authorization: Bearer <token>` must match it (401).
 */
export function checkHttpRequest(headers: IncomingHttpHeaders, options: HttpGuardOptions): GuardVerdict {
  const hostHeader = single(headers.host);
  const host = hostHeader === undefined ? undefined : parseHostHeader(hostHeader);
  if (!host || !hostAllowed(host.host, host.port ?? 80, options)) {
    const expected = [...options.allowedHosts].map((h) => (hasPort(h) ? h : `${h}:${options.port}`));
    return { ok: false, status: 403, message: `Forbidden: Host '${hostHeader ?? ''}' is not this server (DNS rebinding protection); expected one of ${expected.join(', ')}.` };
  }
  const origin = single(headers.origin);
  if (origin !== undefined && !originAllowed(origin, options)) {
    return { ok: false, status: 403, message: `Forbidden: Origin '${origin}' is not allowed; a browser page may call this server only from its own origin (or one passed with --allowed-origin).` };
  }
  if (options.token !== undefined) {
    const auth = single(headers.authorization) ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!match || !sameSecret(match[1]!, options.token)) {
      return { ok: false, status: 401, message: 'Unauthorized: send the server token as "Authorization: Bearer <token>" (TOOLWRIGHT_TOKEN, or the one printed at start).' };
    }
  }
  return { ok: true };
}

function hostAllowed(host: string, port: number, options: HttpGuardOptions): boolean {
  return (port === options.port && options.allowedHosts.has(host)) || options.allowedHosts.has(`${host}:${port}`);
}

function originAllowed(origin: string, options: HttpGuardOptions): boolean {
  if (options.allowedOrigins?.has(origin)) return true;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' || url.origin !== origin) return false;
    return hostAllowed(hostForUrl(url.hostname), Number(url.port || 80), options);
  } catch {
    return false;
  }
}
