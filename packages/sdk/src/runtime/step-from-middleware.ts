import type { CallPhase, CallStep } from './call-middleware.js';

/**
 * @internal Adapts a middleware (or a phase given in a slot) to the pipeline's step type, once, at
 * construction. Its `next()` is always a promise; one of a rest that finished synchronously is
 * recognised on the way back, so a pass-through middleware keeps a synchronous call synchronous.
 */
export function stepFromMiddleware(phase: CallPhase): CallStep {
  const finished: Promise<void> = Promise.resolve();
  return (ctx, next) => {
    const outcome = phase(ctx, () => next(ctx) ?? finished);
    return outcome === finished ? undefined : outcome;
  };
}
