import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError } from '../util/describe-error.js';
import { Observation } from './observation.js';

/** An error Observation with a code. */
export function errorObservation(message: string, code: string): Observation {
  return Observation.fromText(message, { isError: true, errorCode: code });
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
 * The error funnel: the one place any error of a call (thrown by an executor, a middleware, a
 * hook or a pipeline phase; a timeout; an abort) becomes the model-facing error Observation.
 * A `ToolwrightError` keeps its code; its message is used as it is when it already names what
 * failed, else prefixed with `Tool '<name>' failed: `. Anything else is `EXECUTION_FAILED`.
 * Never throws.
 */
export function observationFromError(error: unknown, toolName: string): Observation {
  if (ToolwrightError.isInstance(error)) {
    const message = SELF_CONTAINED.has(error.code) ? error.message : `Tool '${toolName}' failed: ${describeError(error)}`;
    return errorObservation(message, error.code);
  }
  return errorObservation(`Tool '${toolName}' failed: ${describeError(error)}`, ErrorCode.EXECUTION_FAILED);
}
