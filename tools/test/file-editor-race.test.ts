import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, promises, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AtomicWriteFs, FileEditorExecutor } from '@toolwright/tools';
import { ANCHORED_PATHS } from '../src/shared/confined-directory.js';
import { fixture } from './support/fixture.js';

/** Creates per run: `TOOLWRIGHT_RACE_CREATES=10000` for the full proof (see the README's security model). */
const CREATES = Number(process.env.TOOLWRIGHT_RACE_CREATES ?? 2_000);

/**
 * The attacker, a process of its own: it swaps `<root>/d` for a symbolic link to `<outside>` and
 * back as fast as it can. A directory cannot be exchanged with a link atomically, so `d` is also
 * missing for a moment in each round (a create then makes a new, real `d` inside the root; the
 * attacker moves it aside next round).
 */
const ATTACKER = `
const fs = require('fs');
const [root, outside] = process.argv.slice(1);
let k = 0;
for (;;) {
  const hold = root + '/hold' + (k++ % 64);
  try { fs.renameSync(root + '/d', hold); } catch {}
  try { fs.symlinkSync(outside, root + '/d'); } catch {}
  for (let spin = 0; spin < 200; spin++);
  try { fs.unlinkSync(root + '/d'); } catch {}
  try { fs.renameSync(hold, root + '/d'); } catch {}
}`;

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('file_editor under a symlink-swap race', () => {
  it(`creates none of ${CREATES} files outside the root while a directory is swapped for a link to outside`, async () => {
    expect(ANCHORED_PATHS).toBe(process.platform === 'linux');
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'tw-race-')));
    const root = join(base, 'root');
    const outside = join(base, 'outside');
    mkdirSync(join(root, 'd'), { recursive: true });
    mkdirSync(outside);
    const f = fixture({ dir: root });
    const attacker = spawn(process.execPath, ['-e', ATTACKER, root, outside], { stdio: 'ignore' });
    try {
      const editor = await f.tool('file_editor');
      let created = 0;
      let refused = 0;
      for (let i = 0; i < CREATES; i++) {
        const result = await editor.call(editor.actionFromArguments({ command: 'create', path: join(root, 'd', `f${i}`), file_text: 'x' }));
        if (result.isError) {
          refused++;
          expect(result.text).toMatch(/symbolic link|does not exist|already exists|not a directory|ENOENT|ENOTEMPTY/);
        } else {
          created++;
        }
      }
      attacker.kill('SIGKILL');
      expect(filesBelow(outside)).toEqual([]);
      // The attack really ran (some creates were refused), and the tool still worked under it (some landed inside the root).
      expect(refused).toBeGreaterThan(0);
      expect(created).toBeGreaterThan(0);
      expect(filesBelow(root).length).toBe(created);
    } finally {
      attacker.kill('SIGKILL');
      await f.cleanup();
      rmSync(base, { recursive: true, force: true });
    }
  }, 300_000);

  it(`reads none of ${CREATES / 2} views and edits from outside the root under the same race`, async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'tw-race-')));
    const root = join(base, 'root');
    const outside = join(base, 'outside');
    mkdirSync(join(root, 'd'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'd/notes.txt'), 'inside\n');
    writeFileSync(join(outside, 'notes.txt'), 'SECRET\n');
    const f = fixture({ dir: root });
    const attacker = spawn(process.execPath, ['-e', ATTACKER, root, outside], { stdio: 'ignore' });
    try {
      const editor = await f.tool('file_editor');
      const path = join(root, 'd/notes.txt');
      let answered = 0;
      for (let i = 0; i < CREATES / 2; i++) {
        const args = i % 2 === 0 ? { command: 'view', path } : { command: 'insert', path, insert_line: 0, new_str: 'added' };
        const result = await editor.call(editor.actionFromArguments(args));
        expect(result.text).not.toContain('SECRET');
        if (!result.isError) answered++;
      }
      attacker.kill('SIGKILL');
      expect(answered).toBeGreaterThan(0);
      expect(readFileSync(join(outside, 'notes.txt'), 'utf8')).toBe('SECRET\n');
    } finally {
      attacker.kill('SIGKILL');
      await f.cleanup();
      rmSync(base, { recursive: true, force: true });
    }
  }, 300_000);

  /** The file-system calls of a write, with `before` run first at one step: the attacker's move, made deterministic. */
  function hooked(step: 'writeFile' | 'rename', before: () => void): AtomicWriteFs {
    return {
      writeFile: (p, d, o) => {
        if (step === 'writeFile') before();
        return promises.writeFile(p, d, o);
      },
      chmod: (p, m) => promises.chmod(p, m),
      chown: (p, u, g) => promises.chown(p, u, g),
      rename: (from, to) => {
        if (step === 'rename') before();
        return promises.rename(from, to);
      },
      unlink: (p) => promises.unlink(p),
      stat: (p) => promises.stat(p),
    };
  }

  async function scenario(run: (ctx: { root: string; outside: string; executor: FileEditorExecutor; create: (path: string) => Promise<string> }) => Promise<void>): Promise<void> {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'tw-race-')));
    const root = join(base, 'root');
    const outside = join(base, 'outside');
    mkdirSync(join(root, 'd'), { recursive: true });
    mkdirSync(outside);
    const f = fixture({ dir: root });
    try {
      const editor = await f.tool('file_editor');
      const executor = editor.executor as FileEditorExecutor;
      const create = async (path: string): Promise<string> => (await editor.call(editor.actionFromArguments({ command: 'create', path, file_text: 'x' }))).text;
      await run({ root, outside, executor, create });
    } finally {
      await f.cleanup();
      rmSync(base, { recursive: true, force: true });
    }
  }

  it('writes into the directory it checked when that directory is swapped for a link to outside after the check', async () => {
    await scenario(async ({ root, outside, executor, create }) => {
      executor.writeFs = hooked('writeFile', () => {
        renameSync(join(root, 'd'), join(root, 'held'));
        symlinkSync(outside, join(root, 'd'));
      });
      expect(await create(join(root, 'd/new.txt'))).toBe(`File created successfully at: ${join(root, 'd/new.txt')}`);
      expect(filesBelow(outside)).toEqual([]);
      expect(readFileSync(join(root, 'held/new.txt'), 'utf8')).toBe('x');
    });
  });

  it('refuses, and removes what it created, when the directory was moved out of the root during the write', async () => {
    await scenario(async ({ root, outside, executor, create }) => {
      executor.writeFs = hooked('rename', () => renameSync(join(root, 'd'), join(outside, 'd')));
      const text = await create(join(root, 'd/new.txt'));
      expect(text).toBe(
        `Refused to write ${join(root, 'd/new.txt')}: the path changed while it was being written (the directory ${join(root, 'd')} was moved to ${join(outside, 'd')}, outside ${root}), so the write could land outside the directories this tool may access. Nothing was written there. Check the path and try again.`,
      );
      expect(filesBelow(outside)).toEqual([]);
      expect(existsSync(join(outside, 'd'))).toBe(true);
    });
  });
});
