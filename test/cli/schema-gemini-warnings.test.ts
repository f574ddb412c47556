import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt, BIN, cliEnv, FIXTURES, ROOT, runCli } from './cli-harness.js';

const UNTYPED = ['--import', join(FIXTURES, 'gemini-untyped-tools.mjs')];
const DROPPED =
  "toolwright: warning: Tool 'configure' is not exported for Gemini: every call needs #/properties/options, which Gemini's schema cannot describe, so a Gemini model could not call it.";

// ANSI escapes and carriage returns, which readline writes on a terminal.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r/g; // eslint-disable-line no-control-regex

let running: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (running && running.exitCode === null) running.kill('SIGKILL');
  running = undefined;
});

describe('schema --format gemini says which tools it leaves out', () => {
  it('prints the warning, with the JSON path, on stderr and the tools Gemini can call on stdout', async () => {
    const run = await runCli(['schema', '--format', 'gemini', ...UNTYPED]);
    expect(run.code).toBe(0);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((d) => d.name);
    expect(names).toContain('greet');
    expect(names).not.toContain('configure');
    expect(run.stderr.split('\n')).toEqual([
      DROPPED,
      '  #/properties/options: is a free-form object or record (no declared properties); Gemini objects need properties, so it is left out.',
      '  #/properties/options: is required but cannot be described for Gemini; a Gemini model cannot send it.',
      '',
    ]);
  });

  it('says it when the tool is named too, and says nothing for another format', async () => {
    const named = await runCli(['schema', 'configure', '--format', 'gemini', ...UNTYPED]);
    expect([named.code, named.stdout.trim()]).toEqual([0, '[]']);
    expect(named.stderr.split('\n')[0]).toBe(DROPPED);
    const anthropic = await runCli(['schema', 'configure', '--format', 'anthropic', ...UNTYPED]);
    expect([anthropic.code, anthropic.stderr]).toEqual([0, '']);
    expect((JSON.parse(anthropic.stdout) as { name: string }[]).map((d) => d.name)).toEqual(['configure']);
  });

  it('warns in the interactive shell too, every time it is asked', async () => {
    assertBuilt();
    const command = [process.execPath, BIN, ...UNTYPED].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env: { ...cliEnv(), TERM: 'xterm', COLUMNS: '400', LINES: '40' } });
    running = child;
    let raw = '';
    child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const screen = (): string => raw.replace(ANSI, '');
    const waitFor = async (text: string, from = 0): Promise<number> => {
      const started = Date.now();
      for (;;) {
        const index = screen().indexOf(text, from);
        if (index >= 0) return index;
        if (Date.now() - started > 15_000) throw new Error(`timed out waiting for ${text}; screen:\n${screen()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    let at = await waitFor('toolwright›');
    for (let round = 0; round < 2; round++) {
      child.stdin.write('schema --format gemini\r');
      at = await waitFor(DROPPED, at);
      at = await waitFor('"name": "greet"', at);
    }
    expect(screen()).not.toContain('"name": "configure"');
    child.stdin.write('exit\r');
  });
});
