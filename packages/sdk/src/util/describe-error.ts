/** Network error codes in words. */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EPIPE: 'broken pipe',
};

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

/** True for anything shaped like an Error (also from another realm, e.g. Node's own fetch errors under a test VM). */
export function isErrorLike(value: unknown): value is ErrorLike & { message: string } {
  try {
    return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
  } catch {
    return false;
  }
}

function describeErrorLike(error: ErrorLike & { message: string }, depth: number): string {
  const cause = error.cause;
  const code = typeof error.code === 'string' ? error.code : isErrorLike(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  if (code && Object.hasOwn(NETWORK_CODES, code)) return `${NETWORK_CODES[code]} (${code})`;
  if (error.message === 'fetch failed' && isErrorLike(cause) && depth < 5) return describeErrorLike(cause, depth + 1);
  const text = (error.message || (typeof error.name === 'string' ? error.name : 'unknown error')).replace(/^(MCP error -?\d+: )+/, '');
  // The MCP SDK's HTTP transport errors carry the status as a numeric code.
  const status = typeof error.code === 'number' && error.code >= 400 && error.code < 600 ? error.code : undefined;
  return status ? `HTTP ${status}: ${text.replace(/^Streamable HTTP error: /, '')}` : text;
}

/**
 * One readable sentence for any thrown value, never throwing itself (throwing getters, cycles,
 * BigInt, revoked proxies): an Error's message (the MCP SDK's `MCP error -32000:` prefix dropped,
 * fetch's "fetch failed" replaced by its cause, network codes in words such as
 * `connection refused (ECONNREFUSED)`, HTTP statuses as `HTTP 404: …`); a string as it is;
 * anything else as JSON or `String()`.
 */
export function describeError(error: unknown): string {
  try {
    if (isErrorLike(error)) return describeErrorLike(error, 0);
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null) {
      try {
        const json = JSON.stringify(error);
        if (json !== undefined) return json.length > 500 ? `${json.slice(0, 500)}…` : json;
      } catch {
        // Not JSON (a cycle, a BigInt, a throwing getter): fall through to String().
      }
    }
    return String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
