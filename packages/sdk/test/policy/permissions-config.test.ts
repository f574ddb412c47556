import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatRule, GrantsFile, parseRule, Policy } from '@toolwright/sdk/policy';
import { loadAgentSpec } from '@toolwright/sdk';
import { AuditLog } from '../../src/policy/audit-log.js';
import { rejectionOf, thrownBy } from '../fixtures/catch-error.js';

describe('rule syntax', () => {
  it('reads Tool and Tool(content), content with parentheses kept whole', () => {
    expect(parseRule('terminal', 'allow', 'cli')).toEqual({ tool: 'terminal', behavior: 'allow', source: 'cli' });
    expect(parseRule('terminal(git commit:*)', 'deny')).toEqual({ tool: 'terminal', content: 'git commit:*', behavior: 'deny' });
    expect(parseRule('terminal(echo (a))', 'ask').content).toBe('echo (a)');
    expect(formatRule({ tool: 'file_editor', content: 'src/**' })).toBe('file_editor(src/**)');
  });

  it('names what is wrong with a bad rule', () => {
    expect(thrownBy(() => parseRule('terminal(git', 'allow')).message).toBe(
      "Invalid allow rule: expected a rule like Tool or Tool(content) (e.g. file_editor(src/**), terminal(git commit:*)), got 'terminal(git'.",
    );
    expect(thrownBy(() => parseRule('grep()', 'deny')).message).toBe("Invalid deny rule: the content in parentheses is empty in 'grep()'; write just 'grep' for every call of the tool.");
  });
});

describe('agent spec permissions section', () => {
  it('loads a valid section', async () => {
    const permissions = { mode: 'acceptEdits', allow: ['file_editor(src/**)'], deny: ['terminal(rm:*)'], grantsScope: 'conversation', auditLog: { includeValues: true, maxBytes: 1048576, keep: 5 } };
    const spec = await loadAgentSpec({ tools: ['glob'], permissions });
    expect(spec.permissions).toEqual(permissions);
  });

  it.each([
    [{ mode: 'yolo' }, "(agent spec): permissions.mode: expected one of default, acceptEdits, explore, bypass, dontAsk, got 'yolo'."],
    [{ allow: ['glob', 'terminal(git'] }, "(agent spec): permissions.allow[1]: expected a rule like Tool or Tool(content) (e.g. file_editor(src/**), terminal(git commit:*)), got 'terminal(git'."],
    [{ deny: 'terminal' }, '(agent spec): permissions.deny: expected an array of rules (Tool or Tool(content)), got string.'],
    [{ alow: [] }, '(agent spec): permissions.alow: unknown field; allowed: mode, allow, ask, deny, workingDirectories, grantsFile, grantsScope, auditLog, protectedPaths, confineWrites.'],
    [{ auditLog: { includeValues: 'yes' } }, '(agent spec): permissions.auditLog.includeValues: expected a boolean, got string.'],
    [{ grantsFile: true }, '(agent spec): permissions.grantsFile: expected a file path or false, got boolean.'],
    [{ grantsScope: 'global' }, "(agent spec): permissions.grantsScope: expected 'project' or 'conversation', got 'global'."],
    [{ auditLog: { maxBytes: 0 } }, '(agent spec): permissions.auditLog.maxBytes: expected an integer >= 1, got number.'],
    [{ auditLog: { keep: 'all' } }, '(agent spec): permissions.auditLog.keep: expected an integer >= 0, got string.'],
  ])('rejects %j with a path-precise message', async (permissions, message) => {
    expect((await rejectionOf(loadAgentSpec({ tools: [], permissions }))).message).toBe(message);
  });
});

describe('GrantsFile', () => {
  it('persists rules as readable JSON, keeps hand edits, and skips duplicates', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'grants-'));
    const grants = new GrantsFile(join(dir, 'state', 'permissions.json'));
    expect(await grants.add([parseRule('file_editor(src/**)', 'allow')])).toHaveLength(1);
    const edited = JSON.parse(await readFile(grants.path, 'utf8')) as { deny: string[] };
    edited.deny.push('terminal(rm:*)');
    await writeFile(grants.path, JSON.stringify(edited));
    expect(await grants.add([parseRule('file_editor(src/**)', 'allow'), parseRule('glob', 'allow')])).toEqual([{ tool: 'glob', behavior: 'allow' }]);
    expect(await readFile(grants.path, 'utf8')).toBe(
      '{\n  "version": 1,\n  "allow": [\n    "file_editor(src/**)",\n    "glob"\n  ],\n  "ask": [],\n  "deny": [\n    "terminal(rm:*)"\n  ]\n}\n',
    );
    expect(await grants.rules()).toEqual([
      { tool: 'file_editor', content: 'src/**', behavior: 'allow', source: 'grants' },
      { tool: 'glob', behavior: 'allow', source: 'grants' },
      { tool: 'terminal', content: 'rm:*', behavior: 'deny', source: 'grants' },
    ]);
  });

  it('rejects a malformed file naming the file and the JSON path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'grants-'));
    const path = join(dir, 'permissions.json');
    await writeFile(path, JSON.stringify({ version: 1, allow: ['ok', 42] }));
    expect((await rejectionOf(Policy.create({ grantsScope: 'conversation' }, { workingDir: dir, stateDir: dir }))).message).toBe(`${path}: allow[1]: expected a rule string like Tool or Tool(content).`);
  });
});

describe('AuditLog', () => {
  it('appends one JSON line per decision with argument names only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audit-'));
    const log = new AuditLog({ path: join(dir, 'a', 'audit.jsonl') });
    const rule = parseRule('file_editor(src/**)', 'allow', 'spec');
    log.record({ toolCallId: 'c1', toolName: 'file_editor', decision: 'allow', reason: 'rule', rule, mode: 'default', arguments: { command: 'create', path: '/w/src/a.ts', file_text: 'SECRET' } });
    log.record({ toolCallId: 'c2', toolName: 'terminal', decision: 'reject', reason: 'user', message: 'not now' });
    log.close();
    const lines = (await readFile(log.path, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map(({ time, ...rest }) => [typeof time, rest])).toEqual([
      ['string', { toolCallId: 'c1', tool: 'file_editor', decision: 'allow', reason: 'rule', rule: 'file_editor(src/**)', ruleBehavior: 'allow', ruleSource: 'spec', mode: 'default', argumentNames: ['command', 'path', 'file_text'] }],
      // A message may quote arguments: only with includeValues.
      ['string', { toolCallId: 'c2', tool: 'terminal', decision: 'reject', reason: 'user' }],
    ]);
    expect(await readFile(log.path, 'utf8')).not.toContain('SECRET');
  });

  it('writes argument values when configured', () => {
    const log = new AuditLog({ path: '/nowhere', includeValues: true });
    expect(JSON.parse(log.line({ toolCallId: 'c', toolName: 't', decision: 'ask', arguments: { a: 1 } }))).toMatchObject({ argumentNames: ['a'], arguments: { a: 1 } });
  });
});
