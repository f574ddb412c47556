import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { PermissionDecision } from '../../policy/permission-decision.js';
import type { Policy } from '../../policy/policy.js';
import { describeError } from '../../util/describe-error.js';
import { isPromiseLike } from '../../util/guards.js';
import type { CallContext } from '../call-context.js';
import type { CallDecision } from '../call-decision.js';
import type { CallPhase } from '../call-middleware.js';
import type { CallPipeline } from '../call-pipeline.js';
import { withStep } from '../call-step.js';
import type { CallStep } from '../call-step.js';
import { originalNameOf } from '../../toolsets/renamed-tool.js';
import { replaceArguments } from './replace-arguments.js';

/** The error outcome of a denied call: what denied it, and that retrying the same call will not help. */
export function permissionDenied(toolName: string, decision: PermissionDecision): ToolwrightError {
  const why = decision.message ?? 'the permission policy does not allow it.';
  return new ToolwrightError({
    code: ErrorCode.PERMISSION_DENIED,
    message: `Permission denied for tool '${toolName}': ${why} Do not retry the same call; choose another way or ask the user.`,
    details: { tool: toolName, reason: decision.reason, rule: decision.rule },
  });
}

/** The permission decision a phase left on the call (the engine's own object). */
export function decisionOf(ctx: CallContext): PermissionDecision | undefined {
  return ctx.decision as PermissionDecision | undefined;
}

/** Records the decision; a deny fails the call; true when the call goes on (an allow, or an ask for `onAsk`). */
function decide(ctx: CallContext, policy: Policy, decision: PermissionDecision): boolean {
  // The engine's decision is the call's decision (it has every field CallDecision names).
  ctx.decision = decision as unknown as CallDecision;
  if (policy.auditing) policy.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), decision: decision.behavior, reason: decision.reason, message: decision.message, rule: decision.rule, arguments: ctx.arguments });
  if (decision.behavior === 'deny') {
    ctx.fail(permissionDenied(ctx.toolName, decision));
    return false;
  }
  if (decision.updatedInput !== undefined && decision.behavior === 'allow') {
    return replaceArguments(ctx, decision.updatedInput, `The permission check of tool '${ctx.toolName}' rewrote the arguments into invalid ones.`);
  }
  return true;
}

/** A failing check (a rule matcher or `checkPermissions` that throws, an audit log that cannot be written) denies: the policy fails closed. */
function failClosed(ctx: CallContext, error: unknown): void {
  ctx.fail(
    new ToolwrightError({
      code: ErrorCode.PERMISSION_DENIED,
      message: `Permission denied for tool '${ctx.toolName}': the permission check failed (${describeError(error)}), so the call did not run.`,
      details: { tool: ctx.toolName },
      cause: error,
    }),
  );
}

/** Decides and goes on: `next` for an allow, `onAsk` (or `next` without one) for an ask. */
function apply(ctx: CallContext, policy: Policy, decision: PermissionDecision, next: () => Promise<void>, onAsk: CallPhase | undefined): void | Promise<void> {
  try {
    if (!decide(ctx, policy, decision)) return;
    return onAsk && decision.behavior === 'ask' ? onAsk(ctx, next) : next();
  } catch (error) {
    failClosed(ctx, error);
  }
}

/** {@link apply} as a pipeline step: an allowed call goes on without a `next` closure. */
function applyStep(ctx: CallContext, policy: Policy, decision: PermissionDecision, pipeline: CallPipeline, next: number, onAsk: CallPhase | undefined): void | Promise<void> {
  try {
    if (!decide(ctx, policy, decision)) return;
    return onAsk && decision.behavior === 'ask' ? onAsk(ctx, pipeline.nextOf(ctx, next)) : pipeline.continue(ctx, next);
  } catch (error) {
    failClosed(ctx, error);
  }
}

/** Asks the engine about the call and hands its decision to `go`; a check that throws or rejects fails the call closed. */
function checkThen(ctx: CallContext, policy: Policy, go: (decision: PermissionDecision) => void | Promise<void>): void | Promise<void> {
  ctx.declareAccess();
  let decision: PermissionDecision | Promise<PermissionDecision>;
  try {
    decision = policy.check(ctx.tool!, ctx.action!);
  } catch (error) {
    failClosed(ctx, error);
    return;
  }
  if (!isPromiseLike<PermissionDecision>(decision)) return go(decision);
  return Promise.resolve(decision).then(go, (error: unknown) => failClosed(ctx, error));
}

/**
 * The permission phase over `policy()`: asks the engine about the call, records the decision in
 * the audit log and on `ctx.decision`; a deny becomes the `PERMISSION_DENIED` error outcome, an
 * allow runs on (with the tool's `updatedInput` validated first), an ask goes on to the approval
 * phase — or, given `onAsk` (the approval phase), straight to it, which saves the pipeline a step
 * on every call. A failing check (a rule matcher or `checkPermissions` that throws, an audit log
 * that cannot be written) denies: the policy fails closed. Synchronous when the tool's check is.
 * The pipeline runs it as a step (no closures per call); both forms behave the same.
 */
export function permissionPhase(policy: () => Policy | undefined, onAsk?: CallPhase): CallPhase {
  // The phase form serves custom pipelines (not the hot path): it may close over `next`.
  const phase: CallPhase = (ctx, next) => {
    const current = policy();
    if (!current || ctx.settled || !ctx.tool || !ctx.action) return next();
    return checkThen(ctx, current, (decision) => apply(ctx, current, decision, next, onAsk));
  };
  const step: CallStep = (ctx, pipeline, next) => {
    const current = policy();
    if (!current || ctx.settled || !ctx.tool || !ctx.action) return pipeline.continue(ctx, next);
    ctx.declareAccess();
    let decision: PermissionDecision | Promise<PermissionDecision>;
    try {
      decision = current.check(ctx.tool, ctx.action);
    } catch (error) {
      failClosed(ctx, error);
      return;
    }
    if (!isPromiseLike<PermissionDecision>(decision)) return applyStep(ctx, current, decision, pipeline, next, onAsk);
    return Promise.resolve(decision).then(
      (d) => applyStep(ctx, current, d, pipeline, next, onAsk),
      (error: unknown) => failClosed(ctx, error),
    );
  };
  return withStep(phase, step);
}
