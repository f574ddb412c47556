import { LockEntry } from '../../tool/resource-locks.js';
import type { CallContext } from '../call-context.js';
import type { CallPipeline } from '../call-pipeline.js';

/**
 * Takes the call's resource lock (see `ResourceLocks`) for the rest of the call, so every entry
 * point keeps the per-resource write order. Claimed at the place the call reserved when it was
 * created, so calls are granted in the order they were started even when one awaited (an approval,
 * a middleware) before getting here. The invoke phase gives it back as soon as the tool settled (post
 * hooks run outside it); `ctx.result()` gives back one still held.
 */
export function lockPhase(ctx: CallContext, next: () => Promise<void>): Promise<void> {
  const run = (entry: LockEntry): Promise<void> => {
    ctx.holdLock(entry);
    return next();
  };
  const granted = ctx.takeLock();
  return granted instanceof LockEntry ? run(granted) : granted.then(run);
}

/** @internal {@link lockPhase} as the pipeline runs it: no closure while the lock is free. */
export function lockStep(ctx: CallContext, pipeline: CallPipeline, next: number): void | Promise<void> {
  const granted = ctx.takeLock();
  if (granted instanceof LockEntry) {
    ctx.holdLock(granted);
    return pipeline.continue(ctx, next);
  }
  return granted.then((entry) => {
    ctx.holdLock(entry);
    return pipeline.continue(ctx, next);
  });
}
