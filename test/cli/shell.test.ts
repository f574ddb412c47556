import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt, BIN, cliEnv, FIXTURES, ROOT, SAMPLE } from './cli-harness.js';

// ANSI escapes (colours, cursor moves) and carriage returns, which readline writes on a terminal.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r/g; // eslint-disable-line no-control-regex

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `toolwright args…` on a pseudo-terminal, through util-linux `script`. */
class PtySession {
  private raw = '';
  readonly child: ChildProcessWithoutNullStreams;

  constructor(args: string[], env: Record<string, string> = {}) {
    assertBuilt();
    const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
    this.child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env: { ...cliEnv(env), TERM: 'xterm', COLUMNS: '400', LINES: '40' } });
    this.child.stdout.on('data', (c: Buffer) => (this.raw += c.toString()));
  }

  /** Everything written to the terminal, escapes included. */
  get output(): string {
    return this.raw;
  }

  /** Everything shown so far, without escapes. */
  get screen(): string {
    return this.raw.replace(ANSI, '');
  }

  /** Waits until `pattern` appears after `from` characters of the screen. */
  async waitFor(pattern: RegExp | string, from = 0, timeoutMs = 15_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const rest = this.screen.slice(from);
      const index = typeof pattern === 'string' ? rest.indexOf(pattern) : rest.search(pattern);
      if (index >= 0) return from + index;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${this.screen}`);
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

let session: PtySession | undefined;
afterEach(() => {
  if (session && session.child.exitCode === null) session.child.kill('SIGKILL');
  session = undefined;
});

describe('toolwright interactive shell (on a pseudo-terminal)', () => {
  it('lists the tools, completes names with Tab, shows help and runs calls', async () => {
    session = new PtySession(SAMPLE);
    const s = session;
    let at = await s.waitFor('toolwright›');
    expect(s.screen).toMatch(/shell — \d+ tools in /);
    expect(s.screen).toMatch(/echo +native +read-only idempotent +Echo the text back\./);

    s.type('ec\t');
    at = await s.waitFor('toolwright› echo', at);
    s.type(' {"text":"hi","times":3}\r');
    at = await s.waitFor('hihihi', at);
    expect(s.screen.slice(at - 200)).toMatch(/EchoAction\n {2}text: hi\n {2}times: 3\nObservation\nhihihi/);

    s.type('sum \t');
    at = await s.waitFor('toolwright› sum {"a":1,"b":1}', at);
    s.type('\r');
    at = await s.waitFor('"sum": 2', at);

    // readline completes only when Tab ends the chunk it reads, as when a human types it.
    s.type('help ech\t');
    at = await s.waitFor('toolwright› help echo', at);
    s.type('\r');
    at = await s.waitFor('Parameters:', at);
    expect(s.screen.slice(at)).toContain('text   string  required');

    s.type('echo {"text":5}\r');
    at = await s.waitFor("Invalid arguments for tool 'echo'", at);
    expect(s.screen.slice(at - 120, at)).toContain('[An error occurred during execution.]');

    s.type('exit\r');
    expect(await s.exited()).toBe(0);
  });

  it('cancels a running call with Ctrl-C and keeps the shell open', async () => {
    session = new PtySession(SAMPLE);
    const s = session;
    let at = await s.waitFor('toolwright›');
    s.type('slow {"ms":10000}\r');
    at = await s.waitFor(/… slow \d/, at);
    s.type('\x03');
    at = await s.waitFor("Tool 'slow' was cancelled.", at);
    await s.waitFor('toolwright›', at);
    s.type('\x04');
    expect(await s.exited()).toBe(0);
  });

  it("shows a server's escape sequences in the table, in help and in results instead of obeying them", async () => {
    session = new PtySession(['--spec', join(FIXTURES, 'hostile-spec.yaml')], { NODE: process.execPath, HOSTILE: join(FIXTURES, 'hostile-mcp-server.mjs') });
    const s = session;
    let at = await s.waitFor('toolwright›');
    expect(s.screen).toContain('trap  mcp:hostile  destructive open-world  Look\\x1b]52;c;ZWNobyBwd25lZA==\\x07 here\\x1bc');
    s.type('help trap\r');
    at = await s.waitFor('Parameters:', at);
    expect(s.screen).toContain('trap — Trap\\x1b]0;t\\x07 (mcp:hostile)');
    s.type('trap\r');
    await s.waitFor('\\u202eevil', at);
    s.type('exit\r');
    expect(await s.exited()).toBe(0);
    // Only readline's own CSI sequences reach the terminal: no OSC (title, clipboard, link), no ESC c, no BEL, no RLO.
    expect(s.output).not.toMatch(/\x1b\]|\x1bc|\x07|\u202e/); // eslint-disable-line no-control-regex
  });
});
