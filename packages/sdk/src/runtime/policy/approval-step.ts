import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { approvalAnswerProblem, rejectionMessage } from '../../policy/approval-answer.js';
import type { ApprovalAnswer } from '../../policy/approval-answer.js';
import type { ApprovalContext } from '../../policy/approval-context.js';
import type { ApprovalRequest } from '../../policy/approval-request.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { formatRule, parseRule } from '../../policy/parse-rule.js';
import type { ApprovalSeal } from '../../policy/approval-seal.js';
import { PENDING_APPROVAL_TYPE } from '../../policy/pending-approval.js';
import type { PendingApproval } from '../../policy/pending-approval.js';
import type { PermissionDecision } from '../../policy/permission-decision.js';
import type { PermissionRule } from '../../policy/permission-rule.js';
import type { Policy } from '../../policy/policy.js';
import { Observation } from '../../tool/observation.js';
import { describeError } from '../../util/describe-error.js';
import { isPlainObject } from '../../util/guards.js';
import type { CallContext } from '../call-context.js';
import type { CallDecision } from '../call-decision.js';
import type { CallStep } from '../call-middleware.js';
import { ApprovalRequestEvent } from './approval-request-event.js';
import { decisionOf, permissionDenied } from './permission-step.js';
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

/** What one approval needs besides the call: the policy, the seal of deferred envelopes, and the rest of the call. */
interface Asking {
  readonly policy: Policy;
  readonly seal: ApprovalSeal | undefined;
  readonly next: () => void | Promise<void>;
}

/** How many times an edited call may ask again before it is refused (a callback that keeps editing into asks). */
const MAX_EDIT_ROUNDS = 8;

async function answered(ctx: CallContext, asking: Asking, decision: PermissionDecision, event: ApprovalRequestEvent, answer: unknown, round: number): Promise<void> {
  const { policy, next } = asking;
  const problem = approvalAnswerProblem(answer);
  const base = { toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), reason: 'user', arguments: ctx.arguments };
  if (problem) {
    policy.record({ ...base, decision: 'deny', note: 'invalid answer' });
    return failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': the approval answer was invalid (${problem}), so the call did not run.`);
  }
  const valid = answer as ApprovalAnswer;
  event.answer = valid;
  switch (valid.type) {
    case 'reject': {
      const message = rejectionMessage(ctx.toolName, valid.reason);
      policy.record({ ...base, decision: 'reject', message: valid.reason });
      return failWith(ctx, ErrorCode.APPROVAL_REJECTED, message);
    }
    case 'approve':
      policy.record({ ...base, decision: 'approve' });
      return next();
    case 'result':
      policy.record({ ...base, decision: 'result', note: valid.isError ? 'error result given' : 'result given' });
      ctx.succeed(Observation.fromText(valid.text, { isError: valid.isError === true }));
      return;
    case 'always': {
      const added = await policy.grant(rulesOf(valid, event.request, decision));
      const file = policy.grants?.path;
      if (added.length > 0) event.granted = { rules: added.map(formatRule), file: file ?? null };
      const once = event.request.bypassImmune ? 'safety check: approved once, no rule added' : event.request.askRule !== undefined ? `ask rule ${event.request.askRule} matched: approved once, no rule added` : undefined;
      policy.record({ ...base, decision: 'always', addedRules: added, grantsFile: added.length > 0 ? file : undefined, note: once });
      return next();
    }
    case 'edit':
      return edited(ctx, asking, valid.arguments, round);
  }
}

/**
 * An `edit` answer: the edited arguments are validated and checked again like a new call — a
 * deny fails it, an ask asks again about the edited call (it does not run on the earlier
 * approval), an allow runs it.
 */
async function edited(ctx: CallContext, asking: Asking, args: Record<string, unknown>, round: number): Promise<void> {
  const { policy, next } = asking;
  const base = { toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), reason: 'user' };
  if (!replaceArguments(ctx, args, `The arguments edited during approval of tool '${ctx.toolName}' are invalid.`)) {
    policy.record({ ...base, arguments: args, decision: 'edit', note: 'edited arguments invalid' });
    return;
  }
  let again: PermissionDecision;
  try {
    again = await policy.check(ctx.tool!, ctx.action!);
  } catch (error) {
    policy.record({ ...base, arguments: ctx.arguments, decision: 'deny', note: 'permission check of the edited call failed' });
    return failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': the permission check of the edited arguments failed (${describeError(error)}), so the call did not run.`);
  }
  ctx.decision = again as unknown as CallDecision;
  policy.record({ ...base, reason: again.reason, arguments: ctx.arguments, decision: again.behavior === 'allow' || again.behavior === 'passthrough' ? 'edit' : again.behavior, rule: again.rule, message: again.message });
  if (again.behavior === 'deny') return ctx.fail(permissionDenied(ctx.toolName, again));
  if (again.behavior === 'ask') {
    if (round + 1 >= MAX_EDIT_ROUNDS) {
      return failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': the call was edited ${MAX_EDIT_ROUNDS} times during approval and still needs approval, so it did not run.`);
    }
    return ask(ctx, asking, again, undefined, round + 1);
  }
  if (again.updatedInput !== undefined && !replaceArguments(ctx, again.updatedInput, `The permission check of tool '${ctx.toolName}' rewrote the edited arguments into invalid ones.`)) return;
  return next();
}

/**
 * Asks about the call: with `given` (an answer from `agent.resume`) at once, else through the
 * policy's callback, else (deferred mode) leaves it pending in a sealed envelope.
 */
function ask(ctx: CallContext, asking: Asking, decision: PermissionDecision, given: ApprovalAnswer | undefined, round: number): void | Promise<void> {
  const { policy } = asking;
  const request = requestOf(ctx, decision);
  const event = new ApprovalRequestEvent({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, request });
  ctx.addEvent(event);
  if (given !== undefined) return answered(ctx, asking, decision, event, given, round);
  const handler = policy.onApproval;
  if (!handler) return pend(ctx, asking, decision, request);
  const client = ctx.callOptions.client;
  const context: ApprovalContext = client?.elicit
    ? { signal: ctx.signal, elicit: (question) => ctx.elicit({ message: question.message, requestedSchema: question.requestedSchema as JsonSchema }) }
    : { signal: ctx.signal };
  let reply: unknown;
  try {
    reply = handler(request, context);
  } catch (error) {
    reply = Promise.reject(error);
  }
  return Promise.resolve(reply).then(
    (answer) => answered(ctx, asking, decision, event, answer, round),
    (error: unknown) => {
      policy.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, decision: 'deny', reason: 'user', note: 'approval callback failed' });
      failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': asking for approval failed (${describeError(error)}), so the call did not run.`);
    },
  );
}

/** Deferred mode: the call ends pending, its envelope sealed (see {@link ApprovalSeal}); the tool does not run. */
function pend(ctx: CallContext, asking: Asking, decision: PermissionDecision, request: ApprovalRequest): Promise<void> {
  const { policy, seal } = asking;
  const pending: PendingApproval = { type: PENDING_APPROVAL_TYPE, version: 1, request, action: ctx.action!.toJSON() };
  if (ctx.state?.id !== undefined) pending.conversationId = ctx.state.id;
  const sealed = seal ? seal.seal(pending) : Promise.resolve(pending);
  return sealed.then(
    (envelope) => {
      ctx.pending = envelope;
      policy.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, originalName: ctx.tool && originalNameOf(ctx.tool), decision: 'pending', reason: decision.reason, message: decision.message, rule: decision.rule, arguments: ctx.arguments });
      ctx.succeed(Observation.fromText(`The call of tool '${ctx.toolName}' is waiting for the user's approval (${request.reason}). It has not run yet.`));
    },
    (error: unknown) => {
      policy.record({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, decision: 'deny', reason: 'user', note: 'pending approval could not be sealed' });
      failWith(ctx, ErrorCode.PERMISSION_DENIED, `Permission denied for tool '${ctx.toolName}': the call needs approval and could not be left pending (${describeError(error)}), so it did not run.`);
    },
  );
}

/**
 * The approval step: a call the permission step left at `ask` becomes an
 * {@link ApprovalRequestEvent}. With an answer (from `agent.resume`, else the policy's
 * `onApproval` callback) it is approved, rejected (`APPROVAL_REJECTED` error Observation with the
 * reason), edited (the edited arguments are validated and permission-checked again: a deny fails
 * the call, an ask asks again about the edited call), approved "always" (the suggested rules are
 * added and persisted, and the event names the grants file; none for a safety ask), or answered
 * with a `result` (the call ends with it and the tool does not run: client-side tools, manual
 * steps). Without a callback (deferred mode) the call is left pending: `ctx.pending` holds the
 * plain-JSON envelope for `agent.resume`, sealed by `seal()` (a MAC binding the answer to the
 * call id, tool, arguments and conversation shown), and the tool does not run. A callback that
 * throws or answers nonsense denies the call.
 */
export function approvalStep(policy: () => Policy | undefined, preset: PresetAnswers, seal: () => ApprovalSeal | undefined = () => undefined): CallStep {
  return (ctx, next) => {
    const current = policy();
    const decision = decisionOf(ctx);
    if (!current || ctx.settled || decision?.behavior !== 'ask' || !ctx.tool || !ctx.action) return next(ctx);
    return ask(ctx, { policy: current, seal: seal(), next: () => next(ctx) }, decision, preset(ctx), 0);
  };
}
