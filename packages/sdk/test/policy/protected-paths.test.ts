import { describe, expect, it } from '@jest/globals';
import { tmpdir } from 'node:os';
import {
  askDecision,
  DANGEROUS_DIRECTORIES,
  DANGEROUS_FILES,
  dangerousPathReason,
  denyDecision,
  parseRule,
  PermissionEngine,
  Policy,
  passthroughDecision,
} from '@toolwright/sdk/policy';
import { loadAgentSpec } from '@toolwright/sdk';
import type { PermissionContext, PermissionDecision, PermissionMode, PermissionSubject } from '@toolwright/sdk/policy';
import { dangerousEntry } from '../../src/policy/dangerous-paths.js';
import { protectedPathsOf, protectedPathsProblem } from '../../src/policy/protected-paths.js';
import { rejectionOf } from '../fixtures/catch-error.js';

/**
 * The guard: this test's own copy of the protected lists. Deleting (or renaming) an entry in
 * dangerous-paths.ts fails here, whatever else still passes.
 */
const EXPECTED_FILES = [
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
  '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
  '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
  '.env.staging', '.env.production', '.env.production.local',
];
const EXPECTED_DIRECTORIES = ['.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker', '.toolwright', '.husky', '.github/workflows'];

describe('the protected lists', () => {
  it('are exactly the guard copies (python-peers lists, plus .toolwright/, .husky/, .github/workflows/)', () => {
    expect([...DANGEROUS_FILES]).toEqual(EXPECTED_FILES);
    expect([...DANGEROUS_DIRECTORIES]).toEqual(EXPECTED_DIRECTORIES);
  });

  it.each(EXPECTED_FILES)('file entry %s matches the file, in any case, at the end of a path', (entry) => {
    expect(dangerousEntry(`/home/u/${entry}`)).toEqual({ entry, kind: 'file' });
    expect(dangerousEntry(`/home/u/${entry.toUpperCase()}`)?.entry).toBe(entry);
    expect(dangerousEntry(`/home/u/${entry}.bak/x`)?.entry).not.toBe(entry);
  });

  it.each(EXPECTED_DIRECTORIES)('directory entry %s matches the directory and anything below it, in any case', (entry) => {
    expect(dangerousEntry(`/repo/${entry}`)?.entry).toBe(entry);
    expect(dangerousEntry(`/repo/${entry}/deep/file`)?.entry).toBe(entry);
    expect(dangerousEntry(`/repo/${entry.toUpperCase()}/x`)?.entry).toBe(entry);
  });

  it('matches a two-segment directory entry only as those segments in a row', () => {
    expect(dangerousEntry('/repo/.github/workflows/ci.yml')).toEqual({ entry: '.github/workflows', kind: 'directory' });
    expect(dangerousEntry('/repo/.github/ISSUE_TEMPLATE/bug.md')).toBeUndefined();
    expect(dangerousEntry('/repo/workflows/.github')).toBeUndefined();
  });

  it('words the reason with the entry', () => {
    expect(dangerousPathReason('/repo/.github/workflows/ci.yml')).toBe("'/repo/.github/workflows/ci.yml' is inside a sensitive directory (.github/workflows).");
  });
});

describe('protectedPaths setting', () => {
  it('reads false as off, true or absent as the built-in lists, and an array as additions (a trailing / marks a directory)', () => {
    expect(protectedPathsOf(false)).toBe(false);
    expect(protectedPathsOf(undefined)).toEqual({ files: [], directories: [] });
    expect(protectedPathsOf(true)).toEqual({ files: [], directories: [] });
    expect(protectedPathsOf(['deploy.key', 'secrets/', 'infra/prod/', '.aws/credentials'])).toEqual({ files: ['deploy.key', '.aws/credentials'], directories: ['secrets', 'infra/prod'] });
  });

  it.each([
    ['yes', { message: "expected true, false or an array of entries ('name', 'dir/sub/name', 'dir/'), got string." }],
    [['ok', 3], { index: 1, message: "expected a file name, trailing path segments or a directory ending in '/', got 3." }],
    [['/'], { index: 0, message: 'expected a file name, trailing path segments or a directory ending in \'/\', got "/".' }],
    [['*.pem'], { index: 0, message: "'*.pem' is a glob; entries are names or path segments compared literally (case-insensitively)." }],
    [['../up'], { index: 0, message: "'../up' has a '.' or '..' segment; entries are names or path segments as they appear in a path." }],
  ])('names what is wrong with %j', (value, problem) => {
    expect(protectedPathsProblem(value)).toEqual(problem);
  });

  it.each([
    [{ protectedPaths: 'all' }, "(agent spec): permissions.protectedPaths: expected true, false or an array of entries ('name', 'dir/sub/name', 'dir/'), got string."],
    [{ protectedPaths: ['ok', '*.pem'] }, "(agent spec): permissions.protectedPaths[1]: '*.pem' is a glob; entries are names or path segments compared literally (case-insensitively)."],
    [{ confineWrites: 'yes' }, '(agent spec): permissions.confineWrites: expected true or false, got string.'],
  ])('an agent spec with %j fails at load with a path-precise message', async (permissions, message) => {
    expect((await rejectionOf(loadAgentSpec({ tools: [], permissions }))).message).toBe(message);
  });

  it('an agent spec with valid protectedPaths and confineWrites loads', async () => {
    const spec = await loadAgentSpec({ tools: [], permissions: { protectedPaths: ['secrets/'], confineWrites: true } });
    expect(spec.permissions).toEqual({ protectedPaths: ['secrets/'], confineWrites: true });
  });

  it('Policy.create refuses a bad setting given in code, naming it', async () => {
    const place = { workingDir: tmpdir(), stateDir: tmpdir() };
    const bad = { protectedPaths: ['a', '**/x'] } as unknown as Parameters<typeof Policy.create>[0];
    expect((await rejectionOf(Policy.create({ ...bad, grantsFile: false, auditLog: false }, place))).message).toBe(
      "permissions.protectedPaths[1]: '**/x' is a glob; entries are names or path segments compared literally (case-insensitively).",
    );
    const confine = { confineWrites: 1 } as unknown as Parameters<typeof Policy.create>[0];
    expect((await rejectionOf(Policy.create({ ...confine, grantsFile: false, auditLog: false }, place))).message).toBe('permissions.confineWrites: expected true or false, got 1.');
  });

  it('Policy.create gives the engine the setting, and tools see it in their context', async () => {
    const place = { workingDir: tmpdir(), stateDir: tmpdir() };
    const policy = await Policy.create({ protectedPaths: ['secrets/'], confineWrites: true, grantsFile: false, auditLog: false }, place);
    expect(policy.engine.context()).toMatchObject({ protectedPaths: { files: [], directories: ['secrets'] }, confineWrites: true });
    const off = await Policy.create({ protectedPaths: false, grantsFile: false, auditLog: false }, place);
    expect(off.engine.context()).toMatchObject({ protectedPaths: false, confineWrites: false });
  });
});

/** A tool whose checkPermissions gives `own` and records the context it got. */
function toolSaying(own: PermissionDecision): PermissionSubject<string> & { seen: PermissionContext[] } {
  const seen: PermissionContext[] = [];
  return {
    name: 'writer',
    seen,
    isReadOnly: () => false,
    checkPermissions: (_a, ctx) => (seen.push(ctx), own),
    matchRule: () => true,
    suggestRules: () => ['dir/**'],
  };
}

const protectedAsk = askDecision({ reason: 'safety', bypassImmune: true, protectedPath: '.git', message: "'/w/.git/config' is inside a protected directory (.git)." });
const safetyAsk = askDecision({ reason: 'safety', bypassImmune: true, message: 'Command matches dangerous pattern.' });

describe('PermissionEngine: protected-path asks hold in every mode', () => {
  const modes: [PermissionMode, string][] = [
    ['default', 'ask'],
    ['acceptEdits', 'ask'],
    ['bypass', 'ask'],
    ['dontAsk', 'deny'],
  ];

  it.each(modes)('in %s a protected-path ask is %s, and a tool-wide allow rule does not silence it', (mode, behavior) => {
    const engine = new PermissionEngine({ mode, rules: [parseRule('writer', 'allow', 'code')] });
    const d = engine.check(toolSaying(protectedAsk), 'x') as PermissionDecision;
    expect([d.behavior, d.reason, d.protectedPath]).toEqual([behavior, 'safety', '.git']);
    if (mode === 'dontAsk') expect(d.message).toBe("DONT_ASK mode converted ASK to DENY. Original reason: '/w/.git/config' is inside a protected directory (.git).");
  });

  it('in explore the write is denied before the tool is asked', () => {
    const d = new PermissionEngine({ mode: 'explore' }).check(toolSaying(protectedAsk), 'x') as PermissionDecision;
    expect([d.behavior, d.reason]).toEqual(['deny', 'mode']);
  });

  it('a safety ask that names no protected path is still skipped by bypass (the seed behaviour)', () => {
    const d = new PermissionEngine({ mode: 'bypass' }).check(toolSaying(safetyAsk), 'x') as PermissionDecision;
    expect([d.behavior, d.reason]).toEqual(['allow', 'mode']);
  });

  it('with protectedPaths: false the engine treats a protected-path ask as a plain safety ask (bypass skips it)', () => {
    const tool = toolSaying(protectedAsk);
    const d = new PermissionEngine({ mode: 'bypass', protectedPaths: false }).check(tool, 'x') as PermissionDecision;
    expect([d.behavior, d.reason]).toEqual(['allow', 'mode']);
    expect(tool.seen[0]?.protectedPaths).toBe(false);
  });

  it('tells tools the protected paths and confineWrites in their context (built-in lists by default)', () => {
    const tool = toolSaying(passthroughDecision());
    new PermissionEngine({ mode: 'default' }).check(tool, 'x');
    expect(tool.seen[0]).toMatchObject({ protectedPaths: { files: [], directories: [] }, confineWrites: false });
  });
});

describe('PermissionEngine: confineWrites', () => {
  const refused = denyDecision({ reason: 'tool', message: "Writing '/etc/x' is refused: confineWrites allows writes only inside the working directories, and the working directories are /w." });

  it('lets the tool deny win over an ask rule, so approving the ask cannot let the write out', () => {
    const rules = [parseRule('writer(anything)', 'ask', 'code')];
    const d = new PermissionEngine({ mode: 'bypass', rules, confineWrites: true }).check(toolSaying(refused), 'x') as PermissionDecision;
    expect([d.behavior, d.reason, d.message]).toEqual(['deny', 'tool', refused.message]);
  });

  it('keeps the ask rule when the tool does not deny', () => {
    const rules = [parseRule('writer(anything)', 'ask', 'code')];
    const d = new PermissionEngine({ mode: 'default', rules, confineWrites: true }).check(toolSaying(passthroughDecision()), 'x') as PermissionDecision;
    expect([d.behavior, d.reason]).toEqual(['ask', 'rule']);
  });

  it('without confineWrites an ask rule asks without consulting the tool (AgentScope order)', () => {
    const tool = toolSaying(refused);
    const d = new PermissionEngine({ mode: 'default', rules: [parseRule('writer(anything)', 'ask', 'code')] }).check(tool, 'x') as PermissionDecision;
    expect([d.behavior, tool.seen.length]).toEqual(['ask', 0]);
  });
});
