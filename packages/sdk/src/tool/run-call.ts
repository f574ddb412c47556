import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ConversationState } from '../state/conversation-state.js';
import { classModelOf } from '../schema/class-model.js';
import { codecOf } from '../schema/codec.js';
import { formatIssues, typeName } from '../schema/validation-issue.js';
import type { Action } from './action.js';
import { Observation } from './observation.js';
import type { ObservationClass } from './observation.js';
import type { CallOptions, ToolContext } from './tool-context.js';
import type { ToolExecutor } from './tool-executor.js';
import { describeError, isPromiseLike } from '../util/guards.js';

/** The part of a tool `runCall` needs. */
interface CallTarget<O extends Observation> {
  readonly name: string;
  readonly observationType: ObservationClass<O>;
  readonly timeoutMs?: number;
}

/** An error Observation with a code. */
export function errorObservation(message: string, code: string): Observation {
  return Observation.fromText(message, { isError: true, errorCode: code });
}

class CallContext implements ToolContext {
  private controller?: AbortController;
  private forward?: () => void;

  constructor(
    private readonly options: CallOptions,
    readonly timeoutMs: number | undefined,
  ) {}

  get state(): ConversationState | undefined {
    return this.options.state;
  }

  get toolCallId(): string | undefined {
    return this.options.toolCallId;
  }

  get signal(): AbortSignal {
    return this.abortController().signal;
  }

  get cancellable(): boolean {
    return this.timeoutMs !== undefined || this.options.signal !== undefined;
  }

  get reportsProgress(): boolean {
    return this.options.onProgress !== undefined;
  }

  /** Created on first need: most calls never look at their signal. */
  abortController(): AbortController {
    if (!this.controller) {
      const controller = new AbortController();
      const outer = this.options.signal;
      if (outer) {
        if (outer.aborted) controller.abort(outer.reason);
        else {
          this.forward = () => controller.abort(outer.reason);
          outer.addEventListener('abort', this.forward, { once: true });
        }
      }
      this.controller = controller;
    }
    return this.controller;
  }

  /** Stops forwarding the caller's signal once the call settled (a long-lived signal would collect listeners). */
  dispose(): void {
    if (this.forward) this.options.signal?.removeEventListener('abort', this.forward);
    this.forward = undefined;
  }

  reportProgress(progress: number, total?: number, message?: string): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    try {
      onProgress({ progress, total, message });
    } catch {
      // A failing progress listener must not fail the call.
    }
  }
}


/** The error Observation for an executor failure (a thrown error, a timeout, an abort). */
function failure(tool: CallTarget<Observation>, error: unknown): Observation {
  if (ToolwrightError.hasCode(error, ErrorCode.TIMEOUT) || ToolwrightError.hasCode(error, ErrorCode.ABORTED)) {
    return errorObservation(error.message, error.code);
  }
  const code = ToolwrightError.isInstance(error) ? error.code : ErrorCode.EXECUTION_FAILED;
  return errorObservation(`Tool '${tool.name}' failed: ${describeError(error)}`, code);
}

/** {@link coerceResult}, but a result that cannot even be inspected becomes an error Observation. */
function settle<O extends Observation>(tool: CallTarget<O>, result: unknown): O | Observation {
  try {
    return coerceResult(tool, result);
  } catch (error) {
    return failure(tool, error);
  }
}

/**
 * Runs `executor.execute(action, ctx)` under the call's timeout and abort signal and turns every
 * outcome into an Observation of (or coerced to) the declared type. Never rejects. (Written with
 * `then` rather than `async`/`await`: one promise hop per call instead of three.)
 */
export function runCall<A extends Action, O extends Observation>(
  tool: CallTarget<O>,
  executor: ToolExecutor<A, O>,
  action: A,
  options: CallOptions,
): Promise<O | Observation> {
  try {
    const timeoutMs = options.timeoutMs ?? tool.timeoutMs;
    const ctx = new CallContext(options, timeoutMs && timeoutMs > 0 ? timeoutMs : undefined);
    if (options.signal?.aborted) {
      return Promise.resolve(errorObservation(`Tool '${tool.name}' was cancelled before it started.`, ErrorCode.ABORTED));
    }
    let pending: unknown;
    try {
      pending = executor.execute(action, ctx);
    } catch (error) {
      ctx.dispose();
      throw error;
    }
    if (!isPromiseLike(pending)) {
      ctx.dispose();
      return Promise.resolve(settle(tool, pending));
    }
    return guard(tool, executor, ctx, options, Promise.resolve(pending)).then(
      (result) => {
        ctx.dispose();
        return settle(tool, result);
      },
      (error: unknown) => {
        ctx.dispose();
        return failure(tool, error);
      },
    );
  } catch (error) {
    return Promise.resolve(failure(tool, error));
  }
}

/** Races the executor against the timeout and the caller's signal. */
function guard<T>(
  tool: CallTarget<Observation>,
  executor: Pick<ToolExecutor, 'interrupt'>,
  ctx: CallContext,
  options: CallOptions,
  pending: Promise<T>,
): Promise<T> {
  const timeoutMs = ctx.timeoutMs;
  const outer = options.signal;
  if (timeoutMs === undefined && !outer) return pending;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const stop = (error: ToolwrightError): void => {
      cleanup();
      ctx.abortController().abort(error);
      void Promise.resolve()
        .then(() => executor.interrupt?.())
        .catch(() => undefined);
      reject(error);
    };
    const onAbort = (): void =>
      stop(new ToolwrightError({ code: ErrorCode.ABORTED, message: `Tool '${tool.name}' was cancelled.`, details: { tool: tool.name } }));
    const cleanup = (): void => {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    };
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const seconds = timeoutMs / 1000;
        stop(
          new ToolwrightError({
            code: ErrorCode.TIMEOUT,
            message: `Tool '${tool.name}' timed out after ${seconds} s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.`,
            details: { tool: tool.name, timeoutMs },
          }),
        );
      }, timeoutMs);
    }
    outer?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}

/** The executor's result as an Observation of the declared type, or an error Observation saying why not. */
export function coerceResult<O extends Observation>(tool: CallTarget<O>, result: unknown): O | Observation {
  const Declared = tool.observationType;
  if (result instanceof Declared) return result;
  if (result instanceof Observation) {
    // An error result may be any Observation; a success must be of the declared type.
    if (result.isError || Declared === (Observation as unknown)) return result;
  } else if (typeof result === 'string') {
    return Observation.fromText.call(Declared, result);
  } else if (typeof result === 'object' && result !== null && !Array.isArray(result) && classModelOf(Declared).fields.length > 0) {
    const parsed = codecOf(Declared).parse(result);
    if (parsed.ok) return parsed.value;
    return errorObservation(
      `Tool '${tool.name}' returned an object that is not a valid ${Declared.name}:\n${formatIssues(parsed.issues)}`,
      ErrorCode.EXECUTION_FAILED,
    );
  }
  const got = result instanceof Observation ? result.constructor.name : typeName(result);
  return errorObservation(`Tool '${tool.name}' returned ${got}, expected ${Declared.name}.`, ErrorCode.EXECUTION_FAILED);
}
