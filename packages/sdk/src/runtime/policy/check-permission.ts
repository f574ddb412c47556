import { ToolwrightError } from '../../errors/toolwright-error.js';
import { formatRule } from '../../policy/parse-rule.js';
import type { DecisionReason, PermissionDecision } from '../../policy/permission-decision.js';
import type { PermissionRule } from '../../policy/permission-rule.js';
import type { Policy } from '../../policy/policy.js';
import { describeError } from '../../util/describe-error.js';
import { CallContext } from '../call-context.js';
import type { CallEnvironment } from '../call-context.js';
import { buildAction } from '../phases/build-action.js';
import { findTool } from '../phases/find-tool.js';
import { parseArguments } from '../phases/parse-arguments.js';
import type { ToolCall } from '../tool-call.js';

/**
 * What the policy would decide about a call, without running it ({@link checkPermission}):
 * `allow`, `ask` (a human must approve), `deny`, or `invalid` (the call cannot run at all: unknown
 * or hidden tool, arguments that are not valid; running it gives the same error, so there is
 * nothing to approve).
 */
export interface PermissionCheck {
  /** The verdict. */
  behavior: 'allow' | 'ask' | 'deny' | 'invalid';
  /** Why (as in the audit log): a `rule`, `readOnly`, the `tool`'s own check, `safety`, the `mode`, the `fallback`. */
  reason?: DecisionReason;
  /** The rule that decided, when one did. */
  rule?: PermissionRule;
  /** The rule in its written form (`write_note`, `file_editor(src/**)`), when one decided. */
  ruleText?: string;
  /** Human- and model-readable explanation (for `invalid`: what is wrong and what is expected). */
  message?: string;
  /** The error code of an `invalid` call (`UNKNOWN_TOOL`, `INVALID_JSON`, `INVALID_ARGUMENTS`, …). */
  code?: string;
}

function fromDecision(decision: PermissionDecision): PermissionCheck {
  const behavior = decision.behavior === 'passthrough' ? 'allow' : decision.behavior;
  const check: PermissionCheck = { behavior };
  if (decision.reason !== undefined) check.reason = decision.reason;
  if (decision.rule !== undefined) {
    check.rule = decision.rule;
    check.ruleText = formatRule(decision.rule);
  }
  if (decision.message !== undefined) check.message = decision.message;
  return check;
}

function invalid(ctx: CallContext): PermissionCheck {
  const error = ctx.error;
  if (ToolwrightError.isInstance(error)) return { behavior: 'invalid', code: error.code, message: error.message };
  return { behavior: 'invalid', message: describeError(error) };
}

/**
 * Asks the policy about a call as the pipeline would (find the tool in this turn's view, parse the
 * arguments, build the Action, `policy.check`), without running it: no events, no audit line, no
 * approval asked, no resource lock. Without a policy every valid call is allowed. A failing check
 * is a `deny` (the policy fails closed). Pre hooks are not run, so a hook that rewrites arguments
 * is not seen here (the real call checks the rewritten arguments again).
 */
export async function checkPermission(environment: CallEnvironment, policy: Policy | undefined, call: ToolCall): Promise<PermissionCheck> {
  try {
    return await check(environment, policy, call);
  } catch (error) {
    return { behavior: 'invalid', message: `The call could not be checked: ${describeError(error)}` };
  }
}

async function check(environment: CallEnvironment, policy: Policy | undefined, call: ToolCall): Promise<PermissionCheck> {
  const record: Partial<Record<keyof ToolCall, unknown>> = typeof call === 'object' && call !== null ? call : {};
  const ctx = new CallContext(environment, {}, typeof record.id === 'string' ? record.id : '', record.name, record.arguments);
  const tool = findTool(ctx);
  if (!tool) return invalid(ctx);
  ctx.tool = tool;
  ctx.toolName = tool.name;
  parseArguments(ctx, tool);
  if (ctx.settled) return invalid(ctx);
  buildAction(ctx, tool, ctx.arguments!);
  if (ctx.settled || !ctx.action) return invalid(ctx);
  if (!policy) return { behavior: 'allow' };
  let decision: PermissionDecision;
  try {
    decision = await policy.check(tool, ctx.action);
  } catch (error) {
    return { behavior: 'deny', message: `the permission check failed (${describeError(error)}), so the call would not run.` };
  }
  return fromDecision(decision);
}
