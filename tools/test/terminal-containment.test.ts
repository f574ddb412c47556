import { describe, expect, it } from '@jest/globals';
import type { TerminalExecutor } from '@toolwright/tools';
import { pidNamespacePrefix } from '@toolwright/tools';
import { fixture } from './support/fixture.js';
import { pidsRunning } from './support/processes.js';

/** Distinct sleep lengths, so each test's processes can be told apart from the host. */
let next = 97_000 + (process.pid % 1_000) * 10;

describe('terminal processes after the conversation closes', () => {
  it('finds a way to contain the shell here: unshare works (as root, or through a user namespace)', () => {
    expect(pidNamespacePrefix()?.slice(0, 1)).toEqual(['unshare']);
  });

  it.each([
    ['in a PID namespace', true],
    ['without one (session + inherited marker variable)', false],
  ])('ends daemons that left the session with setsid or a double fork, %s', async (_, pidNamespace) => {
    const f = fixture();
    const seconds = Array.from({ length: 5 }, () => String(next++));
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 0.5, pidNamespace });
      const [a, b, c, d, e] = seconds;
      const started = await f.call(terminal, {
        command: `setsid sleep ${a} & (setsid sleep ${b} >/dev/null 2>&1 &) ; nohup setsid sleep ${c} >/dev/null 2>&1 & sleep ${d} & sleep 0.3; echo started`,
      });
      expect(started.text).toContain('started');
      await f.call(terminal, { command: `sleep ${e}` }); // left running in the foreground
      expect((terminal.executor as TerminalExecutor).contained).toBe(pidNamespace);
      for (const s of seconds) expect([s, pidsRunning(['sleep', s]).length]).toEqual([s, 1]);
    } finally {
      await f.cleanup();
    }
    for (const s of seconds) expect([s, pidsRunning(['sleep', s])]).toEqual([s, []]);
  });

  it('shows the namespace’s own processes to ps inside it', async () => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 2 });
      const out = await f.call(terminal, { command: 'echo $$; ps -e -o pid= | wc -l' });
      const [pid, count] = out.text.split('\n').map((line) => line.trim());
      expect(Number(pid)).toBeLessThan(10);
      expect(Number(count)).toBeLessThan(10);
    } finally {
      await f.cleanup();
    }
  });
});
