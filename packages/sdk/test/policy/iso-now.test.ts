import { describe, expect, it } from '@jest/globals';
import { isoNow } from '../../src/policy/iso-now.js';

describe('isoNow (the audit line time)', () => {
  it('writes the same characters as toISOString, across millisecond, second, minute, day and year boundaries', () => {
    const instants = [
      Date.UTC(2026, 10, 28, 3, 35, 31, 78),
      Date.UTC(2026, 10, 28, 3, 35, 31, 5),
      Date.UTC(2026, 10, 28, 3, 35, 31, 999),
      Date.UTC(2026, 10, 28, 3, 35, 32, 0),
      Date.UTC(2026, 10, 28, 3, 35, 59, 999),
      Date.UTC(2026, 10, 28, 3, 36, 0, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      Date.UTC(2027, 0, 1, 0, 0, 0, 100),
      0,
      -1,
      Date.UTC(12000, 0, 1, 0, 0, 0, 7),
    ];
    for (const now of instants) expect(isoNow(now)).toBe(new Date(now).toISOString());
  });

  it('stays right when the clock goes back and forth, and for every millisecond of a second', () => {
    const base = Date.UTC(2026, 10, 28, 3, 35, 31, 0);
    const order = [500, 499, 1500, 1499, 0, 999, 1000, -1, 500, 500];
    for (const offset of order) expect(isoNow(base + offset)).toBe(new Date(base + offset).toISOString());
    for (let ms = 0; ms < 1000; ms++) expect(isoNow(base + ms)).toBe(new Date(base + ms).toISOString());
  });

  it('defaults to the current time', () => {
    const before = Date.now();
    const stamp = Date.parse(isoNow());
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });
});
