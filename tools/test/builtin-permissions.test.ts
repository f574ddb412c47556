import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionSubject, ToolPermissions } from '@toolwright/sdk/policy';
import { EditAction } from '../src/edit/index.js';
import { fileToolPermissions, ReadAction } from '../src/read/index.js';
import { TaskCreateAction, TaskListAction, taskPermissions } from '../src/tasks/index.js';
import { WriteAction } from '../src/write/index.js';

let cwd: string;

function subject<A>(name: string, permissions: ToolPermissions<A>): PermissionSubject<A> {
  return {
    name,
    isReadOnly: (a) => permissions.isReadOnly?.(a) ?? false,
    checkPermissions: (a, ctx) => permissions.checkPermissions!(a, ctx),
    matchRule: (content, a, behavior) => permissions.matchRule?.(content, a, behavior) ?? false,
    suggestRules: (a) => permissions.suggestRules?.(a) ?? [],
  };
}

function decide<A>(tool: PermissionSubject<A>, action: A, options: { mode?: PermissionMode; allow?: string[] } = {}): PermissionDecision {
  const rules = (options.allow ?? []).map((r) => parseRule(r, 'allow', 'code'));
  return new PermissionEngine({ mode: options.mode ?? 'default', rules, workingDirectories: [cwd] }).check(tool, action) as PermissionDecision;
}

const writeOf = (filePath: string): WriteAction => Object.assign(new WriteAction(), { filePath, content: 'x' });

beforeAll(() => {
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'builtin-permissions-')));
  mkdirSync(join(cwd, 'src'));
  const outside = realpathSync(mkdtempSync(join(tmpdir(), 'builtin-permissions-linked-')));
  symlinkSync(outside, join(cwd, 'linked'));
});

describe('read/write/edit permissions in the PermissionEngine', () => {
  it('fact 1: a write with no rules asks, and not as a safety check', () => {
    const write = subject('write', fileToolPermissions<WriteAction>(cwd, false));
    const decision = decide(write, writeOf('/home/user/test.py'));
    expect([decision.behavior, decision.reason, decision.bypassImmune]).toEqual(['ask', 'fallback', undefined]);
  });

  it('fact 5: an allow rule /tmp/** allows /tmp/subdir/test.txt, not /home/user/test.txt; relative rules cover the working directory', () => {
    const write = subject('write', fileToolPermissions<WriteAction>(cwd, false));
    expect(decide(write, writeOf('/tmp/subdir/test.txt'), { allow: ['write(/tmp/**)'] }).behavior).toBe('allow');
    expect(decide(write, writeOf('/home/user/test.txt'), { allow: ['write(/tmp/**)'] }).behavior).toBe('ask');
    expect(decide(write, writeOf(join(cwd, 'src/a/b.ts')), { allow: ['write(src/**)'] }).behavior).toBe('allow');
  });

  it('facts 6-7: ~/.bashrc and ~/.ssh/config give a bypass-immune ask that a tool-wide allow rule does not silence', () => {
    const edit = subject('edit', fileToolPermissions<EditAction>(cwd, false));
    for (const path of [join(homedir(), '.bashrc'), join(homedir(), '.ssh/config'), join(cwd, '.env')]) {
      const decision = decide(edit, Object.assign(new EditAction(), { filePath: path, oldString: 'a', newString: 'b' }), { allow: ['edit'] });
      expect([path, decision.behavior, decision.reason, decision.bypassImmune]).toEqual([path, 'ask', 'safety', true]);
    }
  });

  it('fact 11: read is allowed in every mode', () => {
    const read = subject('read', fileToolPermissions<ReadAction>(cwd, true));
    for (const mode of ['default', 'acceptEdits', 'explore', 'bypass', 'dontAsk'] as const) {
      expect([mode, decide(read, Object.assign(new ReadAction(), { filePath: '/etc/hosts' }), { mode }).behavior]).toEqual([mode, 'allow']);
    }
  });

  it('fact 12: acceptEdits allows writes inside the working directory, not through a link leaving it, nor outside', () => {
    const write = subject('write', fileToolPermissions<WriteAction>(cwd, false));
    expect(decide(write, writeOf(join(cwd, 'src/x.ts')), { mode: 'acceptEdits' }).behavior).toBe('allow');
    expect(decide(write, writeOf(join(cwd, 'linked/x.ts')), { mode: 'acceptEdits' }).behavior).toBe('ask');
    expect(decide(write, writeOf('/tmp/elsewhere.txt'), { mode: 'acceptEdits' }).behavior).toBe('ask');
  });

  it('fact 23: suggestions are the directory plus /**, relative inside the working directory', () => {
    const write = fileToolPermissions<WriteAction>(cwd, false);
    expect(write.suggestRules!(writeOf('/tmp/test.py'))).toEqual(['/tmp/**']);
    expect(write.suggestRules!(writeOf(join(cwd, 'src/main.ts')))).toEqual(['src/**']);
  });
});

describe('task tool permissions', () => {
  it('allows task tools without rules; the read-only ones even in explore', () => {
    const create = subject('task_create', taskPermissions<TaskCreateAction>(false));
    const list = subject('task_list', taskPermissions<TaskListAction>(true));
    expect(decide(create, new TaskCreateAction()).behavior).toBe('allow');
    expect(decide(list, new TaskListAction(), { mode: 'explore' }).behavior).toBe('allow');
    expect(decide(create, new TaskCreateAction(), { mode: 'explore' }).behavior).toBe('deny');
  });
});
