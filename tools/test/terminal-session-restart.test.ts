import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TerminalExecutor, TerminalObservation } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

const FAST = { noChangeTimeoutSeconds: 0.5 };

function restarted(dir: string, code?: number): string {
  return `[The shell exited${code === undefined ? '' : ` with code ${code}`} and was restarted: a new session runs in ${dir}; variables, functions, aliases and directory changes from before are gone, and background jobs were ended.]`;
}

/** In a PID namespace, `script` may outlive a shell that exits with a background job (it is pid 1 there) and report no code. */
const CODE_OR_NONE = 'code 0, or none';

describe('terminal: a shell that exits is restarted, and the model is told', () => {
  for (const pidNamespace of [true, false]) {
    it(`after exit, exit 3, exec false, kill -9 $$ and an exit with a background job (pidNamespace: ${pidNamespace})`, async () => {
      const f = fixture();
      try {
        const terminal = await f.tool('terminal', { ...FAST, pidNamespace });
        const cases: Array<[string, number | typeof CODE_OR_NONE]> = [
          ['exit', 0],
          ['exit 3', 3],
          ['exec false', 1],
          ['kill -9 $$', 137],
          ['sleep 100 & exit', pidNamespace ? CODE_OR_NONE : 0],
        ];
        for (const [command, expected] of cases) {
          await f.call(terminal, { command: 'cd / && export GONE=1' });
          const exited = (await f.call(terminal, { command })) as TerminalObservation;
          const code = expected === CODE_OR_NONE ? (exited.exitCode === 0 ? 0 : undefined) : expected;
          expect([command, exited.text.includes(restarted(f.dir, code))]).toEqual([command, true]);
          expect(exited.text.endsWith(`[Current working directory: ${f.dir}]\n[Command finished with exit code ${code ?? -1}]`)).toBe(true);
          expect([command, exited.workingDir, exited.exitCode]).toEqual([command, f.dir, code ?? -1]);
          const next = (await f.call(terminal, { command: 'echo "[$GONE]"; pwd' })) as TerminalObservation;
          expect([command, next.text]).toEqual([command, `[]\n${f.dir}\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`]);
        }
        const logout = await f.call(terminal, { command: 'logout' });
        expect(logout.text).toContain('logout: not login shell');
        expect((await f.call(terminal, { command: 'echo alive' })).text.startsWith('alive\n')).toBe(true);
      } finally {
        await f.cleanup();
      }
    }, 60_000);
  }

  it('says so on the next call when the shell exited after a result came back', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = (await f.call(terminal, { command: 'sleep 1; exit 4' })) as TerminalObservation;
      expect(started.exitCode).toBe(-1);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const next = (await f.call(terminal, { command: 'echo fresh' })) as TerminalObservation;
      expect(next.text).toBe(`${restarted(f.dir, 4)}\n\nfresh\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
    } finally {
      await f.cleanup();
    }
  });
});

describe('terminal: input meant for a program never runs as a command', () => {
  it('does not send is_input text once the command has finished, and says why', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = (await f.call(terminal, { command: 'sleep 0.8; echo done' })) as TerminalObservation;
      expect(started.exitCode).toBe(-1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const input = (await f.call(terminal, { command: 'touch injected', is_input: true })) as TerminalObservation;
      expect(input.isError).toBe(true);
      expect(input.text).toContain('done\n[Your input was NOT sent: the command had already finished');
      expect(input.exitCode).toBe(0);
      expect((await f.call(terminal, { command: 'ls' })).text).not.toContain('injected');
      expect(existsSync(join(f.dir, 'injected'))).toBe(false);
    } finally {
      await f.cleanup();
    }
  });

  it('discards lines typed for a program that ended without reading them, instead of running them at the prompt', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = (await f.call(terminal, { command: 'sleep 1.5' })) as TerminalObservation;
      expect(started.exitCode).toBe(-1);
      const input = (await f.call(terminal, { command: 'touch injected', is_input: true })) as TerminalObservation; // sleep never reads it
      expect(input.isError).toBe(false);
      const after = (await f.call(terminal, { command: '', is_input: true, timeout: 5 })) as TerminalObservation;
      expect(after.text.endsWith('[Command finished with exit code 0]')).toBe(true);
      const next = (await f.call(terminal, { command: 'echo $?; ls' })) as TerminalObservation;
      expect(next.text).toBe(`0\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
      expect(existsSync(join(f.dir, 'injected'))).toBe(false);
      expect((terminal.executor as TerminalExecutor).shellPid).toBeGreaterThan(0);
    } finally {
      await f.cleanup();
    }
  });
});

describe('terminal: a program that leaves the terminal raw', () => {
  it('does not wedge the next command with a partial line left in the terminal', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      const started = (await f.call(terminal, { command: 'stty -icanon min 1 </dev/tty; sleep 1.5' })) as TerminalObservation;
      expect(started.exitCode).toBe(-1);
      await f.call(terminal, { command: 'LEFT', is_input: true }); // an escape sequence, no newline: sleep never reads it
      const done = (await f.call(terminal, { command: '', is_input: true, timeout: 5 })) as TerminalObservation;
      expect(done.exitCode).toBe(0);
      const next = (await f.call(terminal, { command: 'stty icanon </dev/tty; echo next', timeout: 5 })) as TerminalObservation;
      expect(next.text).toBe(`next\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
    } finally {
      await f.cleanup();
    }
  });
});

describe('terminal output', () => {
  it('keeps output that starts with the command text (the command is never echoed)', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', FAST);
      await f.call(terminal, { command: 'touch lsfile' });
      expect((await f.call(terminal, { command: 'ls' })).text).toBe(`lsfile\n[Current working directory: ${f.dir}]\n[Command finished with exit code 0]`);
    } finally {
      await f.cleanup();
    }
  });
});
