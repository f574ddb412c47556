/**
 * The small git workspace the read-only sandbox test runs commands over, and the snapshot that
 * tells whether anything in it (or in the home, /tmp and canary directories beside it) changed.
 *
 * A template is built once; each sandbox slot is a copy (`cp -a`, so modes and mtimes survive);
 * the repository compares only mtimes and sizes, so `git status` in a copy finds nothing to
 * rewrite. A slot is copied again only after a command changed it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The directories of a slot bound into the sandbox, by their name inside it. */
export const SLOT_AREAS = { work: '/work', home: '/home/user', tmp: '/tmp', canary: '/canary' } as const;

/** Programs on the sandbox's PATH that only exist to be caught running. */
export const TRAP_PROGRAMS = ['x', 'cmd', 'evil'] as const;

/** A snapshot: for every path (`work/README.md`), its type, mode, size, mtime and content hash. */
export type TreeSnapshot = Map<string, string>;

const FIXED_TIME = new Date('2020-01-01T00:00:00Z');
const GIT_ENV = {
  PATH: '/usr/bin:/bin',
  LANG: 'C',
  GIT_AUTHOR_NAME: 'Ada',
  GIT_AUTHOR_EMAIL: 'ada@example.invalid',
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

/** Builds the template under `root/template` and the trap programs under `root/trap`. */
export function buildTemplate(root: string): { template: string; trap: string } {
  const template = join(root, 'template');
  const work = join(template, 'work');
  for (const area of Object.keys(SLOT_AREAS)) mkdirSync(join(template, area), { recursive: true });
  mkdirSync(join(work, 'src'), { recursive: true });
  const files: Record<string, string> = {
    'README.md': '# Demo\nhello world\nsecond line\n',
    'notes.txt': 'hello notes\nb\na\n',
    'data.json': '{"name":"demo","n":1,"tags":["a","b"]}\n',
    'src/main.js': 'console.log("hello");\n',
    'src/util.js': 'export const two = 2;\n',
    'src/.hidden': 'hidden\n',
    'hook.sh': 'touch pwned\n',
    '.gitattributes': '*.md diff=md\n',
    '.gitignore': '*.log\n',
  };
  for (const [path, content] of Object.entries(files)) writeFileSync(join(work, path), content);
  symlinkSync('README.md', join(work, 'link'));
  symlinkSync('src', join(work, 'dirlink'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: work, env: { ...GIT_ENV, HOME: join(template, 'home') }, encoding: 'utf8' });
  const at = (date: string) => ({ ...GIT_ENV, HOME: join(template, 'home'), GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  ageFiles(work);
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Ada');
  git('config', 'user.email', 'ada@example.invalid');
  // A copy has new inodes and ctimes: git compares only mtime and size, or `git status` in a fresh
  // copy would rewrite the index (a change no command made).
  git('config', 'core.trustctime', 'false');
  git('config', 'core.checkStat', 'minimal');
  git('remote', 'add', 'origin', 'https://example.invalid/toolwright.git');
  git('add', '-A');
  execFileSync('git', ['commit', '-qm', 'first'], { cwd: work, env: at('2020-01-01T00:00:00Z') });
  git('branch', 'feature');
  git('tag', 'v1');
  writeFileSync(join(work, 'README.md'), '# Demo\nhello world\nsecond line\nthird line\n');
  ageFiles(work);
  git('add', 'README.md');
  execFileSync('git', ['commit', '-qm', 'second'], { cwd: work, env: at('2020-01-02T00:00:00Z') });
  // A dirty tree: a staged change, an unstaged change, an untracked and an ignored file.
  writeFileSync(join(work, 'notes.txt'), 'hello notes\nb\na\nstaged\n');
  ageFiles(work);
  git('add', 'notes.txt');
  writeFileSync(join(work, 'README.md'), '# Demo\nhello world\nsecond line\nthird line\nlocal change\n');
  writeFileSync(join(work, 'scratch.txt'), 'untracked\n');
  writeFileSync(join(work, 'build.log'), 'ignored\n');
  ageFiles(work);
  settleIndex(work, git);
  writeFileSync(join(template, 'home', 'canary.txt'), 'home canary\n');
  writeFileSync(join(template, 'tmp', 'canary.txt'), 'tmp canary\n');
  writeFileSync(join(template, 'canary', 'secret.txt'), 'outside canary\n');
  const trap = join(root, 'trap');
  mkdirSync(trap, { recursive: true });
  for (const name of TRAP_PROGRAMS) {
    writeFileSync(join(trap, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(trap, name), 0o755);
  }
  return { template, trap };
}

/** Copies the template to `slot` (replacing it) and returns its snapshot. */
export function resetSlot(template: string, slot: string): TreeSnapshot {
  rmSync(slot, { recursive: true, force: true });
  execFileSync('cp', ['-a', template, slot]);
  mkdirSync(join(slot, 'trace'), { recursive: true });
  return snapshot(slot);
}

/** The snapshot of a slot's areas (not its trace directory). Directory mtimes are left out: a lock file created and removed changes them and nothing else. */
export function snapshot(slot: string): TreeSnapshot {
  const result: TreeSnapshot = new Map();
  for (const area of Object.keys(SLOT_AREAS)) walk(join(slot, area), area, result);
  return result;
}

/** What differs between two snapshots: `created out.txt`, `changed work/README.md (content, mtime)`, `removed …`. */
export function snapshotChanges(before: TreeSnapshot, after: TreeSnapshot): string[] {
  const changes: string[] = [];
  for (const [path, now] of after) {
    const was = before.get(path);
    if (was === undefined) changes.push(`created ${path}`);
    else if (was !== now) changes.push(`changed ${path} (${differingFields(was, now).join(', ')})`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`removed ${path}`);
  return changes;
}

function walk(dir: string, rel: string, into: TreeSnapshot): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const key = `${rel}/${name}`;
    const st = lstatSync(path, { bigint: true });
    const mode = (st.mode & 0o7777n).toString(8);
    if (st.isSymbolicLink()) into.set(key, `type=link mode=${mode} target=${readlinkSync(path)}`);
    else if (st.isDirectory()) {
      into.set(key, `type=dir mode=${mode}`);
      walk(path, key, into);
    } else if (st.isFile()) {
      const hash = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
      into.set(key, `type=file mode=${mode} size=${st.size} mtime=${st.mtimeNs} content=${hash}`);
    } else into.set(key, `type=other mode=${mode}`);
  }
}

function differingFields(was: string, now: string): string[] {
  const fields = (s: string) => new Map(s.split(' ').map((kv) => kv.split('=') as [string, string]));
  const a = fields(was);
  const b = fields(now);
  return [...b.keys()].filter((k) => a.get(k) !== b.get(k)).map((k) => (k === 'content' ? 'content' : `${k} ${a.get(k) ?? '-'}→${b.get(k)}`));
}

/**
 * Runs `git status` until it stops rewriting the index: an index written in the same second as
 * the files it describes is rewritten by the next status, in every copy (plain `git status`
 * writes the refreshed index; `--porcelain` does not).
 */
function settleIndex(work: string, git: (...args: string[]) => string): void {
  const mtime = () => lstatSync(join(work, '.git', 'index'), { bigint: true }).mtimeNs;
  for (let attempt = 0; attempt < 5; attempt++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
    const before = mtime();
    git('status');
    if (mtime() === before) return;
  }
  throw new Error(`git status keeps rewriting ${join(work, '.git', 'index')}`);
}

/** Sets every file's mtime to a fixed past time, so git's index never holds racily-clean entries. */
function ageFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) ageFiles(path);
    utimesSync(path, FIXED_TIME, FIXED_TIME);
  }
}
