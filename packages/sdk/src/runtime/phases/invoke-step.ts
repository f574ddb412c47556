import { Observation } from '../../tool/observation.js';
import type { CallLink, CallNext } from '../call-middleware.js';
import { missingAction } from './resolve-step.js';

/**
 * The last step: runs the Action through the tool's middleware and executor
 * (`ToolDefinition.invoke`, under the call's time limit and signal) and sets the outcome: the
 * Observation, or the error itself (post hooks see it; the error funnel words it at the end). A
 * tool that answered synchronously sets the outcome synchronously (undefined: no promise).
 */
const invoke: CallNext = (ctx) => {
  const tool = ctx.tool;
  const action = ctx.action;
  if (!tool || !action) {
    ctx.fail(missingAction());
    ctx.releaseLock();
    return undefined;
  }
  let pending;
  try {
    pending = tool.invoke(action, ctx);
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
};

/** The invoke step: the end of every chain (nothing comes after it). */
export const invokeStep: CallLink = () => invoke;
