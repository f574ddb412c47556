import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError } from '../util/describe-error.js';

/** What an error Observation says: its message (without the error header) and its code. */
export interface ErrorText {
  readonly message: string;
  readonly code: string;
}

/** Codes whose message already says everything (it names the tool or the hook itself). */
const SELF_CONTAINED: ReadonlySet<string> = new Set<string>([
  ErrorCode.TIMEOUT,
  ErrorCode.ABORTED,
  ErrorCode.NO_EXECUTOR,
  ErrorCode.HOOK_FAILED,
  ErrorCode.INVALID_OPTIONS,
  ErrorCode.UNKNOWN_TOOL,
  ErrorCode.INVALID_JSON,
  ErrorCode.INVALID_ARGUMENTS,
  ErrorCode.CLOSED,
  ErrorCode.INTERNAL,
  ErrorCode.NOT_SUPPORTED,
  ErrorCode.PERMISSION_DENIED,
  ErrorCode.APPROVAL_REJECTED,
]);

/**
 * The funnel's wording of any error of a call (thrown by an executor, a middleware, a hook or a
 * pipeline phase): a `ToolwrightError` keeps its code, and its message when the code says it
 * names what failed, else `<label> failed: <message>`; anything else is `EXECUTION_FAILED`.
 * `label` names the failed thing, e.g. `Tool 'edit'`.
 */
export function callErrorText(error: unknown, label: string): ErrorText {
  if (ToolwrightError.isInstance(error)) {
    return { message: SELF_CONTAINED.has(error.code) ? error.message : `${label} failed: ${describeError(error)}`, code: error.code };
  }
  return { message: `${label} failed: ${describeError(error)}`, code: ErrorCode.EXECUTION_FAILED };
}

/**
 * An executor's wording of its own failure: a `ToolwrightError` it threw was written for the
 * model (its message and code, whatever the code); anything else is `<whatFailed>: <message>`
 * (or `whatFailed(message)`) with `EXECUTION_FAILED`.
 */
export function executorErrorText(error: unknown, whatFailed: string | ((message: string) => string)): ErrorText {
  if (ToolwrightError.isInstance(error)) return { message: error.message, code: error.code };
  const message = describeError(error);
  return { message: typeof whatFailed === 'string' ? `${whatFailed}: ${message}` : whatFailed(message), code: ErrorCode.EXECUTION_FAILED };
}
