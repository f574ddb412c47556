import type { Action } from './action.js';
import type { Observation } from './observation.js';
import type { ToolChunk } from './tool-chunk.js';
import type { ToolContext } from './tool-context.js';

/** What a tool middleware sees of a call. */
export interface ToolInvocation<A extends Action = Action> {
  /** The tool's name. */
  readonly toolName: string;
  /** The Action about to run (a middleware may pass another one to `next`). */
  readonly action: A;
  /** The call's context (signal, metadata, progress, …). */
  readonly ctx: ToolContext;
}

/** Runs the inner middleware and the executor, with the same or another Action. */
export type NextToolStep<A extends Action = Action> = {
  next(action?: A): AsyncIterable<ToolChunk>;
}['next'];

/**
 * Streaming tool middleware, written as an `async function*` (AgentScope's onion): it gets the invocation and `next`, which runs
 * the inner middleware and finally the executor, and returns the stream of chunks the caller gets.
 * The first registered is the outermost: `[m1, m2]` runs m1-pre, m2-pre, the tool, m2-post, m1-post.
 * Every chunk passes through every middleware (a non-streaming executor gives one chunk: its
 * Observation); the call's result is the accumulation of what the outermost yields. It fires
 * whether the tool is called by an Agent or directly through `tool.call`.
 *
 * ```ts
 * const timing: ToolMiddleware = async function* (call, next) {
 *   const start = Date.now();
 *   yield* next();
 *   call.ctx.metadata.ms = Date.now() - start;
 * };
 * ```
 */
// Method-style (bivariant) so a tool of a narrower Action stays assignable to ToolDefinition<Action>.
export type ToolMiddleware<A extends Action = Action> = {
  middleware(invocation: ToolInvocation<A>, next: NextToolStep<A>): AsyncIterable<ToolChunk>;
}['middleware'];

/** Runs the inner middleware and the executor, with the same or another Action, and gives their Observation (rejects with their error). */
export type NextToolCall<A extends Action = Action> = {
  next(action?: A): Promise<Observation>;
}['next'];

/**
 * Plain tool middleware: it gets the invocation and `next`, which runs the inner middleware and
 * finally the executor, and returns the call's Observation (that one, or another). Any function
 * that is not an `async function*` is taken to be of this form. The first registered is the
 * outermost, as for the streaming form; the two forms mix (a plain middleware sees a streaming
 * executor's chunks already added up, and its result reaches a streaming one outside it as one
 * chunk). A failure of the inner ones rejects `next()` with the error itself; a middleware that
 * throws makes its error the call's.
 *
 * ```ts
 * const timing: PlainToolMiddleware = async (call, next) => {
 *   const start = performance.now();
 *   try {
 *     return await next();
 *   } finally {
 *     call.ctx.metadata.ms = performance.now() - start;
 *   }
 * };
 * ```
 */
export type PlainToolMiddleware<A extends Action = Action> = {
  middleware(invocation: ToolInvocation<A>, next: NextToolCall<A>): Promise<Observation> | Observation;
}['middleware'];

/** Tool middleware of either form (see {@link ToolMiddleware} and {@link PlainToolMiddleware}). */
export type AnyToolMiddleware<A extends Action = Action> = ToolMiddleware<A> | PlainToolMiddleware<A>;

const ASYNC_GENERATOR_FUNCTION = Object.getPrototypeOf(async function* () {}) as object;
const PLAIN_FUNCTIONS: readonly unknown[] = [Function.prototype, Object.getPrototypeOf(async () => undefined)];

/** True for the streaming form: an `async function*` (a bound one too; one of another realm by its tag). */
export function isStreamingMiddleware<A extends Action>(middleware: AnyToolMiddleware<A>): middleware is ToolMiddleware<A> {
  const proto: unknown = Object.getPrototypeOf(middleware);
  if (proto === ASYNC_GENERATOR_FUNCTION) return true;
  return !PLAIN_FUNCTIONS.includes(proto) && Object.prototype.toString.call(middleware) === '[object AsyncGeneratorFunction]';
}
