import { describe, expect, it } from '@jest/globals';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MemoryEventStore } from '../../src/serve/memory-event-store.js';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: n } });

describe('MemoryEventStore', () => {
  it('replays only the later events of the same stream, in order', async () => {
    const store = new MemoryEventStore();
    const a1 = await store.storeEvent('a', note(1));
    await store.storeEvent('b', note(100));
    await store.storeEvent('a', note(2));
    await store.storeEvent('a', note(3));
    const sent: [string, JSONRPCMessage][] = [];
    expect(await store.replayEventsAfter(a1, { send: async (id, message) => void sent.push([id, message]) })).toBe('a');
    expect(sent).toEqual([
      ['a_3', note(2)],
      ['a_4', note(3)],
    ]);
    expect(await store.getStreamIdForEventId('b_2')).toBe('b');
  });

  it('is bounded: the oldest events go, and resuming from one of them is refused', async () => {
    const store = new MemoryEventStore(2);
    const first = await store.storeEvent('a', note(1));
    await store.storeEvent('a', note(2));
    await store.storeEvent('a', note(3));
    expect(store.size).toBe(2);
    await expect(store.replayEventsAfter(first, { send: async () => undefined })).rejects.toThrow('Event a_1 is not (or no longer) kept; the stream cannot be resumed.');
  });

  it('is bounded in bytes too: large events push the oldest out, and one over the budget is not kept', async () => {
    const big = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', id: n, result: { content: [{ type: 'text', text: 'x'.repeat(400) }] } });
    const size = JSON.stringify(big(1)).length;
    const store = new MemoryEventStore(1_000, size * 2);
    const first = await store.storeEvent('a', big(1));
    const second = await store.storeEvent('a', big(2));
    await store.storeEvent('a', big(3));
    expect([store.size, store.bytes]).toEqual([2, size * 2]);
    await expect(store.replayEventsAfter(first, { send: async () => undefined })).rejects.toThrow('Event a_1 is not (or no longer) kept; the stream cannot be resumed.');
    const sent: JSONRPCMessage[] = [];
    await store.replayEventsAfter(second, { send: async (_id, message) => void sent.push(message) });
    expect(sent).toEqual([big(3)]);

    const tiny = new MemoryEventStore(1_000, 10);
    const lost = await tiny.storeEvent('a', big(4));
    expect([tiny.size, tiny.bytes]).toEqual([0, 0]);
    expect(await tiny.getStreamIdForEventId(lost)).toBeUndefined();
  });

  it('stores an event at once with the JSON its sender made (counted by that JSON), as storeEvent would', async () => {
    const store = new MemoryEventStore();
    const message: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: {} };
    const json = JSON.stringify(message);
    const first = store.storeSerializedEvent('a', message, json);
    const second = await store.storeEvent('a', message);
    expect([first, second]).toEqual(['a_1', 'a_2']);
    expect([store.size, store.bytes]).toEqual([2, json.length * 2]);
    const sent: JSONRPCMessage[] = [];
    await store.replayEventsAfter(first, { send: async (_id, replayed) => void sent.push(replayed) });
    expect(sent).toEqual([message]);
  });
});
