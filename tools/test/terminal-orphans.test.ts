import { describe, expect, it } from '@jest/globals';
import type { TerminalExecutor } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

describe('terminal processes orphaned inside the session', () => {
  it.each([
    ['in a PID namespace', true],
    ['without one', false],
  ])('keeps answering after an orphaned background process exits, %s', async (_, pidNamespace) => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 5, pidNamespace });
      expect((await f.call(terminal, { command: '( sleep 1 & ) ; echo orphaned' })).text).toContain('orphaned');
      expect((terminal.executor as TerminalExecutor).contained).toBe(pidNamespace);
      const started = Date.now();
      const after = await f.call(terminal, { command: 'sleep 2; echo still here', timeout: 10 });
      expect(after.text).toContain('still here');
      expect(after.text).toContain('[Command finished with exit code 0]');
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await f.cleanup();
    }
  }, 20_000);

  it.each([
    ['in a PID namespace', true],
    ['without one', false],
  ])('keeps answering after an orphaned background pipeline is killed by its process group, %s', async (_, pidNamespace) => {
    const f = fixture();
    try {
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 5, pidNamespace });
      // The pipeline runs in a process group of its own, and its subshell is gone: its processes are orphans.
      const started = await f.call(terminal, { command: '( set -m; sleep 60 | cat & echo "group $(ps -o pgid= -p $!)" )' });
      const group = /group\s+(\d+)/.exec(started.text)![1]!;
      expect((await f.call(terminal, { command: `kill -- -${group}; echo killed` })).text).toContain('killed');
      const after = await f.call(terminal, { command: 'sleep 1; echo still here', timeout: 10 });
      expect(after.text).toContain('still here');
      expect(after.text).toContain('[Command finished with exit code 0]');
      const live = await f.call(terminal, { command: `ps -eo pgid=,stat= | awk '$1 == ${group} && $2 !~ /^Z/' | wc -l`, timeout: 10 });
      expect(live.text.split('\n')[0]!.trim()).toBe('0');
    } finally {
      await f.cleanup();
    }
  }, 20_000);
});
