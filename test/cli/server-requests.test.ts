import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, BIN, cliEnv, FIXTURES, runCli } from './cli-harness.js';
import { EVERYTHING } from '../mcp/support/servers.js';

// Issue 13 §2: a spec server with capabilities { sampling: true, elicitation: true } used from
// the CLI. server-everything's trigger-sampling-request / trigger-elicitation-request ask; a
// person answers on a real pseudo-terminal (util-linux `script`), or nobody does (a pipe).

/** Terminal escapes and carriage returns. */
const ESCAPES = /\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r/g; // eslint-disable-line no-control-regex

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-server-requests-'));
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'], capabilities: { sampling: true, elicitation: true } };
  writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [], mcpServers: { everything } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `toolwright args…` on a pseudo-terminal; `answer(prompt, line)` types a line once the prompt shows. */
class Terminal {
  readonly child: ChildProcessWithoutNullStreams;
  private raw = '';

  constructor(args: string[]) {
    assertBuilt();
    const line = [process.execPath, BIN, ...args].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    this.child = spawn('script', ['-qfec', line, '/dev/null'], { cwd: dir, env: { ...cliEnv(), TERM: 'xterm', COLUMNS: '300' } });
    this.child.stdout.on('data', (c: Buffer) => (this.raw += c.toString()));
  }

  get screen(): string {
    return this.raw.replace(ESCAPES, '');
  }

  /** Waits for `prompt` after position `from`, types `line` + Enter, and returns the position after the prompt. */
  async answer(prompt: string, line: string, from = 0): Promise<number> {
    const started = Date.now();
    for (;;) {
      const at = this.screen.indexOf(prompt, from);
      if (at >= 0) {
        this.child.stdin.write(`${line}\r`);
        return at + prompt.length;
      }
      if (Date.now() - started > 20_000) throw new Error(`no ${JSON.stringify(prompt)} on the screen:\n${this.screen}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  exited(): Promise<number | null> {
    return new Promise((resolve) => (this.child.exitCode !== null ? resolve(this.child.exitCode) : this.child.on('close', (code) => resolve(code))));
  }
}

const terminals: Terminal[] = [];
afterEach(() => {
  for (const t of terminals.splice(0)) if (t.child.exitCode === null) t.child.kill('SIGKILL');
});
const onTerminal = (...args: string[]): Terminal => {
  const t = new Terminal(args);
  terminals.push(t);
  return t;
};

describe('sampling and elicitation of a spec server, from the CLI', () => {
  it('without a terminal, call declines both and says why on stderr', async () => {
    const sampled = await runCli(['call', 'trigger-sampling-request', '{"prompt":"Say hi","maxTokens":5}', '--spec', 'agent.json'], { cwd: dir });
    expect([sampled.code, sampled.stdout, sampled.stderr]).toEqual([
      1,
      '[An error occurred during execution.]\nMCP error -32603: The client declined the sampling request: there is no terminal to ask the user on.\n',
      "toolwright: warning: MCP server 'everything' asked for a reply of the model (sampling): declined, there is no terminal to ask the user on. Run the command on a terminal, or answer in code (a capabilities.sampling handler, or the Agent's onSample).\n",
    ]);
    const elicited = await runCli(['call', 'trigger-elicitation-request', '{}', '--spec', 'agent.json'], { cwd: dir });
    expect([elicited.code, elicited.stdout, elicited.stderr]).toEqual([
      0,
      '❌ User declined to provide the requested information.\n\nRaw result: {\n  "action": "decline"\n}\n',
      "toolwright: warning: MCP server 'everything' asked for input (elicitation): declined, there is no terminal to ask the user on. Run the command on a terminal, set capabilities.elicitation to 'defaults' to accept the requested defaults, or answer in code (the Agent's onElicit).\n",
    ]);
  });

  it('list shows the capability-gated tools (it used to fail: no handler for true)', async () => {
    const listed = await runCli(['list', '--spec', 'agent.json', '--json'], { cwd: dir });
    const names = (JSON.parse(listed.stdout) as { name: string }[]).map((t) => t.name);
    expect([listed.code, names.includes('trigger-sampling-request'), names.includes('trigger-elicitation-request'), listed.stderr]).toEqual([0, true, true, '']);
  });

  it('on a terminal, the person types the reply in the model’s place', async () => {
    const t = onTerminal('call', 'trigger-sampling-request', '{"prompt":"Say hi","maxTokens":5}', '--spec', 'agent.json');
    await t.answer('Reply (at most 5 tokens; an empty line declines): ', 'Hello from a person');
    expect(await t.exited()).toBe(0);
    expect(t.screen).toContain(
      "MCP server 'everything' asks for a reply of the model (sampling); you answer in its place:\n  [system] You are a helpful test server.\n  [user] Resource trigger-sampling-request context: Say hi\n",
    );
    const result = { model: 'toolwright-terminal-user', stopReason: 'endTurn', role: 'assistant', content: { type: 'text', text: 'Hello from a person' } };
    expect(t.screen).toContain(`LLM sampling result: \n${JSON.stringify(result, null, 2)}`);
  });

  it('on a terminal, each field is asked with its type, choices and default, and asked again until it fits', async () => {
    const t = onTerminal('call', 'trigger-elicitation-request', '{}', '--spec', 'agent.json');
    let at = await t.answer('Answer? [y]es / [n]o (decline) / [c]ancel: ', 'y');
    at = await t.answer('String (string, required): ', '', at);
    at = await t.answer('String (string, required): ', 'Ada', at + 1);
    at = await t.answer('Boolean (y/n, Enter to leave out): ', 'y', at);
    at = await t.answer('String with default (string, Enter for "It was a dark and stormy night."): ', '', at);
    at = await t.answer('String with email format (email, Enter to leave out): ', 'not-an-email', at);
    at = await t.answer('String with email format (email, Enter to leave out): ', 'ada@example.com', at + 1);
    at = await t.answer('String with uri format (uri, Enter to leave out): ', '', at);
    at = await t.answer('String with date format (date, Enter to leave out): ', '', at);
    at = await t.answer('Integer (integer, Enter for 42): ', '4.5', at);
    at = await t.answer('Integer (integer, Enter for 42): ', '7', at + 1);
    at = await t.answer('Number in range 1-1000 (number, Enter for 3.14): ', '', at);
    at = await t.answer('Untitled Single Select Enum (a number or value, Enter for Monica): ', '4', at);
    at = await t.answer('Untitled Multiple Select Enum (numbers or values, comma-separated, Enter for Guitar): ', '2, Drums', at);
    at = await t.answer('Titled Single Select Enum (a number or value, Enter for Superman): ', 'Wonder Woman', at);
    at = await t.answer('Titled Multiple Select Enum (numbers or values, comma-separated, Enter for Tuna): ', '', at);
    await t.answer('Legacy Titled Single Select Enum (a number or value, Enter for Cats): ', '', at);
    expect(await t.exited()).toBe(0);
    const screen = t.screen;
    expect(screen).toContain("MCP server 'everything' asks for input (elicitation):\n  Please provide inputs for the following fields:\n");
    expect(screen).toContain('  This field is required.\n');
    expect(screen).toContain('  expected an email address (name@host).\n');
    expect(screen).toContain('  expected a whole number.\n');
    expect(screen).toContain('    1) Superman\n    2) Green Lantern\n    3) Wonder Woman\n');
    const content = {
      name: 'Ada',
      check: true,
      firstLine: 'It was a dark and stormy night.',
      email: 'ada@example.com',
      integer: 7,
      number: 3.14,
      untitledSingleSelectEnum: 'Chandler',
      untitledMultipleSelectEnum: ['Piano', 'Drums'],
      titledSingleSelectEnum: 'hero-3',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    };
    expect(screen).toContain(`Raw result: ${JSON.stringify({ action: 'accept', content }, null, 2)}`);
  });

  it('in the interactive shell, the question comes through the shell’s own line editor', async () => {
    const t = onTerminal('--spec', 'agent.json');
    let at = await t.answer('toolwright› ', 'trigger-sampling-request {"prompt":"Say hi","maxTokens":5}');
    at = await t.answer('Reply (at most 5 tokens; an empty line declines): ', 'Typed in the shell', at);
    await t.answer('toolwright› ', 'exit', at);
    expect(await t.exited()).toBe(0);
    expect(t.screen).toContain('"text": "Typed in the shell"');
  });

  it('on a terminal, no is a decline and end of input a cancel', async () => {
    const t = onTerminal('call', 'trigger-elicitation-request', '{}', '--spec', 'agent.json');
    await t.answer('Answer? [y]es / [n]o (decline) / [c]ancel: ', 'n');
    expect(await t.exited()).toBe(0);
    expect(t.screen).toContain('Raw result: {\n  "action": "decline"\n}');
    const c = onTerminal('call', 'trigger-elicitation-request', '{}', '--spec', 'agent.json');
    await c.answer('Answer? [y]es / [n]o (decline) / [c]ancel: ', '\x04');
    expect(await c.exited()).toBe(0);
    expect(c.screen).toContain('"action": "cancel"');
  });

  it('native tools that sample or elicit (ctx.sample, ctx.elicit) get the same answers', async () => {
    const talkback = ['--import', join(FIXTURES, 'talkback-tools.mjs')];
    const piped = await runCli(['call', 'ask_model', '{"question":"hi"}', ...talkback], { cwd: dir });
    expect([piped.code, piped.stderr]).toEqual([
      1,
      "toolwright: warning: A tool asked for a reply of the model (sampling): declined, there is no terminal to ask the user on. Run the command on a terminal, or answer in code (a capabilities.sampling handler, or the Agent's onSample).\n",
    ]);
    expect(piped.stdout).toContain('The client declined the sampling request: there is no terminal to ask the user on.');
    const t = onTerminal('call', 'ask_user', '{}', ...talkback);
    let at = await t.answer('Answer? [y]es / [n]o (decline) / [c]ancel: ', 'y');
    at = await t.answer('name (string, required): ', 'Ada', at);
    expect(await t.exited()).toBe(0);
    expect(t.screen).toContain('A tool asks for input (elicitation):\n  What is your name?\nAnswer? [y]es / [n]o (decline) / [c]ancel: y\n  name: Your name\n');
    expect(t.screen.slice(at)).toContain('hello Ada');
  });
});
