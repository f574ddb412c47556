import type { ToolCallContext } from './tool-call-context.js';
import { isPromiseLike } from '../util/guards.js';

/**
 * One step of handling a tool call. It reads what earlier steps left on the context, adds its
 * own, and may finish the call (`ctx.fail(…)` or setting `ctx.observation`); the remaining steps
 * are then skipped. Steps may be synchronous (the fast path) or return a promise.
 */
export type CallStep = (ctx: ToolCallContext) => void | Promise<void>;


/**
 * Runs `steps` in order over `ctx` until one finishes the call. Stays synchronous as long as the
 * steps do (no microtask per step); returns a promise from the first asynchronous step on.
 */
export function runSteps(ctx: ToolCallContext, steps: readonly CallStep[], from = 0): void | Promise<void> {
  for (let i = from; i < steps.length && !ctx.done; i++) {
    const outcome = steps[i]!(ctx);
    if (isPromiseLike(outcome)) {
      // The last step's promise is returned as it is: one promise hop less per call.
      const pending = Promise.resolve(outcome);
      return i + 1 < steps.length ? pending.then(() => runSteps(ctx, steps, i + 1)) : pending;
    }
  }
}
