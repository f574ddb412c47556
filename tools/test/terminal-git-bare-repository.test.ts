import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withGitSafety } from '../src/terminal/git-safety-env.js';
import { fixture } from './support/fixture.js';

/**
 * A bare-repository layout is plain files in the workspace (not the protected `.git/`), yet git
 * discovers it as a repository and reads its config, which can name a program git runs: here
 * `core.fsmonitor`, run by `git status`, a command the shell analysis calls read-only.
 */
function plantBareRepository(dir: string): string {
  const bare = join(dir, 'x');
  execFileSync('git', ['init', '-q', '--bare', bare]);
  const hook = join(dir, 'monitor.sh');
  writeFileSync(hook, `#!/bin/sh\ntouch '${join(dir, 'PWNED')}'\n`);
  chmodSync(hook, 0o755);
  const config = (key: string, value: string): void => void execFileSync('git', ['config', '--file', join(bare, 'config'), key, value]);
  config('core.bare', 'false');
  config('core.worktree', dir);
  config('core.fsmonitor', hook);
  return bare;
}

describe('terminal: git does not use a bare repository it finds on its own', () => {
  it('the attack works without the setting (so the test below proves something)', () => {
    const f = fixture();
    try {
      const bare = plantBareRepository(f.dir);
      const env = { ...process.env, GIT_CONFIG_COUNT: '0' };
      execFileSync('git', ['status'], { cwd: bare, env, stdio: 'ignore' });
      expect(existsSync(join(f.dir, 'PWNED'))).toBe(true);
    } finally {
      void f.cleanup();
    }
  });

  it("refuses 'cd x && git status' on a planted bare layout, and runs nothing it names", async () => {
    const f = fixture();
    try {
      plantBareRepository(f.dir);
      const terminal = await f.tool('terminal', { noChangeTimeoutSeconds: 2 });
      const out = await f.call(terminal, { command: 'cd x && git status' });
      expect(out.text).toContain('cannot use bare repository');
      expect(existsSync(join(f.dir, 'PWNED'))).toBe(false);
    } finally {
      await f.cleanup();
    }
  }, 30_000);

  it('keeps the environment’s own git configuration entries and appends its own after them', () => {
    expect(withGitSafety({ GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'user.name', GIT_CONFIG_VALUE_0: 'Ada' })).toEqual({
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'user.name',
      GIT_CONFIG_VALUE_0: 'Ada',
      GIT_CONFIG_KEY_1: 'safe.bareRepository',
      GIT_CONFIG_VALUE_1: 'explicit',
    });
    expect(withGitSafety({ PATH: '/usr/bin' })).toMatchObject({ GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'safe.bareRepository', GIT_CONFIG_VALUE_0: 'explicit' });
  });
});
