import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '@toolwright/sdk';
import type { TerminalExecutor, TerminalObservation } from '@toolwright/tools';
import { isAlive, processesInSession } from '../src/terminal/session-processes.js';
import { fixture } from './support/fixture.js';

const FAST = { noChangeTimeoutSeconds: 0.5 };

describe('terminal', () => {
  it('keeps cd, exported variables and functions between calls, with the footer', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const first = (await f.call(terminal, { command: 'echo hi' })) as TerminalObservation;
      expect(first.text).toBe(`hi\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
      expect(first.exitCode).toBe(0);
      await f.call(terminal, { command: 'mkdir -p sub && cd sub && export GREETING=hello && greet() { echo "$GREETING $1"; }' });
      const second = (await f.call(terminal, { command: 'greet world; pwd; false' })) as TerminalObservation;
      expect(second.text).toBe(`hello world\n${f.dir}/sub\n[Current working directory: ${f.dir}/sub]\n[Command finished with exit code 1]`);
      expect(second.exitCode).toBe(1);
      expect(second.workingDir).toBe(join(f.dir, 'sub'));
      const heredoc = await f.call(terminal, { command: "cat <<'EOF' > note.txt\nline $HOME\nEOF" });
      expect(heredoc.isError).toBe(false);
      expect(readFileSync(join(f.dir, 'sub/note.txt'), 'utf8')).toBe('line $HOME\n');
      const test = await f.call(terminal, { command: '[[ -f note.txt ]] && echo yes' });
      expect(test.text.startsWith('yes\n')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('returns early on no new output (exit code -1, hint), polls with "", answers a read prompt', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const asked = (await f.call(terminal, { command: 'read -p "Name? " name && echo "Hello, $name"' })) as TerminalObservation;
      expect(asked.exitCode).toBe(-1);
      expect(asked.text).toBe(
        'Name?\n[The command has produced no new output for 0.5 seconds and is still running. Send "" with is_input=true to wait for more output, send text with is_input=true to answer the program, or send "C-c" with is_input=true to interrupt it (or set `timeout` on future commands).]\n' +
          `[Current working directory: ${f.dir}]`,
      );
      const refused = await f.call(terminal, { command: 'ls' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('[Your command "ls" was NOT run: the previous command is still running');
      const polled = (await f.call(terminal, { command: '', is_input: true })) as TerminalObservation;
      expect(polled.exitCode).toBe(-1);
      expect(polled.text.startsWith('[Continued output of the running command.]\n')).toBe(true);
      const answered = (await f.call(terminal, { command: 'Ada', is_input: true })) as TerminalObservation;
      expect(answered.text).toBe(`[Continued output of the running command.]\nHello, Ada\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
      expect(answered.exitCode).toBe(0);
    } finally {
      await f.cleanup();
    }
  });

  it('interrupts with C-c and sends named keys', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = (await f.call(terminal, { command: 'sleep 100' })) as TerminalObservation;
      expect(started.exitCode).toBe(-1);
      const stopped = (await f.call(terminal, { command: 'C-c', is_input: true })) as TerminalObservation;
      expect(stopped.exitCode).toBe(130);
      expect(stopped.text.endsWith('[Command finished with exit code 130]')).toBe(true);
      await f.call(terminal, { command: 'IFS= read -r line && printf "%q\\n" "$line"' });
      await f.call(terminal, { command: 'TAB', is_input: true });
      const typed = (await f.call(terminal, { command: 'x', is_input: true })) as TerminalObservation;
      expect(typed.text).toContain("$'\\tx'");
      await f.call(terminal, { command: 'cat' });
      const eof = (await f.call(terminal, { command: 'C-d', is_input: true })) as TerminalObservation;
      expect(eof.exitCode).toBe(0);
    } finally {
      await f.cleanup();
    }
  });

  it('interrupts a command past its hard timeout and says so', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = Date.now();
      const result = (await f.call(terminal, { command: 'echo start; sleep 30', timeout: 1 })) as TerminalObservation;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result.isError).toBe(true);
      expect(result.errorCode).toBe(ErrorCode.TIMEOUT);
      expect(result.timeout).toBe(true);
      expect(result.text).toContain('start\n[The command timed out after 1 seconds (its `timeout`) and was interrupted with C-c.');
      expect(result.exitCode).toBe(130);
      expect((await f.call(terminal, { command: 'echo after' })).text.startsWith('after\n')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('refuses what it cannot run, with hints', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const both = await f.call(terminal, { command: 'ls', is_input: true, reset: true });
      expect(both.text).toBe('Cannot use reset=true with is_input=true: reset restarts the terminal, while is_input talks to the running program. Send them as separate calls.');
      expect((await f.call(terminal, { command: '' })).text).toBe('No previous running command to retrieve logs from.');
      expect((await f.call(terminal, { command: 'y', is_input: true })).text).toBe('No previous running command to interact with.');
      const multi = await f.call(terminal, { command: 'echo a\necho b' });
      expect(multi.isError).toBe(true);
      expect(multi.text).toBe('Cannot execute multiple commands at once.\nRun them one per call, or chain them into one command with && or ;\nCommands given:\n(1) echo a\n(2) echo b');
      const literal = await f.call(terminal, { command: '{"path": "/tmp/x"}' });
      expect(literal.isError).toBe(true);
      expect(literal.text).toMatch(/^The `command` argument looks like a JSON\/Python dict literal, not a shell command\./);
      expect(literal.text).toContain('file_editor');
      expect(literal.text).toContain('heredoc');
      expect((await f.call(terminal, { command: '[["a"]]' })).text).toContain('nested list literal');
    } finally {
      await f.cleanup();
    }
  });

  it('resets the session: cwd back to the working dir, variables gone, with or without a command', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      await f.call(terminal, { command: 'cd / && export KEEP=1' });
      const reset = (await f.call(terminal, { command: '', reset: true })) as TerminalObservation;
      expect(reset.text).toBe('Terminal session has been reset. All previous environment variables and session state have been cleared.');
      const after = await f.call(terminal, { command: 'echo "[$KEEP]"; pwd', reset: true });
      expect(after.text).toBe(
        `Terminal session has been reset. All previous environment variables and session state have been cleared.\n\n[]\n${f.dir}\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`,
      );
      const exited = (await f.call(terminal, { command: 'exit 3' })) as TerminalObservation;
      expect(exited.exitCode).toBe(3);
      expect(exited.text).toContain('[The shell exited with code 3 and was restarted: a new session runs in ' + f.dir);
      expect((await f.call(terminal, { command: 'echo back' })).text.startsWith('back\n')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('cuts output over 30,000 characters in the middle and saves the full output', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const result = (await f.call(terminal, { command: 'seq 1 20000' })) as TerminalObservation;
      expect(result.text.length).toBeLessThanOrEqual(30_000);
      expect(result.text.startsWith('1\n2\n3\n')).toBe(true);
      expect(result.text).toContain('19999\n20000\n[Current working directory:');
      expect(result.fullOutputPath).toBeDefined();
      expect(result.text).toContain(`The full output is saved in ${result.fullOutputPath}`);
      const full = readFileSync(result.fullOutputPath!, 'utf8');
      expect(full.split('\n')).toHaveLength(20000);
      expect(result.fullOutputPath!.startsWith(f.state.stateDir)).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('takes env and workingDir params, and fails at create on a missing working dir', async () => {
    const f = fixture();
    try {
      await expect(f.tool('terminal', { workingDir: join(f.dir, 'missing') })).rejects.toThrow(
        `terminal: the working directory '${join(f.dir, 'missing')}' does not exist or is not a directory.`,
      );
      const g = fixture();
      try {
        const terminal = await g.tool('terminal', { ...FAST, workingDir: '/tmp', env: { TW_SPEC_VAR: 'from-spec' } });
        expect((await g.call(terminal, { command: 'echo $TW_SPEC_VAR; pwd' })).text.startsWith('from-spec\n/tmp\n')).toBe(true);
        expect(terminal.resourcesOf(terminal.actionFromArguments({ command: 'ls' }))).toEqual(['terminal:session']);
        expect(terminal.annotations).toEqual({ title: 'terminal', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
      } finally {
        await g.cleanup();
      }
    } finally {
      await f.cleanup();
    }
  });

  it('stops waiting and interrupts when the call times out', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 30 });
      const result = await terminal.call(terminal.actionFromArguments({ command: 'sleep 30' }), { timeoutMs: 300 });
      expect(result.errorCode).toBe(ErrorCode.TIMEOUT);
      const next = await f.call(terminal, { command: 'echo ok' });
      expect(next.text.startsWith('ok\n')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('ends every process of the session when the conversation closes', async () => {
    const f = fixture();
    let all: number[] = [];
    let shell = -1;
    try {
      const terminal = await f.tool('terminal', { ...FAST, pidNamespace: false }); // the session kill alone (the namespace: terminal-containment.test.ts)
      const out = await f.call(terminal, {
        command: "sleep 1001 & echo $!; nohup sleep 1002 >/dev/null 2>&1 & echo $!; (trap '' HUP; exec sleep 1003) & echo $!",
      });
      const pids = out.text.split('\n').filter((line) => /^\d+$/.test(line)).map(Number); // job lines like '[1] 123' aside
      expect(pids).toHaveLength(3);
      await f.call(terminal, { command: 'sleep 1004' }); // left running in the foreground
      shell = (terminal.executor as TerminalExecutor).shellPid!;
      all = processesInSession(shell);
      expect(all.length).toBeGreaterThanOrEqual(5);
      for (const pid of pids) expect(all).toContain(pid);
    } finally {
      await f.cleanup();
    }
    for (const pid of [...all, shell]) expect([pid, isAlive(pid)]).toEqual([pid, false]);
  });
});
