import type { CallLink } from '../call-middleware.js';

/**
 * Takes the call's resource lock (see `ResourceLocks`) for the rest of the call, so every entry
 * point keeps the per-resource write order: `ToolContext.takeLock`, the one place a call takes its
 * lock (`ToolDefinition.call` takes it there too). Claimed at the place the call reserved when it
 * was created, so calls are granted in the order they were started even when one awaited (an
 * approval, a middleware) before getting here. The invoke step gives it back as soon as the tool
 * settled (post hooks run outside it); `ctx.result()` gives back one still held.
 */
export const lockStep: CallLink = (next) => (ctx) => {
  let taken: void | Promise<void>;
  try {
    taken = ctx.claimLock();
  } catch (error) {
    ctx.fail(error);
    return undefined;
  }
  return taken ? taken.then(() => next(ctx)) : next(ctx);
};
