import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { ToolContext, ToolDefinition } from '@toolwright/sdk';
import type { BashAction, BashObservation } from '../src/bash/index.js';
import { BashExecutor } from '../src/bash/index.js';
import { TerminalExecutor } from '../src/terminal/index.js';
import type { TerminalAction, TerminalObservation } from '../src/terminal/index.js';
import { fixture } from './support/fixture.js';
import type { Fixture } from './support/fixture.js';

/** A real terminal executor that also records the actions it was given. */
class RecordingTerminal extends TerminalExecutor {
  readonly actions: TerminalAction[] = [];
  override execute(action: TerminalAction, ctx?: ToolContext): Promise<TerminalObservation> {
    this.actions.push(action);
    return super.execute(action, ctx);
  }
}

async function waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let f: Fixture;
let bash: ToolDefinition;

beforeAll(async () => {
  f = fixture();
  bash = await f.tool('bash');
});

afterAll(async () => {
  await f.cleanup();
});

describe("bash takes Claude Code's Bash parameters", () => {
  it('lists exactly command, timeout, description and run_in_background, with only command required', () => {
    const schema = bash.inputSchema();
    expect(Object.keys(schema.properties!)).toEqual(['command', 'timeout', 'description', 'run_in_background']);
    expect(schema.required).toEqual(['command']);
    expect(schema.additionalProperties).toBe(false);
    expect(bash.description).toContain('`timeout` is in milliseconds: default 120000, max 600000');
  });

  it("refuses the terminal's is_input and reset as unknown fields", () => {
    expect(() => bash.actionFromArguments({ command: 'ls', is_input: true })).toThrow(/is_input/);
    expect(() => bash.actionFromArguments({ command: 'ls', reset: true })).toThrow(/reset/);
  });

  it('reads timeout as milliseconds: 120000 is a 120-second limit, and no timeout is the same default', async () => {
    const terminal = new RecordingTerminal(f.state, { workingDir: f.dir });
    const executor = new BashExecutor(terminal, f.state.stateDir);
    try {
      await executor.execute(bash.actionFromArguments({ command: 'echo a', timeout: 120000 }) as BashAction);
      await executor.execute(bash.actionFromArguments({ command: 'echo b' }) as BashAction);
      await executor.execute(bash.actionFromArguments({ command: 'echo c', timeout: 600000 }) as BashAction);
      expect(terminal.actions.map((a) => [a.command, a.timeout, a.isInput, a.reset])).toEqual([
        ['echo a', 120, false, false],
        ['echo b', 120, false, false],
        ['echo c', 600, false, false],
      ]);
    } finally {
      await terminal.close();
    }
  });

  it('interrupts a command at its timeout in milliseconds', async () => {
    const started = Date.now();
    const result = (await f.call(bash, { command: 'sleep 20', timeout: 1500 })) as BashObservation;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([result.isError, result.errorCode, result.timeout]).toEqual([true, ErrorCode.TIMEOUT, true]);
    expect(result.text).toContain('timed out after 1.5 seconds');
  });

  it('refuses a timeout over 600000 ms with INVALID_ARGUMENTS naming the maximum', () => {
    let error: unknown;
    try {
      bash.actionFromArguments({ command: 'make', timeout: 600001 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolwrightError);
    expect((error as ToolwrightError).code).toBe(ErrorCode.INVALID_ARGUMENTS);
    expect((error as ToolwrightError).message).toContain('timeout: expected a number <= 600000, got 600001');
  });

  it('shows description in the action but never runs it', async () => {
    const action = bash.actionFromArguments({ command: 'echo ran', description: 'touch described-file' });
    expect(action.visualize()).toContain('touch described-file');
    const result = await f.call(bash, { command: 'echo ran', description: 'touch described-file' });
    expect(result.text.split('\n')[0]).toBe('ran');
    expect(existsSync(join(f.dir, 'described-file'))).toBe(false);
  });

  it('keeps the safety analysis: a writing command asks, a reading one is allowed, in the background too', async () => {
    const engine = new PermissionEngine({ rules: [parseRule('bash(git status)', 'allow', 'code')], workingDirectories: [f.dir] });
    const decide = async (args: Record<string, unknown>): Promise<string> => (await engine.check(bash, bash.actionFromArguments(args))).behavior;
    expect(await decide({ command: 'touch out.txt', description: 'List files' })).toBe('ask');
    expect(await decide({ command: 'ls -la', description: 'Delete everything' })).toBe('allow');
    expect(await decide({ command: 'git status' })).toBe('allow');
    expect(await decide({ command: 'touch out.txt', run_in_background: true })).toBe('ask');
    const dangerous = await engine.check(bash, bash.actionFromArguments({ command: 'rm -rf build', run_in_background: true }));
    expect([dangerous.behavior, dangerous.reason, dangerous.bypassImmune]).toEqual(['ask', 'safety', true]);
  });

  it('refuses control characters before anything runs, as the terminal does', () => {
    expect(() => bash.actionFromArguments({ command: 'echo a\u0015rm -rf x', run_in_background: true })).toThrow(/U\+0015/);
  });
});

describe('bash run_in_background', () => {
  it('returns at once with an ID and the output file, which gets the output and then the exit code', async () => {
    await f.call(bash, { command: 'true' }); // the session is started
    const started = Date.now();
    const result = (await f.call(bash, { command: 'export GREETING=hi; sleep 1; echo "$GREETING from the background"; exit 3', run_in_background: true })) as BashObservation;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.isError).toBe(false);
    expect(result.backgroundTaskId).toMatch(/^bash_\d+$/);
    const outputPath = result.outputPath!;
    expect(outputPath.startsWith(join(f.state.stateDir, 'bash-background'))).toBe(true);
    expect(result.text).toContain(`Command running in the background with ID: ${result.backgroundTaskId}`);
    expect(result.text).toContain(`Output is being written to: ${outputPath}`);
    expect(result.text).toContain('this preset has no BashOutput or KillShell tool');
    expect(readFileSync(outputPath, 'utf8')).not.toContain('from the background');
    await waitFor(() => readFileSync(outputPath, 'utf8').includes('[Command finished with exit code'));
    expect(readFileSync(outputPath, 'utf8')).toBe('hi from the background\n\n[Command finished with exit code 3]\n');
    // The session's own state is untouched: the command ran in a subshell.
    expect((await f.call(bash, { command: 'echo "[${GREETING:-unset}]"' })).text.split('\n')[0]).toBe('[unset]');
  });

  it('runs in the session directory, and the kill command it names ends the whole command', async () => {
    // Living (not zombie) processes of a process group.
    const live = (group: string): string => `ps -eo pgid=,stat= | awk '$1 == ${group} && $2 !~ /^Z/' | wc -l`;
    const plain = await f.tool('bash'); // in a PID namespace where the system allows it: the killed processes are orphans, reaped by its init
    await f.call(plain, { command: `mkdir -p ${f.dir}/sub && cd ${f.dir}/sub` });
    const result = (await f.call(plain, { command: 'pwd; sleep 60 | cat; echo not reached', run_in_background: true })) as BashObservation;
    const kill = /`(kill -- -(\d+))`/.exec(result.text)!;
    await waitFor(() => readFileSync(result.outputPath!, 'utf8').includes('/sub'));
    expect(readFileSync(result.outputPath!, 'utf8')).toBe(`${f.dir}/sub\n`);
    expect((await f.call(plain, { command: live(kill[2]!) })).text.split('\n')[0]!.trim()).toBe('4');
    expect((await f.call(plain, { command: kill[1]! })).text).toContain('[Command finished with exit code 0]');
    const after = await f.call(plain, { command: `sleep 0.5; ${live(kill[2]!)}` });
    expect(after.text.split('\n')[0]!.trim()).toBe('0');
    expect(readFileSync(result.outputPath!, 'utf8')).not.toContain('not reached');
  });

  it('refuses what the terminal refuses: several lines, a literal, an empty command', async () => {
    const lines = await f.call(bash, { command: 'echo a\necho b', run_in_background: true });
    expect([lines.isError, lines.errorCode]).toEqual([true, ErrorCode.INVALID_ARGUMENTS]);
    expect(lines.text).toContain('Cannot execute multiple commands at once.');
    const literal = await f.call(bash, { command: '{"a": 1}', run_in_background: true });
    expect(literal.text).toContain('looks like a JSON/Python dict literal');
    const empty = await f.call(bash, { command: '  ', run_in_background: true });
    expect(empty.text).toBe('run_in_background needs a command to run; `command` is empty.');
  });
});
