import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANCHORED_PATHS, ConfinedDirectory, ConfinementError } from '../src/shared/confined-directory.js';
import { writeFileAtomic } from '../src/shared/write-file-atomic.js';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tw-confined-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfinementError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfinementError');
}

describe('ConfinedDirectory', () => {
  it('opens a directory below the root through a descriptor, creating missing components when asked', async () => {
    const dir = await ConfinedDirectory.open(root, join(root, 'a/b/c'), { create: true });
    try {
      expect(dir.entry('f.txt')).toMatch(ANCHORED_PATHS ? /^\/proc\/self\/fd\/\d+\/f\.txt$/ : /a\/b\/c\/f\.txt$/);
      await writeFile(dir.entry('f.txt'), 'hello');
      expect(readFileSync(join(root, 'a/b/c/f.txt'), 'utf8')).toBe('hello');
      expect(await dir.location()).toBe(join(root, 'a/b/c'));
      await dir.checkInside();
    } finally {
      await dir.close();
    }
  });

  it('does not create anything without create, and says what is missing', async () => {
    await expect(ConfinedDirectory.open(root, join(root, 'missing/deeper'), { create: false })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(join(root, 'missing'))).toBe(false);
  });

  it('refuses a component that is a symbolic link, even one that points inside the root', async () => {
    symlinkSync(outside, join(root, 'out'));
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'in'));
    expect(await refusal(ConfinedDirectory.open(root, join(root, 'out/x'), { create: true }))).toBe(`${join(root, 'out')} is a symbolic link now (it was not when the path was checked)`);
    expect(await refusal(ConfinedDirectory.open(root, join(root, 'in'), { create: false }))).toBe(`${join(root, 'in')} is a symbolic link now (it was not when the path was checked)`);
    expect(existsSync(join(outside, 'x'))).toBe(false);
  });

  it('refuses a component that is a file, and a directory that is not inside the root', async () => {
    writeFileSync(join(root, 'file'), '');
    expect(await refusal(ConfinedDirectory.open(root, join(root, 'file/x'), { create: true }))).toBe(`${join(root, 'file')} is not a directory`);
    expect(await refusal(ConfinedDirectory.open(root, outside, { create: false }))).toBe(`${outside} is not inside ${root}`);
  });

  it('notices a directory moved out of the root after it was opened', async () => {
    mkdirSync(join(root, 'd'));
    const dir = await ConfinedDirectory.open(root, join(root, 'd'), { create: false });
    try {
      renameSync(join(root, 'd'), join(outside, 'd'));
      if (ANCHORED_PATHS) {
        // The descriptor follows the directory itself, not its old name.
        await writeFile(dir.entry('f'), 'x');
        expect(existsSync(join(outside, 'd/f'))).toBe(true);
        expect(await dir.location()).toBe(join(outside, 'd'));
        expect(await refusal(dir.checkInside())).toBe(`the directory ${join(root, 'd')} was moved to ${join(outside, 'd')}, outside ${root}`);
      } else {
        await expect(dir.checkInside()).rejects.toThrow();
      }
    } finally {
      await dir.close();
    }
  });

  it('refuses an entry name that is a link, or not a single name', async () => {
    const dir = await ConfinedDirectory.open(root, root, { create: false });
    try {
      symlinkSync(join(outside, 'target'), join(root, 'link'));
      expect(await refusal(dir.refuseLink('link'))).toBe(`${join(root, 'link')} is a symbolic link now (it was not when the path was checked)`);
      await dir.refuseLink('absent');
      for (const bad of ['', '.', '..', 'a/b']) expect(() => dir.entry(bad)).toThrow(ConfinementError);
    } finally {
      await dir.close();
    }
  });
});

describe('writeFileAtomic never follows a link in the last component', () => {
  it('replaces a link with a file instead of writing its target, and an in-place write refuses a link', async () => {
    writeFileSync(join(outside, 'target'), 'outside\n');
    symlinkSync(join(outside, 'target'), join(root, 'link'));
    await writeFileAtomic(join(root, 'link'), 'inside\n');
    expect(readFileSync(join(outside, 'target'), 'utf8')).toBe('outside\n');
    expect(readFileSync(join(root, 'link'), 'utf8')).toBe('inside\n');
    // A file with two hard links is written in place; through a link to it, that write is refused.
    writeFileSync(join(outside, 'shared'), 'shared\n');
    linkSync(join(outside, 'shared'), join(outside, 'shared2'));
    symlinkSync(join(outside, 'shared'), join(root, 'to-shared'));
    await expect(writeFileAtomic(join(root, 'to-shared'), 'changed\n')).rejects.toMatchObject({ code: 'ELOOP' });
    expect(readFileSync(join(outside, 'shared'), 'utf8')).toBe('shared\n');
  });
});
