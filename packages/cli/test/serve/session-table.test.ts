import { describe, expect, it } from '@jest/globals';
import { SessionTable } from '../../src/serve/session-table.js';

function session(): { closed: number; close(): Promise<void> } {
  const s = { closed: 0, close: async () => void s.closed++ };
  return s;
}

describe('SessionTable', () => {
  it('refuses a reservation once open and reserved sessions reach the cap', async () => {
    const table = new SessionTable({ maxSessions: 2, idleMs: 60_000 });
    expect(table.reserve()).toBe(true);
    expect(table.reserve()).toBe(true);
    expect(table.reserve()).toBe(false);
    table.add('a', session());
    table.unreserve();
    expect(table.size).toBe(1);
    expect(table.reserve()).toBe(true);
    await table.closeAll();
  });

  it('closes idle sessions but not those with a request in flight', async () => {
    const expired: string[] = [];
    const table = new SessionTable({ maxSessions: 5, idleMs: 1000, onExpired: (id) => expired.push(id) });
    const idle = session();
    const busy = session();
    table.reserve();
    table.add('idle', idle);
    table.reserve();
    table.add('busy', busy);
    const done = table.begin('busy');
    table.sweep(Date.now() + 5000);
    expect(expired).toEqual(['idle']);
    expect(idle.closed).toBe(1);
    expect(table.get('busy')).toBe(busy);
    done();
    table.sweep(Date.now() + 5000);
    expect(expired).toEqual(['idle', 'busy']);
    await table.closeAll();
  });

  it('refuses and closes sessions that arrive after closeAll', async () => {
    const table = new SessionTable({ maxSessions: 5, idleMs: 1000 });
    expect(table.reserve()).toBe(true);
    await table.closeAll();
    expect(table.reserve()).toBe(false);
    const late = session();
    table.add('late', late);
    expect(late.closed).toBe(1);
    expect(table.size).toBe(0);
  });
});
