import { describe, expect, it } from '@jest/globals';
import { BUILTIN_PRESETS } from '@toolwright/tools';
import { runCli } from './cli-harness.js';

describe('toolwright --preset', () => {
  it('lists the Claude-style built-in tools with --preset claude', async () => {
    const run = await runCli(['list', '--json', '--preset', 'claude']);
    expect(run.code).toBe(0);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((r) => r.name);
    expect(names).toEqual([...BUILTIN_PRESETS.claude]);
  });

  it('keeps the OpenHands-style tools without --preset', async () => {
    const run = await runCli(['list', '--json']);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((r) => r.name);
    expect(names.filter((n) => n !== 'terminal')).toEqual(BUILTIN_PRESETS.openhands.filter((n) => n !== 'terminal'));
  });

  it('calls a Claude-style tool', async () => {
    const run = await runCli(['call', 'task_list', '{}', '--preset', 'claude']);
    expect([run.code, run.stdout.trim()]).toEqual([0, 'No tasks found']);
  });

  it('refuses an unknown preset, naming the presets (exit 2)', async () => {
    const run = await runCli(['list', '--preset', 'vscode']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown preset 'vscode'. Presets: openhands, claude, all.");
  });
});
