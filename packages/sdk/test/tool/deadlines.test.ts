import { describe, expect, it } from '@jest/globals';
import { Deadlines } from '../../src/tool/deadlines.js';

/** How many ref'd timers keep the process alive now. */
const heldTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Deadlines', () => {
  it('fires a deadline that was not cancelled, and not one that was', async () => {
    const deadlines = new Deadlines();
    const fired: string[] = [];
    deadlines.add(5, () => fired.push('kept'));
    const cancelled = deadlines.add(5, () => fired.push('cancelled'));
    deadlines.cancel(cancelled);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fired).toEqual(['kept']);
  });

  it('holds the process while a deadline is pending and lets go one turn after the last is cancelled', async () => {
    const before = heldTimers();
    const deadlines = new Deadlines();
    const first = deadlines.add(60_000, () => undefined);
    expect(heldTimers()).toBe(before + 1);
    deadlines.cancel(first);
    // Calls one after another in the same turn keep the timer held (no native toggle per call).
    const second = deadlines.add(60_000, () => undefined);
    deadlines.cancel(second);
    expect(heldTimers()).toBe(before + 1);
    await nextTurn();
    await nextTurn();
    expect(heldTimers()).toBe(before);
    // A new deadline holds it again.
    const third = deadlines.add(60_000, () => undefined);
    expect(heldTimers()).toBe(before + 1);
    deadlines.cancel(third);
    await nextTurn();
    await nextTurn();
    expect(heldTimers()).toBe(before);
  });
});
