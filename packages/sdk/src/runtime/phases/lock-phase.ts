import { accessOf } from '../../tool/resource-locks.js';
import type { ReleaseLock } from '../../tool/resource-locks.js';
import type { CallContext } from '../call-context.js';

/**
 * Takes the call's resource lock (see `ResourceLocks`) for the rest of the call, so every entry
 * point keeps the per-resource write order. Asked synchronously: calls started one after another
 * are granted in that order. The invoke phase gives it back as soon as the tool settled (post
 * hooks run outside it); `ctx.result()` gives back one still held.
 */
export function lockPhase(ctx: CallContext, next: () => Promise<void>): Promise<void> {
  const run = (release: ReleaseLock): Promise<void> => {
    ctx.holdLock(release);
    return next();
  };
  const granted = ctx.environment.locks.acquire(accessOf(ctx.tool!, ctx.action!));
  return typeof granted === 'function' ? run(granted) : granted.then(run);
}
