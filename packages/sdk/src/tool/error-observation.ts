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
    return withErrorDetails(errorObservation(message, error.code), error);
  }
  return withErrorDetails(errorObservation(`Tool '${toolName}' failed: ${describeError(error)}`, ErrorCode.EXECUTION_FAILED), error);
}

/**
 * For the developer, never the model: the error behind an error Observation and its stack (with
 * the stacks of its `cause` chain), where the exception was thrown. Not serialized, not in the
 * model's content; under `node --enable-source-maps` the frames name TypeScript files and lines.
 */
export interface ErrorDetails {
  /** What was thrown. */
  readonly error: unknown;
  /** `error.stack`, then each `cause`'s stack after a `Caused by: ` line; undefined when nothing thrown had one. */
  readonly stack: string | undefined;
}

const DETAILS = new WeakMap<Observation, ErrorDetails>();

/** The {@link ErrorDetails} of an error Observation made by {@link observationFromError}, else undefined. */
export function errorDetailsOf(observation: Observation): ErrorDetails | undefined {
  return DETAILS.get(observation);
}

/** The stacks of `error` and its causes (at most 5 deep), or undefined when none has one. */
function stackOf(error: unknown): string | undefined {
  const stacks: string[] = [];
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const stack = (current as { stack?: unknown }).stack;
    if (typeof stack === 'string') stacks.push(stack);
    current = (current as { cause?: unknown }).cause;
  }
  return stacks.length > 0 ? stacks.join('\nCaused by: ') : undefined;
}

/** Records `error` as the details of `observation` (a non-enumerable `details` too, for a debugger's eye) and returns it. */
function withErrorDetails(observation: Observation, error: unknown): Observation {
  let stack: string | undefined;
  try {
    stack = stackOf(error);
  } catch {
    stack = undefined; // a throwing getter on something thrown: the funnel never throws
  }
  const details: ErrorDetails = { error, stack };
  DETAILS.set(observation, details);
  Object.defineProperty(observation, 'details', { value: details, enumerable: false, configurable: true, writable: true });
  return observation;
}
