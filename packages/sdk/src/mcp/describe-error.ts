/** Network error codes in words. */
const NETWORK_CODES: Record<string, string> = {
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
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

/**
 * One readable sentence for an error from a transport or the MCP SDK: the MCP SDK's
 * `MCP error -32000:` prefix dropped, fetch's "fetch failed" replaced by its cause
 * (`connection refused (ECONNREFUSED)`).
 */
export function describeError(error: unknown): string {
  if (!isErrorLike(error)) return typeof error === 'string' ? error : String(error);
  const cause = error.cause;
  const code = typeof error.code === 'string' ? error.code : isErrorLike(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  if (code && NETWORK_CODES[code]) return `${NETWORK_CODES[code]} (${code})`;
  if (error.message === 'fetch failed' && isErrorLike(cause)) return describeError(cause);
  const text = (error.message || (typeof error.name === 'string' ? error.name : 'unknown error')).replace(/^(MCP error -?\d+: )+/, '');
  // The SDK's HTTP transport errors carry the status as a numeric code.
  const status = typeof error.code === 'number' && error.code >= 400 && error.code < 600 ? error.code : undefined;
  return status ? `HTTP ${status}: ${text.replace(/^Streamable HTTP error: /, '')}` : text;
}
