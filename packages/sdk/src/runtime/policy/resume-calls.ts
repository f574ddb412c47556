import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { approvalAnswerProblem } from '../../policy/approval-answer.js';
import type { ApprovalAnswer } from '../../policy/approval-answer.js';
import { pendingApprovalProblem } from '../../policy/pending-approval.js';
import type { PendingApproval } from '../../policy/pending-approval.js';
import { isPlainObject } from '../../util/guards.js';
import type { CallOptions } from '../../tool/tool-context.js';
import type { ToolCall, ToolCallResult } from '../tool-call.js';
import { clearCallerResults, isCallerPending, presetCallerResults } from '../caller-results.js';
import type { CallerResult } from '../caller-results.js';
import type { PolicyRuntime } from './policy-runtime.js';

/** What {@link resumeCalls} needs of an agent. */
export interface ResumableAgent {
  executeToolCalls(calls: ToolCall[], options?: CallOptions): Promise<ToolCallResult[]>;
}

function invalid(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message });
}

/**
 * Finishes calls left pending in deferred mode — from this process or an earlier one — with the
 * user's answers (by tool-call id). Each call runs through the whole pipeline again from the
 * request's arguments (validated again; the current rules apply first, so a call that a rule now
 * denies stays denied and one a rule now allows runs without its answer). A call without an
 * answer is asked again (callback) or stays pending. Results are in the order of `pending`.
 * Calls of caller-run tools (external or client tools: `request.metadata.external`/`clientTool`)
 * take only a `{ type: 'result', … }` answer, which becomes their Observation; they need no policy.
 * Rejects with `INVALID_ARGUMENTS` for malformed pending JSON or answers (they come from files).
 */
export async function resumeCalls(
  agent: ResumableAgent,
  runtime: PolicyRuntime | undefined,
  pending: readonly PendingApproval[],
  answers: Readonly<Record<string, ApprovalAnswer>>,
  options?: CallOptions,
): Promise<ToolCallResult[]> {
  // Calls of caller-run tools (external, client) need no policy: only their result finishes them.
  const callerOnly = Array.isArray(pending) && pending.every((item: unknown) => pendingApprovalProblem(item) === undefined && isCallerPending(item as PendingApproval));
  if (!runtime && !callerOnly) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'agent.resume needs an agent with a permission policy (AgentOptions.permissions); this one has none.' });
  }
  if (!Array.isArray(pending)) throw invalid('agent.resume: pending must be an array of pending approvals (ToolCallResult.pending).');
  if (!isPlainObject(answers)) throw invalid('agent.resume: answers must be an object { <toolCallId>: answer }.');
  const calls: ToolCall[] = [];
  const presets = new Map<string, { toolName: string; answer: ApprovalAnswer }>();
  const results = new Map<string, { toolName: string; result: CallerResult }>();
  pending.forEach((item: unknown, i) => {
    const problem = pendingApprovalProblem(item);
    if (problem) throw invalid(`agent.resume: pending[${i}]: ${problem}.`);
    const { request } = item as PendingApproval;
    // The request's arguments run through the whole pipeline again (validated like a model's call).
    calls.push({ id: request.toolCallId, name: request.toolName, arguments: request.arguments });
    const answer = answers[request.toolCallId];
    if (answer === undefined) return;
    const answerProblem = approvalAnswerProblem(answer);
    if (answerProblem) throw invalid(`agent.resume: answers[${JSON.stringify(request.toolCallId)}]: ${answerProblem}.`);
    if (!isCallerPending(item as PendingApproval)) return void presets.set(request.toolCallId, { toolName: request.toolName, answer });
    if (answer.type !== 'result') {
      throw invalid(`agent.resume: answers[${JSON.stringify(request.toolCallId)}]: tool '${request.toolName}' is run by the caller; answer with its result { type: 'result', text }, got '${answer.type}'.`);
    }
    results.set(request.toolCallId, { toolName: request.toolName, result: answer });
  });
  runtime?.preset(presets);
  presetCallerResults(agent, results);
  try {
    return await agent.executeToolCalls(calls, options);
  } finally {
    runtime?.clearPresets(presets.keys());
    clearCallerResults(agent, results.keys());
  }
}
