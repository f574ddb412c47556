import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events kept per session by default (oldest dropped first). */
export const DEFAULT_EVENTS_KEPT = 1_000;

/**
 * The events one `serve --http` session sent on its SSE streams, so a client whose stream dropped
 * resumes it with `Last-Event-ID` and misses nothing. Bounded: past `maxEvents` the oldest are
 * dropped, and resuming from a dropped (or unknown) id is refused rather than silently skipping.
 * Event ids are `<stream id>_<sequence>`, so the stream of an id is known without a lookup.
 */
export class MemoryEventStore implements EventStore {
  private readonly events = new Map<EventId, { streamId: StreamId; message: JSONRPCMessage }>();
  private sequence = 0;

  constructor(private readonly maxEvents: number = DEFAULT_EVENTS_KEPT) {}

  /** Events held now. */
  get size(): number {
    return this.events.size;
  }

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.sequence += 1;
    const id = `${streamId}_${this.sequence}`;
    this.events.set(id, { streamId, message });
    if (this.events.size > this.maxEvents) this.events.delete(this.events.keys().next().value!);
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId);
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (!last) throw new Error(`Event ${lastEventId.slice(0, 80)} is not (or no longer) kept; the stream cannot be resumed.`);
    let after = false;
    for (const [id, event] of this.events) {
      if (after && event.streamId === last.streamId) await send(id, event.message);
      else if (id === lastEventId) after = true;
    }
    return last.streamId;
  }
}
