import type { CallContext } from './call-context.js';

/**
 * Agent-level middleware around a whole tool call: `(ctx, next) => Promise<void>`. Code before
 * `await next()` sees the call as it arrived; after it, the tool, the Action, the permission
 * decision and the outcome (`ctx.observation` or `ctx.error`), which it may change
 * (`ctx.succeed(…)`, `ctx.fail(…)`). `next()` never rejects: an error inside becomes the outcome,
 * so the code after it always runs. A middleware that throws makes its error the outcome. Not
 * calling `next()` skips the rest of the call (set an outcome then, e.g. from a cache).
 */
export type CallMiddleware = (ctx: CallContext, next: () => Promise<void>) => Promise<void>;

/** A pipeline phase given in a slot (`permission`, `approval`): a {@link CallMiddleware} that may finish synchronously. */
export type CallPhase = (ctx: CallContext, next: () => Promise<void>) => void | Promise<void>;

/**
 * The rest of the call after a step: compiled once per pipeline, so it takes the call. Undefined
 * when the rest finished synchronously. Never throws or rejects. On no public entry (the
 * `internal` entry's `telemetryStep` is typed with it, so it stays in the declarations).
 */
export type CallNext = (ctx: CallContext) => void | Promise<void>;

/**
 * The pipeline's one step type. Every built-in phase is one; middleware and slot phases are
 * adapted to it once (`stepFromMiddleware`). A step goes on with `next(ctx)` and returns
 * undefined when the call (from here on) finished synchronously. On no public entry.
 */
export type CallStep = (ctx: CallContext, next: CallNext) => void | Promise<void>;

/**
 * A built-in trusted step (resolve, lock, invoke) that links itself to the rest of the chain,
 * given `next` once when the pipeline is compiled. It catches its own throws as the pipeline's
 * generic link does for other steps. Why not the generic link: that is one closure for every
 * step, so V8 sees all steps at its call site and inlines none; a step's own link has call sites
 * of its own, and the steps after it are inlined into it. On no public entry.
 */
export type CallLink = (next: CallNext) => CallNext;
