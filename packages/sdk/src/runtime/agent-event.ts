import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { formatEventId, nextEventNumber } from './event-id.js';

/** Fields every event has, in constructor options. */
export interface AgentEventOptions {
  /** The model's tool-call id. */
  toolCallId: string;
  /** The tool's name (as the model used it). */
  toolName: string;
  /** Event id (default: a new unique id, see `newEventId`). */
  id?: string;
  /** ISO 8601 time (default: now). */
  timestamp?: string;
}

/** The serialized form every event shares; `kind` names the event class. */
export interface SerializedAgentEvent {
  kind: string;
  id: string;
  timestamp: string;
  toolCallId: string;
  toolName: string;
  [field: string]: unknown;
}

/**
 * Something that happened while handling a tool call. Events serialize with `toJSON()` and are
 * read back with `eventFromJSON`.
 */
export abstract class AgentEvent {
  /** The event class's name, the `kind` of its serialized form. */
  abstract readonly kind: string;
  /** The id, or until first read the number it is formatted from (formatting is a noticeable part of an event's cost). */
  private idOrNumber: string | number;
  /** When it happened, in ms since the epoch. */
  readonly createdAt: number;
  private iso?: string;
  /** The model's tool-call id. */
  readonly toolCallId: string;
  /** The tool's name (as the model used it). */
  readonly toolName: string;

  protected constructor(options: AgentEventOptions) {
    this.idOrNumber = options.id ?? nextEventNumber();
    if (options.timestamp !== undefined) {
      this.iso = options.timestamp;
      this.createdAt = Date.parse(options.timestamp);
    } else {
      this.createdAt = Date.now();
    }
    this.toolCallId = options.toolCallId;
    this.toolName = options.toolName;
  }

  /** Unique id of this event (numbered when the event is created, formatted on first use). */
  get id(): string {
    const id = this.idOrNumber;
    return typeof id === 'string' ? id : (this.idOrNumber = formatEventId(id));
  }

  /** When it happened (ISO 8601), formatted on first use: formatting is the costliest part of an event. */
  get timestamp(): string {
    return (this.iso ??= new Date(this.createdAt).toISOString());
  }

  /** The serialized form (plain JSON). */
  abstract toJSON(): SerializedAgentEvent;

  /** The fields every serialized event has. */
  protected baseJSON(): SerializedAgentEvent {
    return { kind: this.kind, id: this.id, timestamp: this.timestamp, toolCallId: this.toolCallId, toolName: this.toolName };
  }
}

/**
 * The common fields of a serialized event, checked: throws `INVALID_ARGUMENTS` naming the
 * first missing or mistyped field.
 */
export function readBaseFields(json: unknown, kind: string): AgentEventOptions & Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw invalidEvent(kind, '(root)', 'an object');
  }
  const record = json as Record<string, unknown>;
  for (const field of ['id', 'timestamp', 'toolCallId', 'toolName'] as const) {
    if (typeof record[field] !== 'string') throw invalidEvent(kind, field, 'a string');
  }
  return record as AgentEventOptions & Record<string, unknown>;
}

/** The error for a malformed serialized event. */
export function invalidEvent(kind: string, field: string, expected: string): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.INVALID_ARGUMENTS,
    message: `Serialized ${kind} is invalid: ${field}: expected ${expected}.`,
    details: { kind, field, expected },
  });
}
