import { describe, expect, it } from '@jest/globals';
import { askDecision, parseRule, PERMISSION_MODES, PermissionEngine } from '@toolwright/sdk/policy';
import { dontAskMessage } from '../../src/policy/permission-engine.js';
import { matchCommandRule, suggestCommandRules } from '../../src/policy/command-rule.js';
import type { PermissionContext, PermissionDecision, PermissionMode, PermissionRule, PermissionSubject } from '@toolwright/sdk/policy';

/** A shell tool with the SDK's conservative command-rule matcher (the bash analysis lives in @toolwright/tools). */
const shell: PermissionSubject<string> = {
  name: 'terminal',
  isReadOnly: (command) => command === 'ls' || command === 'git status',
  checkPermissions: (command) =>
    command.includes('$(') ? askDecision({ bypassImmune: true, reason: 'safety', message: 'Command contains command_substitution which cannot be statically analyzed.' }) : { behavior: 'passthrough' },
  matchRule: (content, command, behavior) => matchCommandRule(content, command, behavior),
  suggestRules: (command) => suggestCommandRules(command),
};

/** A tool with no opinion of its own (what a function tool's default gives, minus the message). */
const write: PermissionSubject<string> = {
  name: 'write',
  isReadOnly: () => false,
  checkPermissions: (path, context: PermissionContext): PermissionDecision =>
    (context.mode === 'acceptEdits' || context.mode === 'dontAsk') && path.startsWith('/work/')
      ? { behavior: 'allow', message: 'inside the working directory' }
      : { behavior: 'passthrough' },
  matchRule: (content, path) => path.startsWith(content.replace(/\*\*$/, '')),
  suggestRules: () => ['/work/**'],
};

const rule = (text: string, behavior: PermissionRule['behavior']): PermissionRule => parseRule(text, behavior, 'code');
const engine = (mode: PermissionMode, ...rules: PermissionRule[]): PermissionEngine => new PermissionEngine({ mode, rules, workingDirectories: ['/work'] });

describe('PermissionEngine (acceptance facts of python-peers §1)', () => {
  it('fact 2: allow, ask and deny rules on the same content → deny', () => {
    const e = engine('default', rule('terminal(test:*)', 'allow'), rule('terminal(test:*)', 'ask'), rule('terminal(test:*)', 'deny'));
    expect(e.check(shell, 'test command')).toEqual({
      behavior: 'deny',
      reason: 'rule',
      rule: { tool: 'terminal', content: 'test:*', behavior: 'deny', source: 'code' },
      message: "Rule terminal(test:*) (code) denies this call of 'terminal'.",
    });
  });

  it('fact 3: allow git:* allows git and git add ., not npm install', () => {
    const e = engine('default', rule('terminal(git:*)', 'allow'));
    expect((e.check(shell, 'git') as PermissionDecision).behavior).toBe('allow');
    expect((e.check(shell, 'git add .') as PermissionDecision).behavior).toBe('allow');
    const npm = e.check(shell, 'npm install') as PermissionDecision;
    expect(npm.behavior).toBe('ask');
    expect(npm.suggestedRules).toEqual([{ tool: 'terminal', content: 'npm install:*', behavior: 'allow' }]);
  });

  it('fact 4: a deny rule without wildcard matches its words inside the command', () => {
    expect((engine('default', rule('terminal(install)', 'deny')).check(shell, 'pip install requests') as PermissionDecision).behavior).toBe('deny');
  });

  it('fact 8: bypass allows a safety ask, but deny and ask rules still hold', () => {
    expect(engine('bypass').check(shell, 'ls $(rm -rf /)')).toEqual({ behavior: 'allow', reason: 'mode', message: 'Allowed by bypass mode.' });
    expect((engine('bypass', rule('terminal(rm:*)', 'deny')).check(shell, 'rm -rf /') as PermissionDecision).behavior).toBe('deny');
    expect((engine('bypass', rule('terminal(ls:*)', 'ask')).check(shell, 'ls -la') as PermissionDecision).behavior).toBe('ask');
  });

  it('fact 9: dontAsk turns a safety ask into a deny with the original reason and keeps suggestions', () => {
    expect(engine('dontAsk').check(shell, 'ls $(whoami)')).toEqual({
      behavior: 'deny',
      reason: 'safety',
      bypassImmune: true,
      suggestedRules: [],
      message: 'DONT_ASK mode converted ASK to DENY. Original reason: Command contains command_substitution which cannot be statically analyzed.',
    });
    expect(engine('dontAsk').check(write, '/etc/hosts')).toEqual({
      behavior: 'deny',
      reason: 'mode',
      message: dontAskMessage("No rule allows this call of 'write'."),
      suggestedRules: [{ tool: 'write', content: '/work/**', behavior: 'allow' }],
    });
    expect((engine('dontAsk').check(write, '/work/a.txt') as PermissionDecision).behavior).toBe('allow');
  });

  it('fact 10: explore denies what is not read-only despite allow rules; ask rules still ask', () => {
    expect(engine('explore', rule('write', 'allow')).check(write, '/work/a')).toEqual({
      behavior: 'deny',
      reason: 'mode',
      message: "'write' may change things (explore mode is read-only).",
    });
    expect((engine('explore').check(shell, 'rm -rf /') as PermissionDecision).behavior).toBe('deny');
    expect((engine('explore', rule('terminal(ls)', 'ask')).check(shell, 'ls') as PermissionDecision).behavior).toBe('ask');
  });

  it('fact 11: read-only calls are allowed in every mode', () => {
    for (const mode of PERMISSION_MODES) expect(engine(mode).check(shell, 'git status')).toEqual({ behavior: 'allow', reason: 'readOnly', message: 'The call is read-only.' });
  });

  it('fact 12: acceptEdits allows what the tool allows inside the working directory; outside it asks', () => {
    expect((engine('acceptEdits').check(write, '/work/x') as PermissionDecision).behavior).toBe('allow');
    expect((engine('acceptEdits').check(write, '/etc/x') as PermissionDecision).behavior).toBe('ask');
  });

  it('a safety ask survives a tool-wide allow rule in default and acceptEdits', () => {
    for (const mode of ['default', 'acceptEdits'] as const) {
      const d = engine(mode, rule('terminal', 'allow')).check(shell, 'ls $(id)') as PermissionDecision;
      expect([d.behavior, d.bypassImmune, d.reason]).toEqual(['ask', true, 'safety']);
    }
  });

  it('the fallback per mode: ask, ask, deny, allow, deny', () => {
    const behaviors = PERMISSION_MODES.map((mode) => (engine(mode).check(write, '/etc/x') as PermissionDecision).behavior);
    expect(behaviors).toEqual(['ask', 'ask', 'deny', 'allow', 'deny']);
  });

  it('an ask rule in dontAsk mode is a deny that names the rule', () => {
    expect(engine('dontAsk', rule('write', 'ask')).check(write, '/work/a')).toEqual({
      behavior: 'deny',
      reason: 'mode',
      rule: { tool: 'write', behavior: 'ask', source: 'code' },
      message: "DONT_ASK mode converted ASK to DENY. Original reason: Rule write (code) asks before this call of 'write'.",
    });
  });

  it('an allow rule never covers a compound command; a deny rule catches any part', () => {
    expect((engine('default', rule('terminal(git:*)', 'allow')).check(shell, 'git status && curl x | sh') as PermissionDecision).behavior).toBe('ask');
    expect((engine('default', rule('terminal(rm:*)', 'deny')).check(shell, 'cd d && rm -r y') as PermissionDecision).behavior).toBe('deny');
  });

  it('uses coveredByAllowRules with every allow content when the tool has it', () => {
    const seen: (readonly string[])[] = [];
    const parts: PermissionSubject<string> = {
      ...shell,
      coveredByAllowRules: (contents, command) => {
        seen.push(contents);
        return command.split(' && ').every((part) => contents.some((c) => matchCommandRule(c, part, 'allow')));
      },
    };
    const e = engine('default', rule('terminal(git:*)', 'allow'), rule('terminal(npm:*)', 'allow'));
    expect(e.check(parts, 'git log && npm test')).toEqual({
      behavior: 'allow',
      reason: 'rule',
      rule: { tool: 'terminal', content: 'git:*', behavior: 'allow', source: 'code' },
      message: "Rules terminal(git:*) (code), terminal(npm:*) (code) allow this call of 'terminal'.",
    });
    expect(seen).toEqual([['git:*', 'npm:*']]);
  });

  it('stays synchronous for a synchronous tool and awaits an asynchronous checkPermissions', async () => {
    const slow: PermissionSubject<string> = { ...write, checkPermissions: () => Promise.resolve({ behavior: 'deny', message: 'no' }) };
    const pending = engine('default').check(slow, '/work/a');
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ behavior: 'deny', reason: 'tool', message: 'no' });
  });

  it('decides the same for a tool that matches no rule content, without asking it rule by rule', () => {
    const asked: string[] = [];
    const counting: PermissionSubject<string> = { ...write, matchRule: (content) => (asked.push(content), false) };
    const skipping: PermissionSubject<string> = { ...counting, matchesRuleContent: false };
    const rules = [rule('write(/secret/**)', 'deny'), rule('write(/review/**)', 'ask'), rule('write(/a/**)', 'allow'), rule('write', 'allow')];
    const expected = {
      behavior: 'allow',
      reason: 'rule',
      rule: { tool: 'write', behavior: 'allow', source: 'code' },
      message: "Rule write (code) allows this call of 'write'.",
    };
    expect(engine('default', ...rules).check(counting, '/secret/x')).toEqual(expected);
    expect(asked).toEqual(['/secret/**', '/review/**', '/a/**']);
    asked.length = 0;
    expect(engine('default', ...rules).check(skipping, '/secret/x')).toEqual(expected);
    expect(asked).toEqual([]);
    const denied = engine('default', rule('write(/secret/**)', 'deny'), rule('write', 'deny'), rule('write', 'allow')).check(skipping, '/secret/x');
    expect((denied as PermissionDecision).rule).toEqual({ tool: 'write', behavior: 'deny', source: 'code' });
    expect((engine('default', rule('write(/a/**)', 'allow')).check(skipping, '/a/x') as PermissionDecision).reason).toBe('fallback');
  });

  it('does not add an identical rule twice', () => {
    const e = engine('default');
    expect(e.addRule(rule('write(/a/**)', 'allow'))).toBe(true);
    expect(e.addRule({ tool: 'write', content: '/a/**', behavior: 'allow', source: 'grants' })).toBe(false);
    expect(e.rules).toHaveLength(1);
  });
});
