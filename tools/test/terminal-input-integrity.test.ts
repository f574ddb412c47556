import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ErrorCode } from '@toolwright/sdk';
import type { AgentErrorEvent, ToolDefinition } from '@toolwright/sdk';
import type { TerminalAction, TerminalExecutor } from '@toolwright/tools';
import { controlCharacterProblem, describeControlCharacter } from '../src/terminal/control-characters.js';
import { PtySession } from '../src/terminal/pty-session.js';
import { fixture, registry } from './support/fixture.js';

const FAST = { noChangeTimeoutSeconds: 1 };

/** Every C0 control, DEL, and a sample of C1 controls and bidirectional formatting characters. */
const CONTROL_CODES = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, 0x80, 0x85, 0x8d, 0x9b, 0x9f, 0x202e, 0x2066];
/** Escape sequences a terminal or readline would act on (bracketed paste, cursor keys, reverse search). */
const SEQUENCES = ['\x1b[200~', '\x1b[201~', '\x1b[A', '\x1bOA', '\x1b\x7f', '\x1bd', '\x12rm', '\x16\x15', '\x1b]0;title\x07'];
const ALLOWED = new Set([0x09, 0x0a]);

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

describe('terminal: the command that runs is the command that was analysed', () => {
  let dir: string;
  let state: ConversationState;
  let agent: Agent;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-terminal-integrity-')));
    state = new ConversationState({ workingDir: dir });
    const [terminal] = await registry.resolve({ name: 'terminal', params: FAST }, state);
    agent = new Agent({ extraTools: [terminal as ToolDefinition], policy: { mode: 'bypass' } });
    await agent.initialize(state);
  });

  afterAll(async () => {
    await state.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses every control character but tab and newline before the policy, naming it, and runs nothing', async () => {
    for (const code of CONTROL_CODES.filter((c) => !ALLOWED.has(c))) {
      const char = String.fromCharCode(code);
      const command = `touch before-${code}${char}touch after-${code}`;
      const result = await agent.executeToolCall({ id: `c${code}`, name: 'terminal', arguments: JSON.stringify({ command }) });
      // One AgentErrorEvent and no ActionEvent: the arguments were refused while the Action was built, before permission.
      expect(result.events.map((e) => e.kind)).toEqual(['AgentErrorEvent']);
      const error = result.events[0] as AgentErrorEvent;
      expect(result.observation.isError).toBe(true);
      expect(result.observation.errorCode).toBe(ErrorCode.INVALID_ARGUMENTS);
      const position = `before-${code}`.length + 'touch '.length;
      expect(error.message).toContain(`command contains the control character ${describeControlCharacter(code)} at position ${position} (0-based)`);
      expect(error.message).toContain(hex(code));
      expect(error.message).toContain("a control character as an argument: printf '\\x1b' or $'\\x1b'."); // whole: the model's message clips lines at 400 characters
    }
    expect(readdirSync(dir).filter((name) => /^(before|after)-/.test(name))).toEqual([]);
  });

  it('refuses escape sequences and the Ctrl-U example of the issue, names Ctrl-U, and deletes nothing', async () => {
    await agent.executeToolCall({ id: 'mk', name: 'terminal', arguments: JSON.stringify({ command: 'echo keep > README.md' }) });
    const attack = await agent.executeToolCall({ id: 'u', name: 'terminal', arguments: JSON.stringify({ command: 'echo hi\u0015rm -f README.md' }) });
    expect((attack.events[0] as AgentErrorEvent).message).toContain('U+0015 (Ctrl-U, NAK) at position 7 (0-based)');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('keep\n');
    for (const sequence of SEQUENCES) {
      const result = await agent.executeToolCall({ id: 's', name: 'terminal', arguments: JSON.stringify({ command: `echo a${sequence}b` }) });
      expect(result.observation.isError).toBe(true);
      expect(result.observation.text).toContain(`command contains the control character ${describeControlCharacter(sequence.charCodeAt(0))} at position 6`);
    }
  });

  it('refuses a carriage return too (CRLF included): it ends a line in a terminal and is part of a word in a script', async () => {
    for (const command of ['echo a\r', 'echo a\r\necho b', 'ls\rrm -f README.md']) {
      const result = await agent.executeToolCall({ id: 'cr', name: 'terminal', arguments: JSON.stringify({ command }) });
      expect(result.observation.text).toContain('U+000D (Ctrl-M, CR)');
      expect(result.observation.text).toContain('Only printable characters, tab and \\n are allowed (not \\r)');
    }
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('keep\n');
  });

  it('refuses control characters in is_input text as well, and takes named keys', async () => {
    const text = await agent.executeToolCall({ id: 'i', name: 'terminal', arguments: JSON.stringify({ command: 'y\u0003', is_input: true }) });
    expect(text.observation.text).toContain('U+0003 (Ctrl-C, ETX)');
    expect(text.observation.text).toContain('Keys for a running program: is_input with the key name (C-c, ESC, UP…)');
  });

  it('runs a command with tabs and newlines (a heredoc) exactly as written', async () => {
    const command = "cat > exact.txt <<'EOF'\na\tb\n  c \\ $HOME !! `x`\nEOF";
    const result = await agent.executeToolCall({ id: 't', name: 'terminal', arguments: JSON.stringify({ command }) });
    expect(result.observation.isError).toBe(false);
    expect(readFileSync(join(dir, 'exact.txt'), 'utf8')).toBe('a\tb\n  c \\ $HOME !! `x`\n');
  });

  it('the executor refuses them itself when called without validation', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const executor = terminal.executor as TerminalExecutor;
      const result = await executor.execute(Object.assign(terminal.actionFromArguments({ command: 'echo ok' }) as TerminalAction, { command: 'echo hi\x7frm x' }));
      expect([result.isError, result.errorCode]).toEqual([true, ErrorCode.INVALID_ARGUMENTS]);
      expect(result.text).toContain('U+007F (DEL, the Backspace key) at position 7');
    } finally {
      await f.cleanup();
    }
  });
});

describe('controlCharacterProblem', () => {
  it('accepts printable text, tab and newline, and names the first refused character', () => {
    expect(controlCharacterProblem('ls -la\tx\ny é ✓')).toBeUndefined();
    for (const code of CONTROL_CODES.filter((c) => !ALLOWED.has(c))) {
      expect(controlCharacterProblem(`ab${String.fromCharCode(code)}`)).toContain(`${describeControlCharacter(code)} at position 2`);
    }
    expect(describeControlCharacter(0x15)).toBe('U+0015 (Ctrl-U, NAK)');
    expect(describeControlCharacter(0x00)).toBe('U+0000 (Ctrl-@, NUL)');
    expect(describeControlCharacter(0x9b)).toBe('U+009B (C1 control)');
    expect(describeControlCharacter(0x202e)).toBe('U+202E (bidirectional formatting character)');
  });
});

describe('PtySession delivers a command byte for byte, whatever it contains', () => {
  let dir: string;
  let session: PtySession;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-pty-delivery-')));
    session = await PtySession.start({ shell: 'bash', cwd: dir, env: { ...(process.env as Record<string, string>), LC_ALL: 'C.UTF-8' } });
  });

  afterAll(async () => {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(command: string): Promise<number> {
    session.sendCommand(command);
    const outcome = await session.wait({ hardMs: 10_000 });
    if (outcome.kind !== 'done') throw new Error(`${JSON.stringify(command)} did not finish: ${outcome.kind} ${outcome.output}`);
    return outcome.exitCode;
  }

  // The differential: for each character, the bytes bash wrote are exactly the bytes of the command's
  // quoted text. Through the terminal's line editing, Ctrl-U, DEL, Ctrl-W, Ctrl-V, Ctrl-R, Ctrl-C, Ctrl-D,
  // Ctrl-Z and Ctrl-\ would have changed the line, ended it or killed the shell. NUL is left out: bash
  // drops NUL bytes in any input (the validation refuses it first).
  it('for every control character and escape sequence, what bash executed is exactly what was sent', async () => {
    const payloads = [...CONTROL_CODES.filter((c) => c !== 0).map((c) => String.fromCharCode(c)), ...SEQUENCES];
    for (const [i, payload] of payloads.entries()) {
      const text = `echo hi${payload}rm -f victim ${payload}!!`;
      expect(await run(`printf '%s' '${text}' > out-${i}`)).toBe(0);
      expect([i, readFileSync(join(dir, `out-${i}`), 'utf8')]).toEqual([i, text]);
    }
    expect(existsSync(join(dir, 'victim'))).toBe(false);
    expect(await run('echo still here > alive')).toBe(0);
    expect(readFileSync(join(dir, 'alive'), 'utf8')).toBe('still here\n');
  });

  it('never runs what is typed into the terminal as a command, even at the prompt', async () => {
    session.write('touch typed-at-prompt\r');
    expect(await run('sleep 0.2')).toBe(0);
    session.write('touch typed-after\r'); // the program has ended: nothing reads the terminal now
    expect(await run('true')).toBe(0);
    expect(await run('sleep 0.1')).toBe(0);
    expect(existsSync(join(dir, 'typed-at-prompt'))).toBe(false);
    expect(existsSync(join(dir, 'typed-after'))).toBe(false);
    // A command that reads its input gets the terminal's, as in any terminal.
    session.sendCommand('IFS= read -r line && printf "%s" "$line" > got');
    await new Promise((resolve) => setTimeout(resolve, 100));
    session.write('typed for read\r');
    expect((await session.wait({ hardMs: 5_000 })).kind).toBe('done');
    expect(readFileSync(join(dir, 'got'), 'utf8')).toBe('typed for read');
  });
});
