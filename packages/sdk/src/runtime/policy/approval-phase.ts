import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { approvalAnswerProblem, rejectionMessage } from '../../policy/approval-answer.js';
import type { ApprovalAnswer } from '../../policy/approval-answer.js';
import type { ApprovalContext } from '../../policy/approval-context.js';
import type { ApprovalRequest } from '../../policy/approval-request.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { formatRule, parseRule } from '../../policy/parse-rule.js';
import { PENDING_APPROVAL_TYPE } from '../../policy/pending-approval.js';
import type { PermissionDecision } from '../../policy/permission-decision.js';
import type { PermissionRule } from '../../policy/permission-rule.js';
import type { Policy } from '../../policy/policy.js';
import { Observation } from '../../tool/observation.js';
import { describeError } from '../../util/describe-error.js';
import { isPlainObject } from '../../util/guards.js';
import type { CallContext } from '../call-context.js';
import type { CallPhase } from '../call-middleware.js';
import { ApprovalRequestEvent } from './approval-request-event.js';
import { decisionOf, permissionDenied } from './permission-phase.js';
import { originalNameOf } from '../../toolsets/renamed-tool.js';
import { replaceArguments } from './replace-arguments.js';

/** Where answers come from besides the policy's callback: answers given to `agent.resume`. */
export type PresetAnswers = (ctx: CallContext) => ApprovalAnswer | undefined;

function requestOf(ctx: CallContext, decision: PermissionDecision): ApprovalRequest {
  // The arguments as the model sent them (MCP Actions wrap theirs in `data`), without the injected fields.
  const args: Record<string, unknown> = { ...ctx.arguments };
  if (ctx.securityRisk !== undefined) delete args.security_risk;
  if (ctx.summary !== undefined) delete args.summary;
  // An ask rule outranks every allow rule, so a suggested allow rule would never be consulted.
  const askRule = decision.rule?.behavior === 'ask' ? formatRule(decision.rule) : undefined;
  const request: ApprovalRequest = {
    toolCallId: ctx.toolCallId,
    toolName: ctx.toolName,
    arguments: args,
    reason: decision.message ?? `'${ctx.toolName}' needs approval.`,
    suggestedRules: decision.bypassImmune || askRule ? [] : (decision.suggestedRules ?? []).map(formatRule),
    bypassImmune: decision.bypassImmune === true,
  };
  if (askRule) request.askRule = askRule;
  let metadata: Record<string, unknown> | undefined;
  try {
    metadata = ctx.tool!.approvalMetadata(ctx.action!);
  } catch {
    metadata = undefined; // approval metadata is informative; a failing one must not block the question
  }
  if (isPlainObject(metadata)) request.metadata = metadata;
  return request;
}

function failWith(ctx: CallContext, code: ErrorCode, message: string): void {
  ctx.fail(new ToolwrightError({ code, message, details: { tool: ctx.toolName } }));
}

/**
 * The rules an "always" answer adds: the answer's own, else the suggested ones; none for a safety
 * ask, and none when an ask rule asked (ask rules come before allow rules, so an allow rule added
 * now would never be consulted: "always" approves this call once).
 */
function rulesOf(answer: Extract<ApprovalAnswer, { type: 'always' }>, request: ApprovalRequest, decision: PermissionDecision): PermissionRule[] {
  if (request.bypassImmune || request.askRule !== undefined) return [];
  if (answer.rules) return answer.rules.map((text) => parseRule(text, 'allow', 'user'));
  return decision.suggestedRules && decision.suggestedRules.length > 0 ? decision.suggestedRules : [{ tool: request.toolName, behavior: 'allow' }];
}

async function answered(ctx: CallContext, policy: Policy, decision: PermissionDecision, event: ApprovalRequestEvent, answer: unknown, next: () => Promise<void>): Promise<void> {
  const problem = approvalAnswerProblem(answer);
  const base = { toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), reason: 'user', arguments: ctx.arguments };
  if (problem) {
    policy.record({ ...base, decision: 'deny', message: `invalid answer: ${problem}` });
    return failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': the approval answer was invalid (${problem}), so the call did not run.`);
  }
  const valid = answer as ApprovalAnswer;
  event.answer = valid;
  switch (valid.type) {
    case 'reject': {
      const message = rejectionMessage(ctx.toolName, valid.reason);
      policy.record({ ...base, decision: 'reject', message });
      return failWith(ctx, ErrorCode.APPROVAL_REJECTED, message);
    }
    case 'approve':
      policy.record({ ...base, decision: 'approve' });
      return next();
    case 'result':
      policy.record({ ...base, decision: 'result', message: valid.isError ? 'error result given' : 'result given' });
      ctx.succeed(Observation.fromText(valid.text, { isError: valid.isError === true }));
      return;
    case 'always': {
      const added = await policy.grant(rulesOf(valid, event.request, decision));
      const once = event.request.bypassImmune ? 'safety check: approved once, no rule added' : event.request.askRule !== undefined ? `ask rule ${event.request.askRule} matched: approved once, no rule added` : undefined;
      policy.record({ ...base, decision: 'always', addedRules: added, message: once });
      return next();
    }
    case 'edit': {
      if (!replaceArguments(ctx, valid.arguments, `The arguments edited during approval of tool '${ctx.toolName}' are invalid.`)) {
        policy.record({ ...base, decision: 'edit', message: 'edited arguments invalid' });
        return;
      }
      // The human approved these arguments, but deny rules and the tool's own denials still hold.
      const again = await policy.check(ctx.tool!, ctx.action!);
      policy.record({ ...base, arguments: ctx.arguments, decision: again.behavior === 'deny' ? 'deny' : 'edit', rule: again.rule, message: again.behavior === 'deny' ? again.message : undefined });
      if (again.behavior === 'deny') return ctx.fail(permissionDenied(ctx.toolName, again));
      return next();
    }
  }
}

/**
 * The approval phase: a call the permission phase left at `ask` becomes an
 * {@link ApprovalRequestEvent}. With an answer (from `agent.resume`, else the policy's
 * `onApproval` callback) it is approved, rejected (`APPROVAL_REJECTED` error Observation with the
 * reason), edited (validated again; deny rules still apply), approved "always" (the suggested
 * rules are added and persisted; none for a safety ask), or answered with a `result` (the call
 * ends with it and the tool does not run: client-side tools, manual steps). Without a callback (deferred mode) the
 * call is left pending: `ctx.pending` holds the plain-JSON request for `agent.resume`, and the
 * tool does not run. A callback that throws or answers nonsense denies the call.
 */
export function approvalPhase(policy: () => Policy | undefined, preset: PresetAnswers): CallPhase {
  return (ctx, next) => {
    const current = policy();
    const decision = decisionOf(ctx);
    if (!current || ctx.settled || decision?.behavior !== 'ask' || !ctx.tool || !ctx.action) return next();
    const request = requestOf(ctx, decision);
    const event = new ApprovalRequestEvent({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, request });
    ctx.events.push(event);
    const given = preset(ctx);
    if (given !== undefined) return answered(ctx, current, decision, event, given, next);
    const handler = current.onApproval;
    if (!handler) {
      ctx.pending = { type: PENDING_APPROVAL_TYPE, version: 1, conversationId: ctx.state?.id, request, action: ctx.action.toJSON() };
      current.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), decision: 'pending', reason: decision.reason, message: request.reason, arguments: ctx.arguments });
      ctx.succeed(Observation.fromText(`The call of tool '${ctx.toolName}' is waiting for the user's approval (${request.reason}). It has not run yet.`));
      return;
    }
    const client = ctx.callOptions.client;
    const context: ApprovalContext = client?.elicit ? { signal: ctx.signal, elicit: (question) => ctx.elicit({ message: question.message, requestedSchema: question.requestedSchema as JsonSchema }) } : { signal: ctx.signal };
    let reply: unknown;
    try {
      reply = handler(request, context);
    } catch (error) {
      reply = Promise.reject(error);
    }
    return Promise.resolve(reply).then(
      (answer) => answered(ctx, current, decision, event, answer, next),
      (error: unknown) => {
        current.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, decision: 'deny', reason: 'user', message: `approval callback failed: ${describeError(error)}` });
        failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': asking for approval failed (${describeError(error)}), so the call did not run.`);
      },
    );
  };
}
