import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { pendingApprovalProblem } from '@toolwright/sdk/policy';
import type { CallOptions, ToolCall, ToolCallResult, ToolDefinition } from '@toolwright/sdk';
import type { PendingApproval } from '@toolwright/sdk/policy';
import { ClientToolExecutor, isClientToolPending } from './client-tool-executor.js';
import { clientAnswerResult } from './tool-turn.js';
import type { ClientToolAnswer } from './tool-turn.js';

/** What {@link resumeClientTools} needs of an agent (an `Agent` has it). */
export interface ClientToolAgent {
  readonly toolsMap: ReadonlyMap<string, ToolDefinition>;
  executeToolCalls(calls: ToolCall[], options?: CallOptions): Promise<ToolCallResult[]>;
}

function invalid(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message });
}

/**
 * Finishes client-tool calls an Agent left pending (`ToolCallResult.pending` with
 * `request.metadata.clientTool`, plain JSON, from this process or another) with the client's
 * answers by tool-call id: each call runs through the agent's pipeline again (arguments validated,
 * hooks and events as for any call), and its Observation is the client's content (`errorMessage`
 * makes it an error Observation). A call without an answer stays pending. Results are in the
 * order of `pending`. Rejects with `INVALID_ARGUMENTS` for a malformed pending item, a pending
 * approval (use `agent.resume`), an answer for no pending call, or an answer without `content`.
 * For a text result, `agent.resume(pending, { [id]: { type: 'result', text, isError? } })` does
 * the same; this helper also takes content blocks (images, resources).
 */
export async function resumeClientTools(
  agent: ClientToolAgent,
  pending: readonly PendingApproval[],
  answers: Readonly<Record<string, ClientToolAnswer>>,
  options?: CallOptions,
): Promise<ToolCallResult[]> {
  if (!Array.isArray(pending)) throw invalid('resumeClientTools: pending must be an array of pending calls (ToolCallResult.pending).');
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) throw invalid('resumeClientTools: answers must be an object { <toolCallId>: { content } }.');
  const calls: ToolCall[] = [];
  const presets: [ClientToolExecutor, string][] = [];
  const ids = new Set<string>();
  try {
    pending.forEach((item: unknown, i) => {
      const problem = pendingApprovalProblem(item);
      if (problem) throw invalid(`resumeClientTools: pending[${i}]: ${problem}.`);
      const { request } = item as PendingApproval;
      if (!isClientToolPending(item as PendingApproval)) throw invalid(`resumeClientTools: pending[${i}] (call '${request.toolCallId}') waits for approval, not for a client tool; finish it with agent.resume.`);
      const executor = agent.toolsMap.get(request.toolName)?.executor;
      if (!(executor instanceof ClientToolExecutor)) throw invalid(`resumeClientTools: pending[${i}]: this agent has no client tool '${request.toolName}'.`);
      ids.add(request.toolCallId);
      calls.push({ id: request.toolCallId, name: request.toolName, arguments: request.arguments });
      const answer = answers[request.toolCallId];
      if (answer === undefined) return;
      const result = clientAnswerResult({ callId: request.toolCallId, toolName: request.toolName, toolgroupId: executor.toolgroupId }, answer);
      executor.preset(request.toolCallId, result);
      presets.push([executor, request.toolCallId]);
    });
    const stray = Object.keys(answers).find((id) => !ids.has(id));
    if (stray !== undefined) throw invalid(`resumeClientTools: no client call '${stray}' is pending; pending: ${[...ids].join(', ') || '(none)'}.`);
    return await agent.executeToolCalls(calls, options);
  } finally {
    for (const [executor, id] of presets) executor.clear(id);
  }
}
