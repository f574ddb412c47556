import { describe, expect, it } from '@jest/globals';
import { mergeCalls, MAX_LIVE_CALLS } from '../../packages/cli/console/src/merge-calls.js';
import { mergeEntries } from '../../packages/cli/console/src/merge-entries.js';
import type { ConsoleInboxEntry, LiveCall } from '../../packages/cli/src/console/console-api.js';

function entry(id: string, createdAt: string, state: ConsoleInboxEntry['state'] = 'pending'): ConsoleInboxEntry {
  return {
    id,
    request: { toolCallId: `call-${id}`, toolName: 'write_note', arguments: { text: id }, reason: 'asks', suggestedRules: [], bypassImmune: false },
    source: { kind: 'serve', label: 'test', process: 'host:1' },
    createdAt,
    binding: `binding-${id}`,
    state,
    ...(state === 'answered' ? { answer: { type: 'approve' as const }, answeredAt: createdAt } : {}),
    alwaysRules: ['write_note'],
  };
}

function call(id: string, startedAt: string, state: LiveCall['state'] = 'running'): LiveCall {
  return { id, session: 'session 1', tool: 'write_note', argumentsSummary: '{}', startedAt, state, ...(state === 'done' ? { decision: 'allow', durationMs: 3 } : {}) };
}

describe('the console page\'s merge of inbox listings and events', () => {
  it('adds an entry an event brought before a listing that lacks it, and keeps it after that listing', () => {
    const fromEvent = mergeEntries([], [entry('b', '2026-01-01T00:00:02Z')]);
    const afterListing = mergeEntries(fromEvent, [entry('a', '2026-01-01T00:00:01Z')]);
    expect(afterListing.map((e) => [e.id, e.state])).toEqual([
      ['b', 'pending'],
      ['a', 'pending'],
    ]);
  });

  it('never takes an answered or withdrawn entry back to pending (a listing older than the event)', () => {
    const answered = mergeEntries([], [entry('a', '2026-01-01T00:00:01Z', 'answered'), entry('w', '2026-01-01T00:00:00Z', 'withdrawn')]);
    const afterStale = mergeEntries(answered, [entry('a', '2026-01-01T00:00:01Z'), entry('w', '2026-01-01T00:00:00Z')]);
    expect(afterStale.map((e) => [e.id, e.state])).toEqual([
      ['a', 'answered'],
      ['w', 'withdrawn'],
    ]);
  });

  it('takes a newer state over an older one, and the newest entries come first', () => {
    const pending = mergeEntries([], [entry('a', '2026-01-01T00:00:01Z'), entry('b', '2026-01-01T00:00:03Z')]);
    const merged = mergeEntries(pending, [entry('a', '2026-01-01T00:00:01Z', 'answered'), entry('c', '2026-01-01T00:00:02Z')]);
    expect(merged.map((e) => [e.id, e.state])).toEqual([
      ['b', 'pending'],
      ['c', 'pending'],
      ['a', 'answered'],
    ]);
  });
});

describe('the console page\'s merge of live-call listings and events', () => {
  it('never takes a finished call back to running, and keeps calls in start order', () => {
    const done = mergeCalls([], [call('2', '2026-01-01T00:00:02Z', 'done')]);
    const merged = mergeCalls(done, [call('2', '2026-01-01T00:00:02Z'), call('1', '2026-01-01T00:00:01Z', 'done')]);
    expect(merged.map((c) => [c.id, c.state])).toEqual([
      ['1', 'done'],
      ['2', 'done'],
    ]);
  });

  it(`keeps the newest ${MAX_LIVE_CALLS} calls`, () => {
    const many = Array.from({ length: MAX_LIVE_CALLS + 3 }, (_, i) => call(String(i), new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    const merged = mergeCalls([], many);
    expect(merged).toHaveLength(MAX_LIVE_CALLS);
    expect(merged[0]!.id).toBe('3');
    expect(merged.at(-1)!.id).toBe(String(MAX_LIVE_CALLS + 2));
  });
});
