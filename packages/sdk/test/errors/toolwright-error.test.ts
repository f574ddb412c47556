import { describe, expect, it } from '@jest/globals';
import { closestMatch, ErrorCode, ToolwrightError } from '@toolwright/sdk';

describe('ToolwrightError', () => {
  it('carries a stable code, details and cause', () => {
    const cause = new Error('root');
    const error = new ToolwrightError({ code: ErrorCode.TIMEOUT, message: 'too slow', details: { tool: 'x' }, cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ToolwrightError');
    expect(error.code).toBe('TIMEOUT');
    expect(error.details).toEqual({ tool: 'x' });
    expect(error.cause).toBe(cause);
  });

  it('is recognised across copies of the package by its brand, not instanceof', () => {
    const foreign = Object.assign(new Error('from another copy'), { code: 'TIMEOUT' });
    Object.defineProperty(foreign, Symbol.for('toolwright.error'), { value: true });
    expect(foreign instanceof ToolwrightError).toBe(false);
    expect(ToolwrightError.isInstance(foreign)).toBe(true);
    expect(ToolwrightError.hasCode(foreign, ErrorCode.TIMEOUT)).toBe(true);
    expect(ToolwrightError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolwrightError.isInstance(null)).toBe(false);
  });
});

describe('closestMatch', () => {
  it('suggests plausible typos only', () => {
    expect(closestMatch('gerp', ['grep', 'glob', 'terminal'])).toBe('grep');
    expect(closestMatch('file_edit', ['file_editor', 'finish'])).toBe('file_editor');
    expect(closestMatch('zzzzzz', ['grep', 'glob'])).toBeUndefined();
    expect(closestMatch('x', [])).toBeUndefined();
  });
});
