import type { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';

/** The largest delay Node's timers honour (2^31-1 ms, about 24.8 days); larger ones fire after 1 ms. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * The time limit of a native tool's call when neither the tool (`timeoutMs` option) nor the
 * caller sets one: 5 minutes. A tool that may run longer declares its own (`timeoutMs: 0` = none).
 */
export const DEFAULT_TOOL_TIMEOUT_MS = 300_000;

/**
 * Checks a configured time limit: a finite number of ms from 0 to {@link MAX_TIMEOUT_MS}
 * (0 = none), or undefined. Throws `code` (`INVALID_DEFINITION`, `INVALID_OPTIONS`, …) with a
 * message naming `where` and the value otherwise.
 */
export function checkTimeoutMs(value: unknown, where: string, code: ErrorCode): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_TIMEOUT_MS) return value;
  const got = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
  throw new ToolwrightError({
    code,
    message: `${where} must be a finite number of milliseconds from 0 to ${MAX_TIMEOUT_MS} (0 = no limit), got ${got}.`,
    details: { timeoutMs: typeof value === 'number' ? value : String(typeof value) },
  });
}
