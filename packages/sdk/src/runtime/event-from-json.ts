import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { ActionEvent } from './action-event.js';
import { AgentErrorEvent } from './agent-error-event.js';
import type { AgentEvent } from './agent-event.js';
import { LogEvent } from './log-event.js';
import { ObservationEvent } from './observation-event.js';
import { ApprovalRequestEvent } from './policy/approval-request-event.js';

const readers: Record<string, (json: unknown) => AgentEvent> = {
  ActionEvent: (json) => ActionEvent.fromJSON(json),
  ObservationEvent: (json) => ObservationEvent.fromJSON(json),
  AgentErrorEvent: (json) => AgentErrorEvent.fromJSON(json),
  LogEvent: (json) => LogEvent.fromJSON(json),
  ApprovalRequestEvent: (json) => ApprovalRequestEvent.fromJSON(json),
};

/**
 * Reads an event back from its `toJSON()` form (e.g. after `JSON.parse`). Throws `UNKNOWN_KIND`
 * for a kind that is not an event, `INVALID_ARGUMENTS` for a malformed one.
 */
export function eventFromJSON(json: unknown): AgentEvent {
  const kind = typeof json === 'object' && json !== null ? (json as { kind?: unknown }).kind : undefined;
  const read = typeof kind === 'string' && Object.hasOwn(readers, kind) ? readers[kind] : undefined;
  if (!read) {
    const known = Object.keys(readers);
    throw new ToolwrightError({
      code: ErrorCode.UNKNOWN_KIND,
      message: `Unknown event kind ${JSON.stringify(kind) ?? 'undefined'}; expected one of ${known.join(', ')}.`,
      details: { kind, known },
    });
  }
  return read(json);
}
