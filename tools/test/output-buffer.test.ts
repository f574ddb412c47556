import { describe, expect, it } from '@jest/globals';
import { OutputBuffer } from '../src/terminal/output-buffer.js';

describe('OutputBuffer', () => {
  it('keeps everything while small, and finds a marker only in unread output', () => {
    const buffer = new OutputBuffer({ headChars: 100, tailChars: 50, windowChars: 20 });
    buffer.append('hello ');
    buffer.append('world<P>after');
    const found = buffer.find(/<P>/)!;
    expect([found.start, found.end]).toEqual([11, 14]);
    expect(buffer.take(found.start, found.end)).toBe('hello world');
    expect(buffer.find(/<P>/)).toBeUndefined();
    expect(buffer.take()).toBe('after');
    expect(buffer.length).toBe(0);
  });

  it('drops the middle of a flood, says how much, and still splits at a marker at the end', () => {
    const buffer = new OutputBuffer({ headChars: 10, tailChars: 30, windowChars: 20 });
    for (let i = 0; i < 1_000; i++) buffer.append('0123456789');
    buffer.append('END<P>');
    const found = buffer.find(/<P>/)!;
    const text = buffer.take(found.start, found.end);
    const notice = (n: number): string => `\n[... ${n} characters of output were dropped here to bound memory ...]\n`;
    expect(text.startsWith(`0123456789${notice(9_960)}`)).toBe(true);
    expect(text.endsWith('0123456789END')).toBe(true);
    expect(text.length).toBe(10 + notice(9_960).length + 33);
    expect(buffer.dropped).toBe(9_960);
  });
});
