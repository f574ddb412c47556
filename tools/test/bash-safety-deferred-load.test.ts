import { describe, expect, it } from '@jest/globals';
import { Observation, ToolDefinition } from '@toolwright/sdk';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision } from '@toolwright/sdk/policy';
import { BashSafety } from '../src/bash_safety/index.js';
import { TerminalAction } from '../src/terminal/declarations.js';
import { terminalPermissions } from '../src/terminal/terminal-permissions.js';

const action = (command: string): TerminalAction => Object.assign(new TerminalAction(), { command });

/** A terminal-like tool whose bash safety analysis comes from `load`, counting the loads. */
function terminalWith(load: () => Promise<BashSafety>): { tool: ToolDefinition<TerminalAction>; loads: () => number } {
  let loads = 0;
  const permissions = terminalPermissions(() => {
    loads++;
    return load();
  }, () => undefined);
  const tool = new ToolDefinition<TerminalAction>({
    name: 'terminal',
    description: 'A shell.',
    actionType: TerminalAction,
    permissions,
    executor: { execute: () => Observation.fromText('ran') },
  });
  return { tool, loads: () => loads };
}

describe('the terminal\'s bash safety analysis loads on the first permission check, not when the tool is built', () => {
  it('is not loaded by building the tool; the engine awaits it once, then decides as with a loaded analysis', async () => {
    const { tool, loads } = terminalWith(() => BashSafety.load());
    expect(loads()).toBe(0);
    const engine = new PermissionEngine({ mode: 'default', rules: [parseRule('terminal(git push:*)', 'deny', 'code')] });
    const first = engine.check(tool, action('ls -la'));
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toMatchObject({ behavior: 'allow', reason: 'readOnly' });
    // Ready now: the engine answers synchronously, rules with content match per sub-command.
    expect(engine.check(tool, action('git push origin main'))).toMatchObject({ behavior: 'deny', reason: 'rule' });
    expect(tool.isReadOnly(action('cat README.md'))).toBe(true);
    expect(loads()).toBe(1);
  });

  it('answers isReadOnly conservatively (false) until the analysis is there', async () => {
    const { tool } = terminalWith(() => BashSafety.load());
    expect(tool.isReadOnly(action('ls'))).toBe(false);
    await tool.permissionsReady?.();
    expect(tool.isReadOnly(action('ls'))).toBe(true);
  });

  it('denies every command with the reason when the analysis cannot be loaded, without throwing out of the process', async () => {
    const { tool } = terminalWith(() => Promise.reject(new Error('grammar file missing')));
    const engine = new PermissionEngine({ mode: 'default' });
    const decision = (await engine.check(tool, action('ls'))) as PermissionDecision;
    expect(decision).toMatchObject({ behavior: 'deny', reason: 'tool' });
    expect(decision.message).toContain('the bash safety analysis could not be loaded (grammar file missing)');
    // A rule with content cannot be matched either: the engine throws, and the policy step fails closed (a deny).
    const withRule = new PermissionEngine({ mode: 'default', rules: [parseRule('terminal(ls:*)', 'allow', 'code'), parseRule('terminal(rm:*)', 'deny', 'code')] });
    expect(() => withRule.check(tool, action('ls'))).toThrow(/could not be loaded \(grammar file missing\)/);
  });
});
