import { Observation } from '../../tool/observation.js';
import type { CallContext } from '../call-context.js';
import { missingAction } from './resolve-phase.js';

/**
 * The last phase: runs the Action through the tool's middleware and executor
 * (`ToolDefinition.invokeWith`, under the call's time limit and signal) and sets the outcome: the
 * Observation, or the error itself (post hooks see it; the error funnel words it at the end).
 */
export function invokePhase(ctx: CallContext): Promise<void> {
  return invokeStep(ctx) ?? Promise.resolve();
}

/**
 * @internal {@link invokePhase} as the pipeline runs it: a tool that answered synchronously sets
 * the outcome synchronously (undefined: no promise).
 */
export function invokeStep(ctx: CallContext): Promise<void> | undefined {
  const tool = ctx.tool;
  const action = ctx.action;
  if (!tool || !action) {
    ctx.fail(missingAction());
    ctx.releaseLock();
    return undefined;
  }
  let pending;
  try {
    pending = tool.invokeNow(action, ctx);
  } catch (error) {
    ctx.fail(error);
    ctx.releaseLock();
    return undefined;
  }
  if (pending instanceof Observation) {
    ctx.releaseLock();
    ctx.succeed(pending);
    return undefined;
  }
  return pending.then(
    (observation) => {
      ctx.releaseLock();
      ctx.succeed(observation);
    },
    (error: unknown) => {
      ctx.releaseLock();
      ctx.fail(error);
    },
  );
}
