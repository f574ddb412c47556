import { describe, expect, it } from '@jest/globals';
import { Chalk } from 'chalk';
import { escapeControlChars } from '../../src/format/escape-control-chars.js';
import { renderToolTable } from '../../src/format/tool-table.js';

describe('escapeControlChars', () => {
  it('shows the escape sequences a terminal would obey', () => {
    expect(escapeControlChars('a\x1b]52;c;eA==\x07b')).toBe('a\\x1b]52;c;eA==\\x07b');
    expect(escapeControlChars('\x1bc')).toBe('\\x1bc');
    expect(escapeControlChars('\x1b]8;;http://x\x1b\\t\x1b]8;;\x1b\\')).toBe('\\x1b]8;;http://x\\x1b\\t\\x1b]8;;\\x1b\\');
    expect(escapeControlChars('x\ry\u202Ez\u009b')).toBe('x\\ry\\u202ez\\x9b');
    expect(escapeControlChars('nul\0 del\x7f')).toBe('nul\\0 del\\x7f');
  });

  it('keeps newlines and tabs, and turns CRLF into LF', () => {
    expect(escapeControlChars('a\tb\nc\r\nd')).toBe('a\tb\nc\nd');
  });

  it('keeps colour sequences only when asked', () => {
    const red = '\x1b[31mred\x1b[39m';
    expect(escapeControlChars(red, { keepColors: true })).toBe(red);
    expect(escapeControlChars(red)).toBe('\\x1b[31mred\\x1b[39m');
    expect(escapeControlChars(`${red}\x1b[2J`, { keepColors: true })).toBe(`${red}\\x1b[2J`);
  });
});

describe('renderToolTable with hostile text', () => {
  it('escapes names and descriptions but keeps its own colours', () => {
    const c = new Chalk({ level: 1 });
    const row = { name: 'trap', origin: 'mcp:x', description: 'Hi\x1b]0;title\x07 there', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false } };
    const table = renderToolTable([row], c);
    expect(table.split('\n')[1]).toBe(`${c.bold.cyan('trap')}  ${c.magenta('mcp:x ')}  ${c.green('read-only')}    Hi\\x1b]0;title\\x07 there`);
  });
});
