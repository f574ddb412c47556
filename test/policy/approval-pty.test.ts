import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, BIN, cliEnv } from '../cli/cli-harness.js';

// Issue 8 gaps 2 and 3: the y/n/always approval prompt of `toolwright call` and of the interactive
// shell, answered by a person on a real pseudo-terminal (util-linux `script`).

// ANSI escapes and carriage returns, which readline writes on a terminal.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r/g; // eslint-disable-line no-control-regex

const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** `toolwright args…` on a pseudo-terminal in `cwd`. */
class Pty {
  private raw = '';
  readonly child: ChildProcessWithoutNullStreams;

  constructor(args: string[], cwd: string) {
    assertBuilt();
    const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
    this.child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: { ...cliEnv(), TERM: 'xterm', COLUMNS: '400', LINES: '40' } });
    this.child.stdout.on('data', (c: Buffer) => (this.raw += c.toString()));
  }

  get screen(): string {
    return this.raw.replace(ANSI, '');
  }

  async waitFor(text: string, from = 0, timeoutMs = 20_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const index = this.screen.indexOf(text, from);
      if (index >= 0) return index + text.length;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${JSON.stringify(text)}; screen:\n${this.screen}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  type(keys: string): void {
    this.child.stdin.write(keys);
  }

  exited(): Promise<number | null> {
    return new Promise((resolve) => (this.child.exitCode !== null ? resolve(this.child.exitCode) : this.child.on('close', (code) => resolve(code))));
  }
}

const ptys: Pty[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const pty of ptys.splice(0)) if (pty.child.exitCode === null) pty.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-pty-')));
  dirs.push(dir);
  return dir;
}

function pty(args: string[], cwd: string): Pty {
  const p = new Pty(args, cwd);
  ptys.push(p);
  return p;
}

const createArgs = (path: string): string => JSON.stringify({ command: 'create', path, file_text: 'x\n' });
// Each test starts one or two real CLI processes on a pty: slow on a loaded machine.
jest.setTimeout(60_000);

const PROMPT = "Allow? [y]es / [n]o / [a]lways (adds file_editor(src/**)): ";

describe('toolwright call asks y/n/always on a terminal', () => {
  it('y runs the call once and adds no grant', async () => {
    const dir = workDir();
    const path = join(dir, 'src', 'a.txt');
    const p = pty(['call', 'file_editor', createArgs(path), '--mode', 'default'], dir);
    await p.waitFor(PROMPT);
    expect(p.screen).toContain(`Permission needed: file_editor ${createArgs(path)}\n  No rule allows this call of 'file_editor'.\n${PROMPT}`);
    p.type('y\r');
    expect(await p.exited()).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe('x\n');
    expect(existsSync(join(dir, '.toolwright', 'permissions.json'))).toBe(false);
  });

  it('n refuses: exit 1, the model-facing rejection, nothing written', async () => {
    const dir = workDir();
    const path = join(dir, 'src', 'a.txt');
    const p = pty(['call', 'file_editor', createArgs(path), '--mode', 'default'], dir);
    const at = await p.waitFor(PROMPT);
    p.type('n\r');
    expect(await p.exited()).toBe(1);
    expect(p.screen.slice(at)).toContain("The user did not approve this call of 'file_editor': The user answered no at the terminal.");
    expect(existsSync(path)).toBe(false);
  });

  it('always runs the call and persists the rule; the next such call is not asked', async () => {
    const dir = workDir();
    const p = pty(['call', 'file_editor', createArgs(join(dir, 'src', 'a.txt')), '--mode', 'default'], dir);
    await p.waitFor(PROMPT);
    p.type('a\r');
    expect(await p.exited()).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '.toolwright', 'permissions.json'), 'utf8'))).toEqual({ version: 1, allow: ['file_editor(src/**)'], ask: [], deny: [] });
    const again = pty(['call', 'file_editor', createArgs(join(dir, 'src', 'b.txt')), '--mode', 'default'], dir);
    expect(await again.exited()).toBe(0);
    expect(again.screen).not.toContain('Permission needed');
    expect(readFileSync(join(dir, 'src', 'b.txt'), 'utf8')).toBe('x\n');
  });

  it('an ask rule: no [a]lways offered, and the prompt says why', async () => {
    const dir = workDir();
    const p = pty(['call', 'file_editor', createArgs(join(dir, 'src', 'a.txt')), '--ask', 'file_editor(src/**)'], dir);
    await p.waitFor('Allow? [y]es / [n]o: ');
    expect(p.screen).toContain('  The ask rule file_editor(src/**) asks every time; "always" cannot override it (remove the rule to stop the question).\nAllow? [y]es / [n]o: ');
    p.type('a\r'); // not an answer here: asked again
    await p.waitFor('Allow? [y]es / [n]o: ', p.screen.indexOf('Allow? [y]es / [n]o: ') + 1);
    p.type('y\r');
    expect(await p.exited()).toBe(0);
    expect(existsSync(join(dir, '.toolwright', 'permissions.json'))).toBe(false);
  });
});

describe('the interactive shell asks y/n/always too', () => {
  it('n, then y, then always (grant written; the next call runs without a question)', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: ['file_editor'], permissions: { mode: 'default' } }));
    const p = pty(['--spec', 'agent.json'], dir);
    let at = await p.waitFor('toolwright› ');
    const call = (name: string): string => `file_editor ${createArgs(join(dir, 'src', name))}\r`;

    p.type(call('no.txt'));
    at = await p.waitFor(PROMPT, at);
    expect(p.screen.slice(0, at)).toContain(`Permission needed: file_editor ${createArgs(join(dir, 'src', 'no.txt'))}\n  No rule allows this call of 'file_editor'.\n`);
    p.type('n\r');
    at = await p.waitFor("The user did not approve this call of 'file_editor': The user answered no at the terminal.", at);
    at = await p.waitFor('toolwright› ', at);
    expect(existsSync(join(dir, 'src', 'no.txt'))).toBe(false);

    p.type(call('yes.txt'));
    at = await p.waitFor(PROMPT, at);
    p.type('y\r');
    at = await p.waitFor('toolwright› ', at);
    expect(readFileSync(join(dir, 'src', 'yes.txt'), 'utf8')).toBe('x\n');
    expect(existsSync(join(dir, '.toolwright', 'permissions.json'))).toBe(false);

    p.type(call('always.txt'));
    at = await p.waitFor(PROMPT, at);
    p.type('a\r');
    at = await p.waitFor('toolwright› ', at);
    expect(readFileSync(join(dir, 'src', 'always.txt'), 'utf8')).toBe('x\n');
    expect(JSON.parse(readFileSync(join(dir, '.toolwright', 'permissions.json'), 'utf8'))).toEqual({ version: 1, allow: ['file_editor(src/**)'], ask: [], deny: [] });

    p.type(call('after.txt'));
    at = await p.waitFor('toolwright› ', at);
    expect(p.screen.slice(at)).not.toContain('Permission needed');
    expect(readFileSync(join(dir, 'src', 'after.txt'), 'utf8')).toBe('x\n');
    p.type('exit\r');
    expect(await p.exited()).toBe(0);
  }, 90_000);
});
