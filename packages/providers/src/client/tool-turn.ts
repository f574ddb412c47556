import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import type { Content } from '@toolwright/sdk';
import { failedResult } from '../runtime/invocation-error.js';
import type { InvokeToolOptions, ToolGroupRuntime } from '../runtime/tool-group-runtime.js';
import { InvocationErrorCode } from '../runtime/tool-invocation-result.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import type { PendingToolCall } from './pending-tool-call.js';

/** One tool call of a model turn. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** An object, or the model's JSON text. */
  arguments: Record<string, unknown> | string;
}

/** A finished call of a turn. */
export interface ToolTurnResult {
  callId: string;
  toolName: string;
  result: ToolInvocationResult;
}

/**
 * Where a turn's tool calls stand (plain JSON: save it, send it, resume it in another process).
 * `awaiting_client` (Llama's `end_of_message`): some calls wait for the client; the finished ones
 * are kept here, so nothing is lost between the pause and the resume.
 */
export interface ToolTurnStep {
  status: 'completed' | 'awaiting_client';
  /** Finished calls, in the order of the turn's calls. */
  results: ToolTurnResult[];
  /** Calls waiting for the client, in the turn's order. */
  pending: PendingToolCall[];
  /** The turn's call ids in order (to keep `results` ordered across resumes). */
  order: string[];
}

/** The client's answer for one pending call. */
export interface ClientToolAnswer {
  /** What the tool produced: content blocks, or a string (one text block). An empty array for nothing. */
  content: Content[] | string;
  /** Set when the tool failed on the client. */
  errorMessage?: string;
}

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/**
 * Runs a turn's tool calls: server-side tools first (concurrently), then the client tools, whose
 * calls become `pending` and end the turn with `awaiting_client` until {@link resumeToolTurn}.
 * Never throws for a call's failure (each is a result).
 */
export async function runToolTurn(runtime: ToolGroupRuntime, calls: readonly ToolCallRequest[], options: Omit<InvokeToolOptions, 'callId'> = {}): Promise<ToolTurnStep> {
  const invoke = async (call: ToolCallRequest): Promise<ToolInvocationResult> => {
    let args: unknown = call.arguments;
    if (typeof args === 'string') {
      try {
        args = args.trim() === '' ? {} : JSON.parse(args);
      } catch (error) {
        return failedResult(`The arguments of tool '${call.name}' are not valid JSON (${(error as Error).message}); send a JSON object.`, InvocationErrorCode.INVALID_ARGUMENTS, { code: ErrorCode.INVALID_JSON });
      }
    }
    return runtime.invokeTool(call.name, args as Record<string, unknown>, { ...options, callId: call.id });
  };
  const clientSide = await Promise.all(calls.map(async (call) => (await runtime.getTool(call.name).catch(() => undefined))?.metadata?.client === true));
  const outcomes = new Map<string, ToolInvocationResult>();
  await Promise.all(calls.filter((_, i) => !clientSide[i]).map(async (call) => outcomes.set(call.id, await invoke(call))));
  await Promise.all(calls.filter((_, i) => clientSide[i]).map(async (call) => outcomes.set(call.id, await invoke(call))));
  const step: ToolTurnStep = { status: 'completed', results: [], pending: [], order: calls.map((c) => c.id) };
  for (const call of calls) {
    const result = outcomes.get(call.id)!;
    if (result.pending) step.pending.push(result.pending);
    else step.results.push({ callId: call.id, toolName: call.name, result });
  }
  if (step.pending.length > 0) step.status = 'awaiting_client';
  return step;
}

/**
 * Completes pending client calls with the client's answers (by call id). A call without an answer
 * stays pending. An answer for no pending call, or without `content` (null/undefined), throws
 * `INVALID_ARGUMENTS`: that is the caller's mistake, not the model's.
 */
export function resumeToolTurn(step: ToolTurnStep, answers: Readonly<Record<string, ClientToolAnswer>>): ToolTurnStep {
  const pendingIds = new Set(step.pending.map((p) => p.callId));
  for (const callId of Object.keys(answers)) {
    if (!pendingIds.has(callId)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_ARGUMENTS,
        message: `No client call '${callId}' is pending in this turn; pending: ${[...pendingIds].join(', ') || '(none)'}.`,
        details: { callId },
      });
    }
  }
  const results = [...step.results];
  const pending: PendingToolCall[] = [];
  for (const call of step.pending) {
    const answer = answers[call.callId];
    if (answer === undefined) {
      pending.push(call);
      continue;
    }
    results.push({ callId: call.callId, toolName: call.toolName, result: clientAnswerResult(call, answer) });
  }
  const rank = new Map(step.order.map((id, i) => [id, i]));
  results.sort((a, b) => (rank.get(a.callId) ?? 0) - (rank.get(b.callId) ?? 0));
  return { status: pending.length > 0 ? 'awaiting_client' : 'completed', results, pending, order: step.order };
}

/**
 * The result a client's answer stands for. Throws `INVALID_ARGUMENTS` (the caller's mistake) for
 * an answer without `content`, or with content that is not an array of content blocks.
 */
export function clientAnswerResult(call: Pick<PendingToolCall, 'callId' | 'toolName' | 'toolgroupId'>, answer: ClientToolAnswer): ToolInvocationResult {
  const where = `call '${call.callId}' (client tool '${call.toolName}')`;
  if (answer === null || typeof answer !== 'object' || answer.content === null || answer.content === undefined) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_ARGUMENTS,
      message: `The answer for ${where} has no content; send { content: [...] } (an empty array if the tool produced nothing) or a string.`,
      details: { callId: call.callId },
    });
  }
  const content: Content[] = typeof answer.content === 'string' ? [textContent(answer.content)] : answer.content;
  if (!Array.isArray(content) || content.some((block) => typeof block !== 'object' || block === null || !CONTENT_TYPES.has((block as { type?: string }).type ?? ''))) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_ARGUMENTS,
      message: `The answer for ${where} has content that is not an array of content blocks (text, image, audio, resource_link, resource).`,
      details: { callId: call.callId },
    });
  }
  const metadata = { toolgroupId: call.toolgroupId, client: true };
  if (answer.errorMessage !== undefined) {
    const shown = content.length > 0 ? content : [textContent(answer.errorMessage)];
    return { content: shown, errorCode: InvocationErrorCode.TOOL_ERROR, errorMessage: answer.errorMessage, metadata };
  }
  return { content, metadata };
}
