import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionSubject, ToolPermissions } from '@toolwright/sdk/policy';
import { FileEditorAction } from '../src/file_editor/declarations.js';
import { fileEditorPermissions, matchPathRule, pathPermissions } from '../src/file_editor/permissions.js';
import { fileToolPermissions } from '../src/read/file-tool-permissions.js';
import { WriteAction } from '../src/write/declarations.js';

/** The guard copy of the protected directories and a representative file per file entry (see packages/sdk/test/policy/protected-paths.test.ts for the files). */
const PROTECTED_DIRECTORIES = ['.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker', '.toolwright', '.husky', '.github/workflows'];
const PROTECTED_FILES = [
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
  '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
  '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
  '.env.staging', '.env.production', '.env.production.local',
];

let root: string;
let ws: string;

function subject<A>(name: string, permissions: ToolPermissions<A>): PermissionSubject<A> {
  return {
    name,
    isReadOnly: (a) => permissions.isReadOnly?.(a) ?? false,
    checkPermissions: (a, ctx) => permissions.checkPermissions!(a, ctx),
    matchRule: (content, a, behavior) => permissions.matchRule?.(content, a, behavior) ?? false,
    suggestRules: (a) => permissions.suggestRules?.(a) ?? [],
  };
}

interface Setup {
  mode?: PermissionMode;
  allow?: string[];
  deny?: string[];
  ask?: string[];
  confineWrites?: boolean;
  protectedPaths?: false | { files: string[]; directories: string[] };
  workingDirectories?: string[];
}

function engineFor(setup: Setup): PermissionEngine {
  const rules = [
    ...(setup.allow ?? []).map((r) => parseRule(r, 'allow', 'code')),
    ...(setup.deny ?? []).map((r) => parseRule(r, 'deny', 'code')),
    ...(setup.ask ?? []).map((r) => parseRule(r, 'ask', 'code')),
  ];
  return new PermissionEngine({ mode: setup.mode ?? 'default', rules, workingDirectories: setup.workingDirectories ?? [ws], confineWrites: setup.confineWrites, protectedPaths: setup.protectedPaths });
}

const create = (path: string): FileEditorAction => Object.assign(new FileEditorAction(), { command: 'create', path, file_text: 'x' });
const view = (path: string): FileEditorAction => Object.assign(new FileEditorAction(), { command: 'view', path });

function editor(setup: Setup, path: string, action = create(path)): PermissionDecision {
  return engineFor(setup).check(subject('file_editor', fileEditorPermissions(ws)), action) as PermissionDecision;
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-file-real-paths-')));
  ws = join(root, 'ws');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, '.git'));
  writeFileSync(join(ws, '.git', 'config'), '');
  writeFileSync(join(ws, 'package.json'), '{}');
  mkdirSync(join(root, 'outside'));
  symlinkSync('../.git/config', join(ws, 'src', 'cfg')); // symlinked file
  symlinkSync('..', join(ws, 'src', 'up')); // symlinked directory component
  symlinkSync('../.git/hooks/pre-commit', join(ws, 'src', 'hook')); // dangling, to a protected path
  symlinkSync(join(root, 'outside'), join(ws, 'src', 'out')); // a directory outside the workspace
  symlinkSync('../../outside/new.txt', join(ws, 'src', 'dangling-out')); // dangling, outside
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('file_editor decides on the path as written and as resolved', () => {
  const allowSrc = { allow: ['file_editor(src/**)'] };

  it('allows a plain file under an allowed directory', () => {
    expect(editor(allowSrc, join(ws, 'src', 'a.ts')).behavior).toBe('allow');
  });

  it('symlinked file: src/cfg -> ../.git/config asks as a protected path under file_editor(src/**), naming the link target', () => {
    const d = editor(allowSrc, join(ws, 'src', 'cfg'));
    expect([d.behavior, d.reason, d.protectedPath, d.bypassImmune]).toEqual(['ask', 'safety', '.git', true]);
    expect(d.message).toBe(`'${join(ws, 'src', 'cfg')}' (through a symbolic link to '${join(ws, '.git', 'config')}') is inside a protected directory (.git). Changing it needs explicit approval.`);
  });

  it('symlinked directory component: src/up -> .. does not let file_editor(src/**) edit the workspace package.json', () => {
    const d = editor(allowSrc, join(ws, 'src', 'up', 'package.json'));
    expect([d.behavior, d.reason]).toEqual(['ask', 'fallback']);
  });

  it('`..` through a symlink: the written path is normalised first, then resolved, so what is checked is what the editor writes', () => {
    // src/up/../package.json is written as src/package.json (lexically): allowed, and the editor writes src/package.json.
    const d = editor(allowSrc, `${ws}/src/up/../package.json`);
    expect(d.behavior).toBe('allow');
    // src/up/up2/.. with src/up -> .. : the resolved side leaves src/, so the allow rule does not hold.
    expect(editor(allowSrc, join(ws, 'src', 'up', 'src', 'up', 'package.json')).behavior).toBe('ask');
  });

  it('a dangling symlink to a protected path asks as a protected path (a created file lands in .git/hooks)', () => {
    const d = editor({ ...allowSrc, mode: 'bypass' }, join(ws, 'src', 'hook'));
    expect([d.behavior, d.protectedPath]).toEqual(['ask', '.git']);
  });

  it('a deny rule hits when the resolved path matches it, even if the written one does not', () => {
    const d = editor({ allow: ['file_editor'], deny: ['file_editor(package.json)'] }, join(ws, 'src', 'up', 'package.json'));
    expect([d.behavior, d.reason]).toEqual(['deny', 'rule']);
  });

  it('an ask rule hits when the resolved path matches it', () => {
    const d = editor({ allow: ['file_editor'], ask: [`file_editor(${join(root, 'outside')}/**)`] }, join(ws, 'src', 'out', 'x.txt'));
    expect([d.behavior, d.reason]).toEqual(['ask', 'rule']);
  });

  it('an absolute allow rule must cover the resolved path too', () => {
    expect(editor({ allow: [`file_editor(${ws}/src/**)`] }, join(ws, 'src', 'out', 'x.txt')).behavior).toBe('ask');
    expect(editor({ allow: [`file_editor(${ws}/src/**)`, `file_editor(${root}/outside/**)`] }, join(ws, 'src', 'out', 'x.txt')).behavior).toBe('ask');
    expect(editor({ allow: [`file_editor(${root}/**)`] }, join(ws, 'src', 'out', 'x.txt')).behavior).toBe('allow');
  });

  it('acceptEdits allows an edit only when the path is inside the working directories as written and as resolved', () => {
    expect(editor({ mode: 'acceptEdits' }, join(ws, 'src', 'a.ts')).behavior).toBe('allow');
    expect(editor({ mode: 'acceptEdits' }, join(ws, 'src', 'out', 'x.txt')).behavior).toBe('ask');
    expect(editor({ mode: 'acceptEdits' }, join(ws, 'src', 'dangling-out')).behavior).toBe('ask');
    expect(editor({ mode: 'acceptEdits', workingDirectories: [join(ws, 'src')] }, join(ws, 'src', 'up', 'package.json')).behavior).toBe('ask');
  });

  it('case variants of protected names ask like the names themselves', () => {
    for (const path of [join(ws, '.GIT', 'config'), join(ws, '.Git', 'HOOKS', 'x'), join(ws, '.ENV'), join(ws, '.GitHub', 'Workflows', 'ci.yml')]) {
      expect([path, editor({ allow: ['file_editor'], mode: 'bypass' }, path).behavior]).toEqual([path, 'ask']);
    }
  });
});

describe('rule paths compare as the file system does', () => {
  it('a case-sensitive file system (the default here: probed) keeps SRC/** off src/a', () => {
    expect(editor({ allow: ['file_editor(SRC/**)'] }, join(ws, 'src', 'a.ts')).behavior).toBe('ask');
  });

  it('with ignoreCase (a case-insensitive file system, injected) SRC/** covers src/a and a deny on SECRET/** covers secret/x', () => {
    const tool = subject('file_editor', fileEditorPermissions(ws, { ignoreCase: true }));
    expect((engineFor({ allow: ['file_editor(SRC/**)'] }).check(tool, create(join(ws, 'src', 'a.ts'))) as PermissionDecision).behavior).toBe('allow');
    expect((engineFor({ allow: ['file_editor'], deny: ['file_editor(SECRET/**)'] }).check(tool, create(join(ws, 'secret', 'x'))) as PermissionDecision).behavior).toBe('deny');
  });

  it('matchPathRule compares the working directory case-insensitively too when told to', () => {
    expect(matchPathRule('src/**', '/Work/WS/src/a', '/work/ws')).toBe(false);
    expect(matchPathRule('src/**', '/Work/WS/src/a', '/work/ws', true)).toBe(true);
    expect(matchPathRule('/TMP/**', '/tmp/a', '/w', true)).toBe(true);
  });
});

describe('protected paths in every mode (file tools)', () => {
  const modes: [PermissionMode, string][] = [
    ['default', 'ask'],
    ['acceptEdits', 'ask'],
    ['bypass', 'ask'],
    ['dontAsk', 'deny'],
    ['explore', 'deny'],
  ];

  it.each(modes)('writing .git/config in %s mode with file_editor allowed: %s', (mode, behavior) => {
    expect(editor({ mode, allow: ['file_editor'] }, join(ws, '.git', 'config')).behavior).toBe(behavior);
  });

  it.each(PROTECTED_DIRECTORIES)('bypass: file_editor create inside %s/ asks, naming the entry', (entry) => {
    const d = editor({ mode: 'bypass', allow: ['file_editor'] }, join(ws, entry, 'x'));
    expect([d.behavior, d.protectedPath]).toEqual(['ask', entry]);
  });

  it.each(PROTECTED_FILES)('bypass: write of ~/%s asks, naming the entry', (entry) => {
    const write = subject('write', fileToolPermissions<WriteAction>(ws, false));
    const d = engineFor({ mode: 'bypass', allow: ['write'] }).check(write, Object.assign(new WriteAction(), { filePath: join(homedir(), entry), content: '' })) as PermissionDecision;
    expect([d.behavior, d.protectedPath]).toEqual(['ask', entry]);
  });

  it('protectedPaths: false gives the seed behaviour: a safety ask in default mode, skipped by bypass', () => {
    expect(editor({ mode: 'default', allow: ['file_editor'], protectedPaths: false }, join(ws, '.git', 'config'))).toMatchObject({ behavior: 'ask', reason: 'safety' });
    const d = editor({ mode: 'bypass', protectedPaths: false }, join(ws, '.git', 'config'));
    expect([d.behavior, d.reason, d.protectedPath]).toEqual(['allow', 'mode', undefined]);
  });

  it('an extension protects more files and directories in every mode', () => {
    const protectedPaths = { files: ['deploy.key'], directories: ['infra/prod'] };
    expect(editor({ mode: 'bypass', protectedPaths }, join(ws, 'keys', 'DEPLOY.KEY'))).toMatchObject({ behavior: 'ask', protectedPath: 'deploy.key' });
    expect(editor({ mode: 'bypass', protectedPaths }, join(ws, 'infra', 'prod', 'main.tf'))).toMatchObject({ behavior: 'ask', protectedPath: 'infra/prod' });
    expect(editor({ mode: 'bypass', protectedPaths }, join(ws, 'infra', 'dev', 'main.tf')).behavior).toBe('allow');
  });

  it('reading a protected path is not a write: view stays read-only', () => {
    expect(editor({ mode: 'bypass' }, join(ws, '.git', 'config'), view(join(ws, '.git', 'config'))).behavior).toBe('allow');
  });
});

describe('confineWrites (file tools)', () => {
  const modes: PermissionMode[] = ['default', 'acceptEdits', 'bypass', 'dontAsk'];

  it.each(modes)('in %s mode a write outside the working directories is denied, naming the path and the directories', (mode) => {
    const path = join(root, 'outside', 'x.txt');
    const d = editor({ mode, confineWrites: true, allow: ['file_editor'] }, path);
    expect([d.behavior, d.reason, d.message]).toEqual([
      'deny',
      'tool',
      `Writing '${path}' is refused: confineWrites allows writes only inside the working directories, and the working directories are ${ws}.`,
    ]);
  });

  it('a write through a link that leaves the working directories is denied, naming where it resolves', () => {
    const d = editor({ mode: 'bypass', confineWrites: true }, join(ws, 'src', 'out', 'x.txt'));
    expect([d.behavior, d.message]).toEqual(['deny', `Writing '${join(ws, 'src', 'out', 'x.txt')}' (it resolves to '${join(root, 'outside', 'x.txt')}') is refused: confineWrites allows writes only inside the working directories, and the working directories are ${ws}.`]);
    expect(editor({ mode: 'bypass', confineWrites: true }, join(ws, 'src', 'dangling-out')).behavior).toBe('deny');
  });

  it('an ask rule cannot open the door: the deny wins', () => {
    expect(editor({ mode: 'default', confineWrites: true, ask: ['file_editor'] }, join(root, 'outside', 'x.txt')).behavior).toBe('deny');
    expect(editor({ mode: 'explore', confineWrites: true, ask: ['file_editor'] }, join(root, 'outside', 'x.txt')).behavior).toBe('deny');
  });

  it('writes inside run as the mode says; reads outside are not writes', () => {
    expect(editor({ mode: 'bypass', confineWrites: true }, join(ws, 'src', 'a.ts')).behavior).toBe('allow');
    expect(editor({ mode: 'default', confineWrites: true }, join(ws, 'src', 'a.ts')).behavior).toBe('ask');
    expect(editor({ mode: 'default', confineWrites: true, ask: ['file_editor'] }, '/etc/hosts', view('/etc/hosts')).behavior).toBe('ask');
    expect(editor({ mode: 'bypass', confineWrites: true }, '/etc/hosts', view('/etc/hosts')).behavior).toBe('allow');
  });

  it('pathPermissions applies it to every path of a multi-path tool', () => {
    const tool = subject('mover', pathPermissions<string[]>({ workingDir: ws, pathsOf: (paths) => paths, isReadOnly: () => false }));
    const d = engineFor({ mode: 'bypass', confineWrites: true }).check(tool, [join(ws, 'a'), join(root, 'outside', 'b')]) as PermissionDecision;
    expect(d.behavior).toBe('deny');
  });
});
