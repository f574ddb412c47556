import { accessOf } from '../../tool/resource-locks.js';
import type { ReleaseLock } from '../../tool/resource-locks.js';
import type { CallContext } from '../call-context.js';

/**
 * Holds the call's resource lock (see `ResourceLocks`) around the rest of the call, so every
 * entry point keeps the per-resource write order. Asked synchronously: calls started one after
 * another are granted in that order.
 */
export function lockPhase(ctx: CallContext, next: () => Promise<void>): Promise<void> {
  const run = (release: ReleaseLock): Promise<void> => {
    ctx.lockHeld = true;
    return next().then(() => {
      ctx.lockHeld = false;
      release();
    });
  };
  const granted = ctx.environment.locks.acquire(accessOf(ctx.tool!, ctx.action!));
  return typeof granted === 'function' ? run(granted) : granted.then(run);
}
