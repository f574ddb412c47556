import type { CallPipeline } from './call-pipeline.js';
import type { CallContext } from './call-context.js';
import type { CallPhase } from './call-middleware.js';

/**
 * @internal A pipeline phase run without a `next` closure: it goes on with
 * `pipeline.continue(ctx, next)` and returns nothing when the call (from here on) finished
 * synchronously, so a call whose tool answers synchronously makes no promise hop at all.
 */
export type CallStep = (ctx: CallContext, pipeline: CallPipeline, next: number) => void | Promise<void>;

const steps = new WeakMap<CallPhase, CallStep>();

/**
 * @internal Gives `phase` a step the pipeline runs in its place (same semantics, no per-call
 * closures). Returns `phase`.
 */
export function withStep(phase: CallPhase, step: CallStep): CallPhase {
  steps.set(phase, step);
  return phase;
}

/** @internal The step {@link withStep} gave `phase`, if any. */
export function stepOf(phase: CallPhase): CallStep | undefined {
  return steps.get(phase);
}
