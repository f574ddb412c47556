import type { ClientLogLevel } from '../tool/client-handlers.js';
import { toJsonSafe } from '../util/json-safe.js';
import { AgentEvent, invalidEvent, readBaseFields } from './agent-event.js';
import type { AgentEventOptions, SerializedAgentEvent } from './agent-event.js';

/** The log levels, least severe first (MCP's, RFC 5424). */
export const CLIENT_LOG_LEVELS: readonly ClientLogLevel[] = Object.freeze(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** Options of {@link LogEvent}. */
export interface LogEventOptions extends AgentEventOptions {
  /** How severe. */
  level: ClientLogLevel;
  /** What the tool logged (any value; JSON-safe in the serialized form). */
  data: unknown;
}

/** Serialized {@link LogEvent}. */
export interface SerializedLogEvent extends SerializedAgentEvent {
  kind: 'LogEvent';
  level: ClientLogLevel;
  data: unknown;
}

/**
 * A message a running tool logged with `ctx.log(level, data)`. Every log of a call run by an
 * Agent is one of the call's events, in the order it happened (between its `ActionEvent` and
 * its `ObservationEvent`), whether or not a listener (`onLog`, the call's `client.log`) also
 * received it: logging never fails a call.
 */
export class LogEvent extends AgentEvent {
  readonly kind = 'LogEvent';
  /** How severe. */
  readonly level: ClientLogLevel;
  /** What the tool logged, as it logged it. */
  readonly data: unknown;

  constructor(options: LogEventOptions) {
    super(options);
    this.level = options.level;
    this.data = options.data;
  }

  /** The serialized form (`data` made JSON-safe: cycles, BigInt and throwing getters become text). */
  toJSON(): SerializedLogEvent {
    return { ...this.baseJSON(), kind: 'LogEvent', level: this.level, data: toJsonSafe(this.data) };
  }

  /** Reads {@link LogEvent.toJSON} output back. */
  static fromJSON(json: unknown): LogEvent {
    const fields = readBaseFields(json, 'LogEvent');
    if (!CLIENT_LOG_LEVELS.includes(fields.level as ClientLogLevel)) throw invalidEvent('LogEvent', 'level', `one of ${CLIENT_LOG_LEVELS.join(', ')}`);
    return new LogEvent({
      id: fields.id,
      timestamp: fields.timestamp,
      toolCallId: fields.toolCallId,
      toolName: fields.toolName,
      level: fields.level as ClientLogLevel,
      data: fields.data,
    });
  }
}
