import type { CallContext } from '../call-context.js';
import { missingAction } from './resolve-phase.js';

/**
 * The last phase: runs the Action through the tool's middleware and executor
 * (`ToolDefinition.invokeWith`, under the call's time limit and signal) and sets the outcome: the
 * Observation, or the error itself (post hooks see it; the error funnel words it at the end).
 */
export function invokePhase(ctx: CallContext): Promise<void> {
  const tool = ctx.tool;
  const action = ctx.action;
  if (!tool || !action) {
    ctx.fail(missingAction());
    return Promise.resolve();
  }
  let pending;
  try {
    pending = tool.invokeWith(action, ctx);
  } catch (error) {
    ctx.fail(error);
    return Promise.resolve();
  }
  return pending.then(
    (observation) => ctx.succeed(observation),
    (error: unknown) => ctx.fail(error),
  );
}
