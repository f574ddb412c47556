import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** The largest delay Node's timers honour (2^31-1 ms, about 24.8 days); a larger one fires after 1 ms. */
export const MAX_MCP_TIMEOUT_MS = 2_147_483_647;

/**
 * A configured MCP time limit: a finite number of ms from 1 to {@link MAX_MCP_TIMEOUT_MS}, or
 * undefined (the default applies). `Infinity` or `1e12` would be clamped by Node to 1 ms, so that
 * every call timed out at once: they throw `code` (with `where` naming the setting) instead.
 */
export function checkMcpTimeout(value: unknown, where: string, code: ErrorCode = ErrorCode.MCP_CONFIG): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= MAX_MCP_TIMEOUT_MS) return value;
  const got = typeof value === 'number' ? String(value) : typeof value;
  throw new ToolwrightError({
    code,
    message: `${where} must be a finite number of milliseconds from 1 to ${MAX_MCP_TIMEOUT_MS} (Node's timer limit), got ${got}; leave it out for the default.`,
    details: { where },
  });
}
