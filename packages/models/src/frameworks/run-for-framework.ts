import { ErrorCode, Observation } from '@toolwright/sdk';
import type { Agent, CallOptions } from '@toolwright/sdk';
import type { PendingApproval } from '@toolwright/sdk/policy';
import { frameworkToolOutput } from './framework-tool-output.js';
import type { FrameworkToolOutput } from './framework-tool-output.js';

/** One call a framework makes of a Toolwright tool. */
export interface FrameworkCall {
  /** The framework's tool call id (the Agent's events and audit lines carry it). */
  id: string;
  /** The tool's name. */
  name: string;
  /** The arguments as the framework parsed them (an object), or the JSON text. */
  input: unknown;
  /** The framework's abort signal. */
  signal?: AbortSignal;
  /** True when the framework's own approval mechanism approved this call (the user said yes there). */
  approved: boolean;
}

/** The refusal of a call the policy asks about when no one was asked: names the rule and how to allow it. */
export function approvalRequired(pending: PendingApproval): Observation {
  const { request } = pending;
  const rule = request.askRule !== undefined ? ` (ask rule ${request.askRule})` : '';
  const allow = request.suggestedRules.length > 0 ? ` A rule such as ${request.suggestedRules.map((r) => `'${r}'`).join(', ')} in the allow list lets such calls run.` : '';
  return Observation.fromText(
    `Permission denied for tool '${request.toolName}': the policy asks for the user's approval${rule} (${request.reason}) and no one was asked here, so the call did not run.${allow} Do not retry the same call; choose another way or ask the user.`,
    { isError: true, errorCode: ErrorCode.PERMISSION_DENIED },
  );
}

/**
 * Runs a framework's tool call through the Agent (view, validation, policy, hooks, events,
 * resource order). A call the policy asks about and the agent has no approval callback for ends
 * pending: when the framework's own approval approved it, it is answered `approve` through
 * `agent.resume` (audited as the user's approval), else it is refused naming the rule.
 */
export async function runForFramework(agent: Agent, call: FrameworkCall, callOptions: Omit<CallOptions, 'signal' | 'toolCallId'> = {}): Promise<FrameworkToolOutput> {
  const options: CallOptions = { ...callOptions, toolCallId: call.id, ...(call.signal ? { signal: call.signal } : {}) };
  const args = typeof call.input === 'string' || (typeof call.input === 'object' && call.input !== null) ? (call.input as string | Record<string, unknown>) : {};
  let result = await agent.executeToolCall({ id: call.id, name: call.name, arguments: args }, options);
  if (result.pending) {
    if (!call.approved) return frameworkToolOutput(approvalRequired(result.pending));
    const [resumed] = await agent.resume([result.pending], { [call.id]: { type: 'approve' } }, options);
    if (!resumed) return frameworkToolOutput(Observation.fromText(`Tool '${call.name}' gave no result after its approval.`, { isError: true, errorCode: ErrorCode.INTERNAL }));
    result = resumed;
    if (result.pending) return frameworkToolOutput(approvalRequired(result.pending));
  }
  return frameworkToolOutput(result.observation);
}

/**
 * True when the framework should ask for approval before it calls the tool: the agent has no
 * approval callback of its own (deferred mode) and the policy says `ask` for these arguments.
 * With a callback the Agent asks during the call itself.
 */
export async function frameworkNeedsApproval(agent: Agent, call: { id: string; name: string; input: unknown }): Promise<boolean> {
  if (agent.policy?.onApproval) return false;
  const args = typeof call.input === 'string' || (typeof call.input === 'object' && call.input !== null) ? (call.input as string | Record<string, unknown>) : {};
  const check = await agent.checkPermission({ id: call.id, name: call.name, arguments: args });
  return check.behavior === 'ask';
}
