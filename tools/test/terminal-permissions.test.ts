import { mkdtempSync, mkdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionSubject, RuleBehavior } from '@toolwright/sdk/policy';
import { BashSafety } from '../src/bash_safety/index.js';
import { TerminalAction } from '../src/terminal/declarations.js';
import { terminalPermissions } from '../src/terminal/terminal-permissions.js';

let terminal: PermissionSubject<TerminalAction>;
let cwd: string;

beforeAll(async () => {
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'terminal-permissions-')));
  mkdirSync(join(cwd, 'd'));
  const permissions = terminalPermissions(await BashSafety.load(), () => cwd);
  terminal = {
    name: 'terminal',
    isReadOnly: (a) => permissions.isReadOnly!(a),
    checkPermissions: (a, ctx) => permissions.checkPermissions!(a, ctx),
    matchRule: (content: string, a, behavior: RuleBehavior) => permissions.matchRule!(content, a, behavior),
    coveredByAllowRules: (contents, a) => permissions.coveredByAllowRules!(contents, a),
    suggestRules: (a) => permissions.suggestRules!(a),
  };
});

const action = (command: string, fields: Partial<TerminalAction> = {}): TerminalAction => Object.assign(new TerminalAction(), { command, ...fields });

function decide(command: string, options: { mode?: PermissionMode; allow?: string[]; deny?: string[]; ask?: string[] } = {}): PermissionDecision {
  const rules = [
    ...(options.allow ?? []).map((r) => parseRule(`terminal(${r})`, 'allow', 'code')),
    ...(options.deny ?? []).map((r) => parseRule(`terminal(${r})`, 'deny', 'code')),
    ...(options.ask ?? []).map((r) => parseRule(`terminal(${r})`, 'ask', 'code')),
  ];
  const decision = new PermissionEngine({ mode: options.mode ?? 'default', rules, workingDirectories: [cwd] }).check(terminal, action(command));
  return decision as PermissionDecision;
}

describe('terminal permissions in the PermissionEngine (python-peers facts 13-23)', () => {
  it('fact 13: acceptEdits allows mkdir -p inside the working directory, asks for cp from /etc and a bare mkdir', () => {
    expect(decide(`mkdir -p ${cwd}/a`, { mode: 'acceptEdits' }).behavior).toBe('allow');
    expect(decide(`cp /etc/hosts ${cwd}/x`, { mode: 'acceptEdits' }).behavior).toBe('ask');
    expect(decide('mkdir', { mode: 'acceptEdits' }).behavior).toBe('ask');
  });

  it('fact 14: ls $(rm -rf /) is not read-only (the rm inside the substitution is analysed) and its safety ask survives an allow rule', () => {
    const decision = decide('ls $(rm -rf /)', { allow: ['ls:*'] });
    expect([decision.behavior, decision.reason, decision.bypassImmune, decision.message]).toEqual(['ask', 'safety', true, "Command matches dangerous pattern 'rm -rf': rm -rf /"]);
  });

  it('fact 15: ls > out.txt is not read-only, ls 2>&1 is', () => {
    expect(decide('ls > out.txt').behavior).toBe('ask');
    expect(decide('ls 2>&1').behavior).toBe('allow');
    expect(decide('ls > out.txt', { mode: 'explore' }).behavior).toBe('deny');
  });

  it('fact 16: git status && ls is allowed, git status && git commit asks', () => {
    expect(decide('git status && ls').behavior).toBe('allow');
    expect(decide('git status && git commit -m x').behavior).toBe('ask');
  });

  it('fact 17: find -name is read-only; find -delete and -exec are not', () => {
    expect(decide('find . -name x').behavior).toBe('allow');
    expect(decide('find . -delete').behavior).toBe('ask');
    expect(decide('find . -exec cat {} ;', { mode: 'explore' }).behavior).toBe('deny');
  });

  it('fact 18 fixed: git add . and npm run format are not dangerous patterns; format is', () => {
    expect(decide('git add .', { allow: ['git:*'] }).behavior).toBe('allow');
    expect(decide('npm run format', { allow: ['npm run:*'] }).behavior).toBe('allow');
    const format = decide('format c:', { allow: ['format:*'] });
    expect([format.behavior, format.bypassImmune]).toEqual(['ask', true]);
  });

  it('fact 19: rm -rf build is a pattern ask, removals of /usr, /tmp, ~, * and d/* are removal asks, all through allow rules', () => {
    for (const command of ['rm -rf build', 'rm /usr', 'rm -r /tmp', 'rmdir ~', 'rm *', 'rm d/*']) {
      const decision = decide(command, { allow: ['rm:*', 'rmdir:*'] });
      expect([command, decision.behavior, decision.reason, decision.bypassImmune]).toEqual([command, 'ask', 'safety', true]);
    }
    expect(decide('rm -rf build', { mode: 'bypass' }).behavior).toBe('allow');
    expect(decide('rm -rf build', { mode: 'dontAsk' }).message).toBe("DONT_ASK mode converted ASK to DENY. Original reason: Command matches dangerous pattern 'rm -rf': rm -rf build");
  });

  it("fact 20: sed -i on ~/.bashrc asks; sed -n '5p' passes; a sed w flag asks with its reason", () => {
    expect(decide("sed -i 's/a/b/' ~/.bashrc", { allow: ['sed:*'] }).bypassImmune).toBe(true);
    expect(decide("sed -n '5p' f").behavior).toBe('allow');
    expect(decide("sed 's/a/b/w o' f", { allow: ['sed:*'] }).message).toBe("sed write operation (w/W) not allowed: sed 's/a/b/w o' f");
  });

  it('fact 21 fixed: echo x | tee out.txt is a write, denied in explore', () => {
    expect(decide('echo x | tee out.txt', { mode: 'explore' }).behavior).toBe('deny');
    expect(decide('echo x | tee out.txt').behavior).toBe('ask');
    expect(decide('echo x | tee out.txt', { mode: 'acceptEdits' }).behavior).toBe('allow');
  });

  it('fact 22 fixed: rules apply per sub-command', () => {
    expect(decide('git status && curl x | sh', { allow: ['git:*'] }).behavior).toBe('ask');
    expect(decide('cd d && rm -r y', { deny: ['rm:*'] }).behavior).toBe('deny');
    expect(decide('git pull && npm test', { allow: ['git:*', 'npm:*'] }).behavior).toBe('allow');
    expect(decide('git pull && npm test', { allow: ['git:*'] }).behavior).toBe('ask');
    expect(decide("bash -c 'rm x'", { deny: ['rm:*'] }).behavior).toBe('deny');
    expect(decide('timeout 5 rm x', { deny: ['rm:*'] }).behavior).toBe('deny');
  });

  it('fact 23: suggestions are w1 w2:* per sub-command', () => {
    expect(decide("git commit -m 'test'").suggestedRules).toEqual([{ tool: 'terminal', content: 'git commit:*', behavior: 'allow' }]);
    expect(terminal.suggestRules(action('ls -la'))).toEqual([]);
  });

  it('facts 2-4: deny wins over ask and allow; x:* is a prefix; plain content matches whole words', () => {
    expect(decide('test command', { allow: ['test:*'], ask: ['test:*'], deny: ['test:*'] }).behavior).toBe('deny');
    expect(decide('git', { allow: ['git:*'] }).behavior).toBe('allow');
    expect(decide('npm install', { allow: ['git:*'] }).behavior).toBe('ask');
    expect(decide('pip install requests', { deny: ['install'] }).behavior).toBe('deny');
  });

  it('treats polling and C-c as read-only input, other input and reset as changes', () => {
    expect(terminal.isReadOnly(action('', { isInput: true }))).toBe(true);
    expect(terminal.isReadOnly(action('C-c', { isInput: true }))).toBe(true);
    expect(terminal.isReadOnly(action('y', { isInput: true }))).toBe(false);
    expect(terminal.isReadOnly(action('ls', { reset: true }))).toBe(false);
    expect(terminal.matchRule('y:*', action('y', { isInput: true }), 'allow')).toBe(false);
  });
});
