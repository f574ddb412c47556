import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { Chalk } from 'chalk';
import { colorLevel, Terminal } from '../../src/io/terminal.js';
import type { CliIo } from '../../src/io/terminal.js';

function io(env: NodeJS.ProcessEnv, tty: boolean): CliIo {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty, columns: 80 });
  return { stdin: new PassThrough(), stdout, stderr: new PassThrough(), env, cwd: '/' };
}

describe('colorLevel', () => {
  it('is off for pipes, --no-color and NO_COLOR', () => {
    expect(colorLevel(io({}, false), false)).toBe(0);
    expect(colorLevel(io({ FORCE_COLOR: '2' }, true), true)).toBe(0);
    expect(colorLevel(io({ NO_COLOR: '1' }, true), false)).toBe(0);
  });

  it('follows FORCE_COLOR, even into a pipe', () => {
    expect(colorLevel(io({ FORCE_COLOR: '3' }, false), false)).toBe(3);
    expect(colorLevel(io({ FORCE_COLOR: '0' }, true), false)).toBe(0);
    expect(colorLevel(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, false), false)).toBe(1);
  });

  it('is on for a terminal unless TERM=dumb', () => {
    expect(colorLevel(io({ TERM: 'xterm' }, true), false)).toBeGreaterThan(0);
    expect(colorLevel(io({ TERM: 'dumb' }, true), false)).toBe(0);
  });
});

describe('Terminal', () => {
  it('colours nothing with colours off, as chalk at level 0 does', () => {
    const plain = new Terminal(io({}, false)).c;
    const chalk = new Chalk({ level: 0 });
    for (const args of [['x'], ['a', 'b'], [], [42], [null], [undefined, 'x']] as unknown[][]) {
      expect(plain.bold.cyan(...args)).toBe(chalk.bold.cyan(...args));
      expect(plain.dim(...args)).toBe(chalk.dim(...args));
    }
    expect(plain.level).toBe(0);
  });

  it('writes lines to stdout and stderr, coloured only when asked', () => {
    const streams = io({ FORCE_COLOR: '1' }, false);
    let out = '';
    streams.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const term = new Terminal(streams);
    term.out(term.c.red('x'));
    expect(out).toBe('\x1b[31mx\x1b[39m\n');
    expect(new Terminal(streams, { noColor: true }).c.red('x')).toBe('x');
    expect(term.interactive).toBe(false);
    expect(term.columns).toBeUndefined();
  });

  it('prints tool text with its control characters shown, keeping SGR colours only when coloured', () => {
    const coloured = io({ FORCE_COLOR: '1' }, true);
    let out = '';
    coloured.stdout.on('data', (c: Buffer) => (out += c.toString()));
    new Terminal(coloured).outUntrusted('\x1b[32mok\x1b[39m \x1b]52;c;eA==\x07');
    expect(out).toBe('\x1b[32mok\x1b[39m \\x1b]52;c;eA==\\x07\n');
    const plain = io({ NO_COLOR: '1' }, true);
    let text = '';
    plain.stdout.on('data', (c: Buffer) => (text += c.toString()));
    new Terminal(plain).outUntrusted('\x1b[32mok\x1b[39m');
    expect(text).toBe('\\x1b[32mok\\x1b[39m\n');
  });
});
