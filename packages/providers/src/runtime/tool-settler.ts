import { resultFromError } from './invocation-error.js';
import { normaliseResult } from './normalise-result.js';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

/** How a tool's provider outcome becomes its result, with the runtime's metadata (made once per tool, so a call allocates no handlers). */
export interface ToolSettler {
  /** A provider's result, normalised ({@link normaliseResult}). */
  result(result: ToolInvocationResult): ToolInvocationResult;
  /** A provider's thrown error or rejection as a result ({@link resultFromError}). */
  error(error: unknown): ToolInvocationResult;
}

/** Error codes that say the tool cannot work right now (not that the call was wrong). */
const FAILING: ReadonlySet<number> = new Set([InvocationErrorCode.TIMEOUT, InvocationErrorCode.UNAVAILABLE, InvocationErrorCode.AUTH_REQUIRED]);

/** Where a tool's last failure that was not the call's fault is kept (for its status). */
export interface ToolHealth {
  lastFailure?: { errorCode: number; error: string };
}

/**
 * The {@link ToolSettler} of tool `name` in group `toolgroupId`; each result gets its own metadata
 * object. A timeout, an unreachable provider or missing credentials is recorded in `health`;
 * the next result without one clears it.
 */
export function toolSettler(name: string, toolgroupId: string, health: ToolHealth): ToolSettler {
  const record = (result: ToolInvocationResult): ToolInvocationResult => {
    const code = result.errorCode;
    if (code !== undefined && FAILING.has(code)) health.lastFailure = { errorCode: code, error: result.errorMessage ?? '' };
    else if (health.lastFailure) health.lastFailure = undefined;
    return result;
  };
  return {
    result: (result) => record(normaliseResult(result, name, { toolgroupId })),
    error: (error) => record(resultFromError(error, name, { toolgroupId })),
  };
}
