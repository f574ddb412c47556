import type { ReleaseLock } from '../../tool/resource-locks.js';
import type { CallContext } from '../call-context.js';

/**
 * Takes the call's resource lock (see `ResourceLocks`) for the rest of the call, so every entry
 * point keeps the per-resource write order. Claimed at the place the call reserved when it was
 * created, so calls are granted in the order they were started even when one awaited (an approval,
 * a middleware) before getting here. The invoke phase gives it back as soon as the tool settled (post
 * hooks run outside it); `ctx.result()` gives back one still held.
 */
export function lockPhase(ctx: CallContext, next: () => Promise<void>): Promise<void> {
  const run = (release: ReleaseLock): Promise<void> => {
    ctx.holdLock(release);
    return next();
  };
  const granted = ctx.takeLock();
  return typeof granted === 'function' ? run(granted) : granted.then(run);
}
