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
 * Checks every approval envelope's MAC (refusing the whole resume for one that was altered, comes
 * from another conversation or has none), then marks each answered one answered — exclusively, so
 * of two resumes racing (in one process or two) exactly one runs it, and a replay is refused.
 * Nothing runs when one is refused (the marks this resume made are taken back).
 */
async function checkSeals(runtime: PolicyRuntime, sealed: readonly { item: PendingApproval; where: string; answered: boolean }[]): Promise<void> {
  const seal = runtime.approvalSeal;
  if (!seal) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'agent.resume: initialize the agent with its conversation (agent.initialize(state)) before resuming its pending approvals.' });
  for (const { item, where } of sealed) await seal.verify(item, where);
  const claimed: PendingApproval[] = [];
  for (const { item, where, answered } of sealed) {
    if (!answered) continue;
    if (await seal.claim(item)) {
      claimed.push(item);
      continue;
    }
    await Promise.all(claimed.map((done) => seal.release(done)));
    throw new ToolwrightError({
      code: ErrorCode.PERMISSION_DENIED,
      message: `agent.resume: ${where} (call ${JSON.stringify(item.request.toolCallId)} of tool ${JSON.stringify(item.request.toolName)}) was already answered; each pending approval is answered once, so nothing ran. Let the model call again to ask anew.`,
      details: { toolCallId: item.request.toolCallId, tool: item.request.toolName },
    });
  }
}

/**
 * Finishes calls left pending in deferred mode — from this process or an earlier one — with the
 * user's answers (by tool-call id). Each call runs through the whole pipeline again from the
 * request's arguments (validated again; the current rules apply first, so a call that a rule now
 * denies stays denied and one a rule now allows runs without its answer). A call without an
 * answer is asked again (callback) or stays pending. Results are in the order of `pending`.
 * Calls of caller-run tools (external or client tools: `request.metadata.external`/`clientTool`)
 * take only a `{ type: 'result', … }` answer, which becomes their Observation; they need no policy.
 * Rejects with `INVALID_ARGUMENTS` for malformed pending JSON or answers (they come from files),
 * and with `PERMISSION_DENIED` for an approval envelope that does not carry this conversation's
 * MAC over what was shown (altered call id, tool, arguments or conversation; no MAC) or that was
 * answered before (see `ApprovalSeal`); then nothing runs. Caller-run pendings carry no MAC:
 * their answer is a result the caller produced, and the call still passes the whole pipeline.
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
  const sealed: { item: PendingApproval; where: string; answered: boolean }[] = [];
  pending.forEach((item: unknown, i) => {
    const problem = pendingApprovalProblem(item);
    if (problem) throw invalid(`agent.resume: pending[${i}]: ${problem}.`);
    const { request } = item as PendingApproval;
    // The request's arguments run through the whole pipeline again (validated like a model's call).
    calls.push({ id: request.toolCallId, name: request.toolName, arguments: request.arguments });
    const answer = answers[request.toolCallId];
    const caller = isCallerPending(item as PendingApproval);
    if (!caller) sealed.push({ item: item as PendingApproval, where: `pending[${i}]`, answered: answer !== undefined });
    if (answer === undefined) return;
    const answerProblem = approvalAnswerProblem(answer);
    if (answerProblem) throw invalid(`agent.resume: answers[${JSON.stringify(request.toolCallId)}]: ${answerProblem}.`);
    if (!caller) return void presets.set(request.toolCallId, { toolName: request.toolName, answer });
    if (answer.type !== 'result') {
      throw invalid(`agent.resume: answers[${JSON.stringify(request.toolCallId)}]: tool '${request.toolName}' is run by the caller; answer with its result { type: 'result', text }, got '${answer.type}'.`);
    }
    results.set(request.toolCallId, { toolName: request.toolName, result: answer });
  });
  if (sealed.length > 0) await checkSeals(runtime!, sealed);
  runtime?.preset(presets);
  presetCallerResults(agent, results);
  try {
    return await agent.executeToolCalls(calls, options);
  } finally {
    runtime?.clearPresets(presets.keys());
    clearCallerResults(agent, results.keys());
  }
}
