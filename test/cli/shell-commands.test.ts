import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { assertBuilt, BIN, cliEnv, ROOT, SAMPLE } from './cli-harness.js';

// ANSI escapes and carriage returns, which readline writes on a terminal.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r/g; // eslint-disable-line no-control-regex

/** `toolwright args…` on a pseudo-terminal (util-linux `script`), as a person runs the shell. */
function onTerminal(args: string[]): { child: ChildProcessWithoutNullStreams; screen: () => string; waitFor: (text: string, from?: number) => Promise<number> } {
  assertBuilt();
  const command = [process.execPath, BIN, ...args].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env: { ...cliEnv(), TERM: 'xterm', COLUMNS: '400', LINES: '40' } });
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
  return { child, screen, waitFor };
}

let running: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (running && running.exitCode === null) running.kill('SIGKILL');
  running = undefined;
});

describe('the interactive shell takes the commands as the CLI docs write them', () => {
  it("runs `call TOOL 'JSON'`, `schema TOOL --format F` and `help TOOL`", async () => {
    const s = onTerminal(SAMPLE);
    running = s.child;
    let at = await s.waitFor('toolwright›');

    s.child.stdin.write(`call echo '{"text":"hi","times":2}'\r`);
    at = await s.waitFor('hihi', at);
    expect(s.screen().slice(at - 200, at + 4)).toMatch(/EchoAction\n {2}text: hi\n {2}times: 2\nObservation\nhihi/);

    s.child.stdin.write('npx toolwright call sum {"a":2,"b":3}\r');
    at = await s.waitFor('"sum": 5', at);

    s.child.stdin.write('schema echo --format anthropic\r');
    at = await s.waitFor('"input_schema"', at);
    expect(s.screen().slice(at - 200, at)).toContain('"name": "echo"');

    s.child.stdin.write('schema echo --format antropic\r');
    at = await s.waitFor("schema: unknown format 'antropic'. Did you mean 'anthropic'?", at);

    s.child.stdin.write('help echo\r');
    at = await s.waitFor('Parameters:', at);

    s.child.stdin.write('help call\r');
    at = await s.waitFor('Shell commands:', at);

    s.child.stdin.write('call nope {}\r');
    at = await s.waitFor("Tool 'nope' not found", at);

    s.child.stdin.write('exit\r');
    const code = await new Promise<number | null>((resolve) => (s.child.exitCode !== null ? resolve(s.child.exitCode) : s.child.on('close', resolve)));
    expect(code).toBe(0);
  }, 60_000);
});
