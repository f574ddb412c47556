import { ErrorCode } from '../errors/error-code.js';
import { AgentErrorEvent } from './agent-error-event.js';
import type { ToolCallResult } from './tool-call.js';

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

/** The model-facing text for our own failure while handling a call (never the model's fault). */
export function internalErrorMessage(error: unknown): string {
  return `The tool call could not be handled because of an internal error (${messageOf(error)}). This is not a problem with your call; you may try again.`;
}

/** A result for a call that could not even be read (no id or name known). */
export function internalErrorResult(error: unknown): ToolCallResult {
  const event = new AgentErrorEvent({ toolCallId: '', toolName: '', code: ErrorCode.INTERNAL, message: internalErrorMessage(error) });
  return { events: [event], observation: event.toObservation() };
}
