import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { classModelOf } from '../schema/class-model.js';
import { codecOf } from '../schema/codec.js';
import { formatIssues, typeName } from '../schema/validation-issue.js';
import { isPromiseLike } from '../util/guards.js';
import type { Action } from './action.js';
import { textOf } from './content.js';
import { callDeadlines } from './deadlines.js';
import type { Deadline } from './deadlines.js';
import { errorObservation } from './error-observation.js';
import { Observation } from './observation.js';
import type { ObservationClass } from './observation.js';
import { accumulateChunks, chunkContent, isAsyncIterable } from './tool-chunk.js';
import type { ToolChunk } from './tool-chunk.js';
import type { ToolContext } from './tool-context.js';
import type { ToolExecutor } from './tool-executor.js';
import { isStreamingMiddleware } from './tool-middleware.js';
import type { AnyToolMiddleware, ToolMiddleware } from './tool-middleware.js';

export { errorObservation } from './error-observation.js';

/** The part of a tool that reads results. */
interface ResultTarget<O extends Observation> {
  readonly name: string;
  readonly observationType: ObservationClass<O>;
}

/** The part of a tool `runCall` needs. */
export interface CallTarget<A extends Action, O extends Observation> {
  readonly name: string;
  readonly observationType: ObservationClass<O>;
  readonly middleware: readonly (AnyToolMiddleware<A> | AnyToolMiddleware)[];
}

/**
 * Runs `executor.execute(action, ctx)` through the tool's middleware, under `ctx.timeoutMs` and
 * the caller's abort signal, and turns a result (an Observation, a string, a plain object of the
 * declared fields, or an async iterable of chunks) into an Observation of (or coerced to) the
 * declared type. Rejects with the error for a throw, a timeout (`TIMEOUT`) or an abort
 * (`ABORTED`): the caller's error funnel words it. An executor that answered synchronously (no
 * promise, no stream), with no middleware or only plain ones that passed its answer through, gets
 * its Observation back synchronously: no timer, no race, no promise.
 */
export function runCall<A extends Action, O extends Observation>(
  tool: CallTarget<A, O>,
  executor: ToolExecutor<A, O>,
  action: A,
  ctx: ToolContext,
): O | Observation | Promise<O | Observation> {
  if (ctx.callOptions.signal?.aborted) {
    return Promise.reject(new ToolwrightError({ code: ErrorCode.ABORTED, message: `Tool '${tool.name}' was cancelled before it started.`, details: { tool: tool.name } }));
  }
  let pending: Promise<O | Observation>;
  try {
    if (tool.middleware.length > 0) {
      const result = new MiddlewareChain(tool, executor, ctx).observation(0, action);
      if (!isPromiseLike(result)) {
        // Every middleware passed a synchronous answer through: no timer, no race.
        ctx.dispose();
        return coerceResult(tool, result);
      }
      // Added up and coerced already when the outermost streams.
      pending = isStreamingMiddleware(tool.middleware[0]!) ? (result as Promise<O | Observation>) : Promise.resolve(result).then((value) => coerceResult(tool, value));
    } else {
      const result = executor.execute(action, ctx);
      if (result instanceof Observation || (!isPromiseLike(result) && !isAsyncIterable(result))) {
        // A synchronous result is already there: no timer, no race (the fast path).
        ctx.dispose();
        return coerceResult(tool, result);
      }
      pending = isPromiseLike(result) ? Promise.resolve(result).then((value) => settle(tool, ctx, value)) : consume(tool, ctx, result);
    }
  } catch (error) {
    ctx.dispose();
    return Promise.reject(error);
  }
  if (ctx.timeoutMs === undefined && !ctx.callOptions.signal) {
    return pending.then(
      (result) => (ctx.dispose(), result),
      (error: unknown) => {
        ctx.dispose();
        throw error;
      },
    );
  }
  return guard(tool.name, executor, ctx, pending);
}

/** An awaited result: a stream is read to its end, anything else coerced. */
function settle<O extends Observation>(tool: ResultTarget<O>, ctx: ToolContext, value: unknown): O | Observation | Promise<O | Observation> {
  return isAsyncIterable(value) ? consume(tool, ctx, value) : coerceResult(tool, value);
}

/** Observations that already went out as progress (a plain middleware's result passed to a streaming one outside it). */
const reported = new WeakSet<object>();

/**
 * The tool's middleware around the executor, each form adapted at its boundary: a plain
 * middleware's `next` gives the Observation of the rest, a streaming one's the stream of the
 * rest (one chunk when the rest is plain); a stream is added up where a plain middleware or the
 * caller takes it. A plain middleware that returns the very promise `next()` gave (a
 * pass-through) over a rest that answered synchronously answers synchronously too.
 */
class MiddlewareChain<A extends Action, O extends Observation> {
  private readonly layers: readonly AnyToolMiddleware<A>[];
  /** The last promise a plain middleware's `next()` made of a synchronous Observation, and that Observation. */
  private passed?: Promise<Observation> = undefined;
  private passedObservation?: Observation = undefined;

  constructor(
    private readonly tool: CallTarget<A, O>,
    private readonly executor: ToolExecutor<A, O>,
    private readonly ctx: ToolContext,
  ) {
    this.layers = tool.middleware as readonly AnyToolMiddleware<A>[];
  }

  /** What the layers from `i` inward give for `action`, as an Observation (synchronously when all of them answered so). */
  observation(i: number, action: A): Observation | Promise<Observation> {
    const { tool, ctx } = this;
    if (i === this.layers.length) return invokeExecutor(tool, this.executor, action, ctx);
    const layer = this.layers[i]!;
    if (isStreamingMiddleware(layer)) return consume(tool, ctx, this.run(layer, i, action), true);
    const result = layer({ toolName: tool.name, action, ctx }, (next?: A) => this.next(i + 1, next ?? action));
    return result === this.passed ? this.passedObservation! : result;
  }

  /** A plain middleware's `next`: the rest's Observation as a promise (remembered when it was there at once). */
  private next(i: number, action: A): Promise<Observation> {
    let result: Observation | Promise<Observation>;
    try {
      result = this.observation(i, action);
    } catch (error) {
      return Promise.reject(error);
    }
    if (isPromiseLike(result)) return Promise.resolve(result);
    const promise = Promise.resolve(result);
    this.passed = promise;
    this.passedObservation = result;
    return promise;
  }

  /** The same, as a stream of chunks. */
  stream(i: number, action: A): AsyncIterable<ToolChunk> {
    const { tool, ctx } = this;
    if (i === this.layers.length) return executorStream(tool, this.executor, action, ctx);
    const layer = this.layers[i]!;
    return isStreamingMiddleware(layer) ? this.run(layer, i, action) : oneChunk(() => this.observation(i, action));
  }

  /** Streaming middleware `i` over the stream of the rest. */
  private run(layer: ToolMiddleware<A>, i: number, action: A): AsyncIterable<ToolChunk> {
    return layer({ toolName: this.tool.name, action, ctx: this.ctx }, (next?: A) => this.stream(i + 1, next ?? action));
  }
}

/** The executor's result as an Observation: streamed chunks added up (each reported as progress), anything else coerced. */
function invokeExecutor<A extends Action, O extends Observation>(tool: CallTarget<A, O>, executor: ToolExecutor<A, O>, action: A, ctx: ToolContext): Observation | Promise<Observation> {
  const result = executor.execute(action, ctx);
  if (result instanceof Observation || (!isPromiseLike(result) && !isAsyncIterable(result))) return coerceResult(tool, result);
  return isPromiseLike(result) ? Promise.resolve(result).then((value) => settle(tool, ctx, value)) : consume(tool, ctx, result);
}

/** A stream of one chunk: the Observation `produce` gives (already reported as progress where it was added up). */
function oneChunk(produce: () => Observation | Promise<Observation>): AsyncIterable<ToolChunk> {
  return {
    async *[Symbol.asyncIterator]() {
      const observation = await produce();
      reported.add(observation);
      yield observation;
    },
  };
}

/**
 * The executor's result as a stream: its own chunks when it streams, else one chunk (the coerced
 * Observation). Hand-written rather than an async generator, and without `await` when the executor
 * answers synchronously: a single result costs one promise.
 */
function executorStream<A extends Action, O extends Observation>(tool: CallTarget<A, O>, executor: ToolExecutor<A, O>, action: A, ctx: ToolContext): AsyncIterable<ToolChunk> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<ToolChunk> {
      let inner: AsyncIterator<ToolChunk> | undefined;
      let done = false;
      const first = (result: unknown): IteratorResult<ToolChunk> | Promise<IteratorResult<ToolChunk>> => {
        if (isAsyncIterable(result)) {
          inner = (result as AsyncIterable<ToolChunk>)[Symbol.asyncIterator]();
          return inner.next();
        }
        done = true;
        return { done: false, value: coerceResult(tool, result) };
      };
      return {
        next: (): Promise<IteratorResult<ToolChunk>> => {
          if (inner) return inner.next();
          if (done) return Promise.resolve({ done: true, value: undefined });
          try {
            const result: unknown = executor.execute(action, ctx);
            return isPromiseLike(result) ? Promise.resolve(result).then(first) : Promise.resolve(first(result));
          } catch (error) {
            return Promise.reject(error);
          }
        },
        return: async (): Promise<IteratorResult<ToolChunk>> => {
          done = true;
          await inner?.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

function checkChunk(toolName: string, chunk: unknown): ToolChunk {
  if (typeof chunk === 'string' || chunk instanceof Observation) return chunk;
  if (typeof chunk === 'object' && chunk !== null && Array.isArray((chunk as { content?: unknown }).content)) return chunk as ToolChunk;
  throw new ToolwrightError({
    code: ErrorCode.EXECUTION_FAILED,
    message: `it streamed ${typeName(chunk)}; a chunk must be a string, { content: Content[] } or an Observation.`,
    details: { tool: toolName },
  });
}

/**
 * Reads a stream to its end (or until the call is stopped), reporting each chunk as progress;
 * `coerce`: the accumulation is coerced to the declared type (the middleware path).
 */
async function consume<O extends Observation>(tool: ResultTarget<O>, ctx: ToolContext, stream: AsyncIterable<unknown>, coerce = false): Promise<O | Observation> {
  const chunks: ToolChunk[] = [];
  const progress = ctx.reportsProgress;
  for await (const raw of stream) {
    const chunk = checkChunk(tool.name, raw);
    chunks.push(chunk);
    if (progress && !(chunk instanceof Observation && reported.has(chunk))) {
      const content = chunkContent(chunk);
      ctx.reportChunk(content, textOf(content));
    }
    if (ctx.aborted) break;
  }
  const result = accumulateChunks(tool.observationType, chunks);
  return coerce ? coerceResult(tool, result) : result;
}

/** Races the call against its time limit and the caller's signal; interrupts the executor when either wins. */
function guard<T>(toolName: string, executor: Pick<ToolExecutor, 'interrupt'>, ctx: ToolContext, pending: Promise<T>): Promise<T> {
  const timeoutMs = ctx.timeoutMs;
  const outer = ctx.callOptions.signal;
  return new Promise<T>((resolve, reject) => {
    let deadline: Deadline | undefined;
    const stop = (error: ToolwrightError): void => {
      cleanup();
      ctx.abortController().abort(error);
      void Promise.resolve()
        .then(() => executor.interrupt?.())
        .catch(() => undefined);
      reject(error);
    };
    const onAbort = (): void => stop(new ToolwrightError({ code: ErrorCode.ABORTED, message: `Tool '${toolName}' was cancelled.`, details: { tool: toolName } }));
    const cleanup = (): void => {
      if (deadline) callDeadlines.cancel(deadline);
      outer?.removeEventListener('abort', onAbort);
      ctx.dispose();
    };
    if (timeoutMs !== undefined) {
      deadline = callDeadlines.add(timeoutMs, () => {
        stop(
          new ToolwrightError({
            code: ErrorCode.TIMEOUT,
            message: `Tool '${toolName}' timed out after ${timeoutMs / 1000} s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.`,
            details: { tool: toolName, timeoutMs },
          }),
        );
      });
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
export function coerceResult<O extends Observation>(tool: { readonly name: string; readonly observationType: ObservationClass<O> }, result: unknown): O | Observation {
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
    return errorObservation(`Tool '${tool.name}' returned an object that is not a valid ${Declared.name}:\n${formatIssues(parsed.issues)}`, ErrorCode.EXECUTION_FAILED);
  }
  const got = result instanceof Observation ? result.constructor.name : typeName(result);
  return errorObservation(`Tool '${tool.name}' returned ${got}, expected ${Declared.name}.`, ErrorCode.EXECUTION_FAILED);
}
