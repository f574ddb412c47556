import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events kept per session by default (oldest dropped first). */
export const DEFAULT_EVENTS_KEPT = 1_000;

/** Bytes of events (their JSON) kept per session by default: a few large results must not hold the memory of 1,000. */
export const DEFAULT_EVENT_BYTES_KEPT = 16 * 1024 * 1024;

/**
 * The events one `serve --http` session sent on its SSE streams, so a client whose stream dropped
 * resumes it with `Last-Event-ID` and misses nothing. Bounded: past `maxEvents` the oldest are
 * dropped, and so are the oldest while their JSON is over `maxBytes` (one event over it is not
 * kept at all); resuming from a dropped (or unknown) id is refused rather than silently skipping.
 * Event ids are `<stream id>_<sequence>`, so the stream of an id is known without a lookup.
 */
export class MemoryEventStore implements EventStore {
  private readonly events = new Map<EventId, { streamId: StreamId; message: JSONRPCMessage; bytes: number }>();
  private sequence = 0;
  private total = 0;

  /**
   * @param maxEvents most events kept.
   * @param maxBytes most bytes of event JSON kept (UTF-16 length, a close bound of the memory held).
   */
  constructor(
    private readonly maxEvents: number = DEFAULT_EVENTS_KEPT,
    private readonly maxBytes: number = DEFAULT_EVENT_BYTES_KEPT,
  ) {}

  /** Events held now. */
  get size(): number {
    return this.events.size;
  }

  /** Bytes of event JSON held now. */
  get bytes(): number {
    return this.total;
  }

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    return Promise.resolve(this.storeSerializedEvent(streamId, message, JSON.stringify(message)));
  }

  /**
   * {@link storeEvent} at once, for a message whose JSON the caller made already (the transport
   * writes it): not stringified twice, no promise.
   */
  storeSerializedEvent(streamId: StreamId, message: JSONRPCMessage, json: string): EventId {
    this.sequence += 1;
    const id = `${streamId}_${this.sequence}`;
    const bytes = json.length;
    this.events.set(id, { streamId, message, bytes });
    this.total += bytes;
    while (this.events.size > this.maxEvents || (this.total > this.maxBytes && this.events.size > 0)) {
      const [oldest, event] = this.events.entries().next().value!;
      this.events.delete(oldest);
      this.total -= event.bytes;
    }
    return id;
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
