import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { PermissionDecision } from '../../policy/permission-decision.js';
import type { Policy } from '../../policy/policy.js';
import { describeError } from '../../util/describe-error.js';
import { isPromiseLike } from '../../util/guards.js';
import type { CallContext } from '../call-context.js';
import type { CallDecision } from '../call-decision.js';
import type { CallNext, CallStep } from '../call-middleware.js';
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
  if (policy.auditing) {
    policy.record({
      toolCallId: ctx.toolCallId,
      toolName: ctx.toolName,
      originalName: ctx.tool && originalNameOf(ctx.tool),
      decision: decision.behavior,
      reason: decision.reason,
      message: decision.message,
      rule: decision.rule,
      arguments: ctx.arguments,
    });
  }
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
function apply(ctx: CallContext, policy: Policy, decision: PermissionDecision, next: CallNext, onAsk: CallStep | undefined): void | Promise<void> {
  try {
    if (!decide(ctx, policy, decision)) return;
    return onAsk && decision.behavior === 'ask' ? onAsk(ctx, next) : next(ctx);
  } catch (error) {
    failClosed(ctx, error);
  }
}

/**
 * The permission step over `policy()`: asks the engine about the call, records the decision in
 * the audit log and on `ctx.decision`; a deny becomes the `PERMISSION_DENIED` error outcome, an
 * allow runs on (with the tool's `updatedInput` validated first), an ask goes on to the approval
 * step — or, given `onAsk` (the approval step), straight to it, which saves the pipeline a step
 * on every call. A failing check (a rule matcher or `checkPermissions` that throws, an audit log
 * that cannot be written) denies: the policy fails closed. Synchronous when the tool's check is.
 */
export function permissionStep(policy: () => Policy | undefined, onAsk?: CallStep): CallStep {
  return (ctx, next) => {
    const current = policy();
    if (!current || ctx.settled || !ctx.tool || !ctx.action) return next(ctx);
    ctx.declareAccess();
    let decision: PermissionDecision | Promise<PermissionDecision>;
    try {
      decision = current.check(ctx.tool, ctx.action);
    } catch (error) {
      failClosed(ctx, error);
      return;
    }
    if (!isPromiseLike<PermissionDecision>(decision)) return apply(ctx, current, decision, next, onAsk);
    return Promise.resolve(decision).then(
      (d) => apply(ctx, current, d, next, onAsk),
      (error: unknown) => failClosed(ctx, error),
    );
  };
}
