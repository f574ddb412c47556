import type { Action } from './action.js';
import { Observation } from './observation.js';
import type { ObservationClass } from './observation.js';

/** An error Observation with a code. */
export function errorObservation(message: string, code: string): Observation {
  return Observation.fromText(message, { isError: true, errorCode: code });
}

/** What the funnel needs of a failed tool (a `ToolDefinition` is one). */
export interface FailedTool {
  /** The tool's name: the label is `Tool '<name>'` unless {@link FailedTool.errorLabel} says otherwise. */
  readonly name: string;
  /** The tool's Observation class, whose `fromError` carries the error (default `Observation`). */
  readonly observationType?: ObservationClass;
  /** How the model's text names the tool when it failed, e.g. `MCP tool 'search'`. */
  readonly errorLabel?: string;
}

type FromError = (error: unknown, action?: Action, label?: string) => Observation;

/**
 * The error funnel: the one place any error of a call (thrown by an executor, a middleware, a
 * hook or a pipeline phase; a timeout; an abort) becomes the model-facing error Observation. It
 * asks the tool's Observation class ({@link Observation.fromError}, which tools override to add
 * their fields) with the call's `action`; given only a name, or no Action (the call never reached
 * the tool), it uses `Observation.fromError`.
 * Records the error and its stack ({@link errorDetailsOf}). Never throws: a `fromError` that
 * throws or answers something else than an error Observation gives way to the default.
 */
export function observationFromError(error: unknown, tool: string | FailedTool, action?: Action): Observation {
  const failed = typeof tool === 'string' ? { name: tool } : tool;
  const label = failed.errorLabel ?? `Tool '${failed.name}'`;
  const fromError = (failed.observationType as { fromError?: FromError } | undefined)?.fromError;
  let observation: Observation | undefined;
  // Without an Action the call never reached the tool (unknown tool, invalid arguments): a plain Observation.
  if (action !== undefined && typeof fromError === 'function' && fromError !== Observation.fromError) {
    try {
      observation = fromError.call(failed.observationType, error, action, label);
    } catch {
      observation = undefined; // an override that throws: the default wording below
    }
  }
  if (!(observation instanceof Observation) || !observation.isError) observation = Observation.fromError(error, action, label);
  return withErrorDetails(observation, error);
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
