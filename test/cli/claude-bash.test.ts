import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runCli } from './cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tw-claude-bash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bash = (args: Record<string, unknown>, ...flags: string[]) => runCli(['call', 'bash', JSON.stringify(args), '--preset', 'claude', ...flags], { cwd: dir });

describe("toolwright call bash --preset claude takes a Claude Code prompt's arguments", () => {
  it('runs a command with timeout 120000 (milliseconds) and a description', async () => {
    const run = await bash({ command: 'echo hi', timeout: 120000, description: 'Print a greeting' });
    expect([run.code, run.stdout.split('\n')[0]]).toEqual([0, 'hi']);
  });

  it('refuses a timeout over 600000 naming the maximum, and the terminal-only is_input', async () => {
    const over = await bash({ command: 'echo hi', timeout: 600001 });
    expect(over.code).toBe(1);
    expect(over.stdout).toContain('timeout: expected a number <= 600000');
    const input = await bash({ command: 'y', is_input: true });
    expect(input.code).toBe(1);
    expect(input.stdout).toContain('is_input');
  });

  it('asks under a policy for a writing command, in the background too, whatever the description says', async () => {
    for (const args of [{ command: 'touch made', description: 'List the files' }, { command: 'touch made', run_in_background: true }]) {
      const run = await bash(args, '--mode', 'default');
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("add the rule bash(touch made:*)");
    }
    expect(existsSync(join(dir, 'made'))).toBe(false);
  });
});
