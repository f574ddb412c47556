import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header a write must carry with the page's CSRF token. */
export const CSRF_HEADER = 'x-toolwright-csrf';
/** The cookie that carries the same CSRF token (set with the page; SameSite=Strict). */
export const CSRF_COOKIE = 'toolwright_csrf';
const CSRF_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
/** The cookie a browser signed in with `?token=` carries (a hash of the token, never the token). */
export const SESSION_COOKIE = 'toolwright_console';

/** The outcome of {@link ConsoleGuard.check}. */
export type ConsoleVerdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** What {@link ConsoleGuard} checks against. */
export interface ConsoleGuardOptions {
  /**
   * The listener's Host/Origin check (DNS rebinding; serve's `checkHttpRequest` without the
   * token), or nothing when the listener already checked them before handing the request over.
   */
  checkHost?: (headers: IncomingHttpHeaders) => ConsoleVerdict;
  /** The bearer token, when the listener has one (off loopback). */
  token?: string;
}

function same(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function cookieOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const part of (single(headers.cookie) ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * The console's guard: serve's Host/Origin checks (DNS rebinding), then the bearer token when one
 * is set — as `Authorization: Bearer` or as the cookie a browser got by opening
 * `/console?token=…` once — and, for writes, the page's CSRF token in {@link CSRF_HEADER} and no
 * cross-site request (`Sec-Fetch-Site` other than same-origin, or an Origin that is not this
 * server's, is refused even when allowed for MCP).
 */
export class ConsoleGuard {
  /**
   * The CSRF token of a page: the browser's `toolwright_csrf` cookie when it has a well-formed one,
   * else a new random one (which {@link ConsoleGuard.csrfCookie} sets). A write must send it back
   * in {@link CSRF_HEADER} equal to the cookie (double submit: no state on the server, so a page
   * served by one replica may write through another behind a load balancer); a foreign page can
   * neither read the cookie nor make the browser send it (SameSite=Strict).
   */
  csrfTokenFor(headers: IncomingHttpHeaders): string {
    const cookie = cookieOf(headers, CSRF_COOKIE);
    return cookie !== undefined && CSRF_PATTERN.test(cookie) ? cookie : randomBytes(24).toString('base64url');
  }

  /** The `set-cookie` value that keeps `token` for the page's writes. */
  csrfCookie(token: string): string {
    return `${CSRF_COOKIE}=${token}; Path=/console; SameSite=Strict`;
  }

  constructor(private readonly options: ConsoleGuardOptions) {}

  /** The cookie value that stands for the token. */
  sessionValue(): string | undefined {
    const token = this.options.token;
    return token === undefined ? undefined : createHash('sha256').update(`toolwright-console:${token}`).digest('base64url');
  }

  /** True when `given` is the server's token. */
  tokenMatches(given: string): boolean {
    const token = this.options.token;
    return token !== undefined && same(given, token);
  }

  /** Checks any console request (reads and writes). */
  check(headers: IncomingHttpHeaders): ConsoleVerdict {
    const options = this.options;
    const verdict = options.checkHost?.(headers) ?? { ok: true };
    if (!verdict.ok) return verdict;
    if (options.token === undefined) return { ok: true };
    const auth = /^Bearer\s+(\S+)\s*$/i.exec(single(headers.authorization) ?? '');
    if (auth && same(auth[1]!, options.token)) return { ok: true };
    const cookie = cookieOf(headers, SESSION_COOKIE);
    if (cookie !== undefined && same(cookie, this.sessionValue()!)) return { ok: true };
    return { ok: false, status: 401, message: 'Unauthorized: open the console with ?token=<token> once (the server prints the link), or send "Authorization: Bearer <token>".' };
  }

  /** Checks a write (after {@link ConsoleGuard.check}): the CSRF token and a same-origin request. */
  checkWrite(headers: IncomingHttpHeaders): ConsoleVerdict {
    const site = single(headers['sec-fetch-site']);
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return { ok: false, status: 403, message: `Forbidden: a console write must come from the console page itself (Sec-Fetch-Site: ${site}).` };
    }
    const origin = single(headers.origin);
    const host = single(headers.host);
    if (origin !== undefined && origin !== `http://${host ?? ''}`) {
      return { ok: false, status: 403, message: `Forbidden: a console write from Origin '${origin}' is refused; writes come from the console page on http://${host ?? ''} only.` };
    }
    const csrf = single(headers[CSRF_HEADER]);
    const cookie = cookieOf(headers, CSRF_COOKIE);
    if (csrf === undefined || cookie === undefined || !CSRF_PATTERN.test(csrf) || !same(csrf, cookie)) {
      return { ok: false, status: 403, message: `Forbidden: a console write needs the page's CSRF token in the ${CSRF_HEADER} header (reload the console page).` };
    }
    return { ok: true };
  }
}
