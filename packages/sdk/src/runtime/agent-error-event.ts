import { errorObservation } from '../tool/run-call.js';
import type { Observation } from '../tool/observation.js';
import { AgentEvent, invalidEvent, readBaseFields } from './agent-event.js';
import type { AgentEventOptions, SerializedAgentEvent } from './agent-event.js';

/** Options of {@link AgentErrorEvent}. */
export interface AgentErrorEventOptions extends AgentEventOptions {
  /** The `ErrorCode` (e.g. `UNKNOWN_TOOL`, `INVALID_JSON`, `INVALID_ARGUMENTS`). */
  code: string;
  /** The model-facing text: what was wrong and what is expected. */
  message: string;
}

/** Serialized {@link AgentErrorEvent}. */
export interface SerializedAgentErrorEvent extends SerializedAgentEvent {
  kind: 'AgentErrorEvent';
  code: string;
  message: string;
}

/**
 * A tool call that never reached its tool: unknown tool, arguments that are not JSON or do not
 * match the schema. The model reads {@link AgentErrorEvent.message} and can try again.
 */
export class AgentErrorEvent extends AgentEvent {
  readonly kind = 'AgentErrorEvent';
  /** Why, as a stable code. */
  readonly code: string;
  /** What was wrong and what is expected (no argument values). */
  readonly message: string;

  constructor(options: AgentErrorEventOptions) {
    super(options);
    this.code = options.code;
    this.message = options.message;
  }

  /** The error Observation the model gets back for this event. */
  toObservation(): Observation {
    return errorObservation(this.message, this.code);
  }

  /** The serialized form. */
  toJSON(): SerializedAgentErrorEvent {
    return { ...this.baseJSON(), kind: 'AgentErrorEvent', code: this.code, message: this.message };
  }

  /** Reads {@link AgentErrorEvent.toJSON} output back. */
  static fromJSON(json: unknown): AgentErrorEvent {
    const fields = readBaseFields(json, 'AgentErrorEvent');
    if (typeof fields.code !== 'string') throw invalidEvent('AgentErrorEvent', 'code', 'a string');
    if (typeof fields.message !== 'string') throw invalidEvent('AgentErrorEvent', 'message', 'a string');
    return new AgentErrorEvent({
      id: fields.id,
      timestamp: fields.timestamp,
      toolCallId: fields.toolCallId,
      toolName: fields.toolName,
      code: fields.code,
      message: fields.message,
    });
  }
}
