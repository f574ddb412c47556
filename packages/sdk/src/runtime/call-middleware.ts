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

/** A pipeline phase: a {@link CallMiddleware} that may finish synchronously (the fast path). */
export type CallPhase = (ctx: CallContext, next: () => Promise<void>) => void | Promise<void>;
