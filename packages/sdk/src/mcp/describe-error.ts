/** Network error codes in words. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  EPIPE: 'broken pipe',
};

/**
 * One readable sentence for an error from a transport or the MCP SDK: the MCP SDK's
 * `MCP error -32000:` prefix dropped, fetch's "fetch failed" replaced by its cause
 * (`connection refused (ECONNREFUSED)`).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && NETWORK_CODES[code]) return `${NETWORK_CODES[code]} (${code})`;
  if (error.message === 'fetch failed' && cause instanceof Error) return describeError(cause);
  return (error.message || error.name).replace(/^(MCP error -?\d+: )+/, '');
}
