import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInsideDirectories } from '@toolwright/sdk/policy';
import { fileSystemIgnoresCase } from '../../src/policy/file-system-case.js';
import { isWithin } from '../../src/policy/is-inside-directories.js';
import { realPathOf, realPathOfAsync } from '../../src/policy/real-path.js';

let root: string;
let ws: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-real-path-')));
  ws = join(root, 'ws');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, '.git'));
  writeFileSync(join(ws, '.git', 'config'), '');
  writeFileSync(join(ws, 'package.json'), '{}');
  symlinkSync('../.git/config', join(ws, 'src', 'cfg')); // a symlinked file
  symlinkSync('..', join(ws, 'src', 'up')); // a symlinked directory component
  symlinkSync('../.git/hooks/pre-commit', join(ws, 'src', 'hook')); // dangling: .git/hooks does not exist
  symlinkSync('../nowhere/deeper', join(ws, 'src', 'dangling-dir'));
  symlinkSync('loop-b', join(ws, 'src', 'loop-a'));
  symlinkSync('loop-a', join(ws, 'src', 'loop-b'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('realPathOf (the one helper every decision on real paths uses)', () => {
  it('resolves a symbolic link to a file', () => {
    expect(realPathOf(join(ws, 'src', 'cfg'))).toBe(join(ws, '.git', 'config'));
  });

  it('resolves a symbolic link in a directory component, the file under it not existing yet', () => {
    expect(realPathOf(join(ws, 'src', 'up', 'package.json'))).toBe(join(ws, 'package.json'));
    expect(realPathOf(join(ws, 'src', 'up', 'new', 'file.txt'))).toBe(join(ws, 'new', 'file.txt'));
  });

  it('takes `..` after a symbolic link physically, as the kernel does, not lexically', () => {
    // Lexically src/up/../x is src/x; the kernel goes to ws/.. (root) because src/up is ws.
    expect(realPathOf(`${ws}/src/up/../x`)).toBe(join(root, 'x'));
  });

  it('follows a dangling symbolic link to where a created file would land', () => {
    expect(realPathOf(join(ws, 'src', 'hook'))).toBe(join(ws, '.git', 'hooks', 'pre-commit'));
    expect(realPathOf(join(ws, 'src', 'dangling-dir', 'f'))).toBe(join(ws, 'nowhere', 'deeper', 'f'));
  });

  it('stops on a loop of links instead of spinning', () => {
    expect(realPathOf(join(ws, 'src', 'loop-a'))).toMatch(/loop-[ab]$/);
  });

  it('leaves a path without links as it is', () => {
    expect(realPathOf(join(ws, 'src', 'plain.txt'))).toBe(join(ws, 'src', 'plain.txt'));
    expect(realPathOf('/')).toBe('/');
  });

  it('gives the same answers without blocking (realPathOfAsync)', async () => {
    for (const path of [join(ws, 'src', 'cfg'), join(ws, 'src', 'up', 'package.json'), `${ws}/src/up/../x`, join(ws, 'src', 'hook'), join(ws, 'src', 'loop-a')]) {
      expect([path, await realPathOfAsync(path)]).toEqual([path, realPathOf(path)]);
    }
  });
});

describe('isInsideDirectories: inside as written AND as resolved', () => {
  it('refuses a path written inside that resolves outside through a link', () => {
    expect(isInsideDirectories(join(ws, 'src', 'up', 'package.json'), [join(ws, 'src')])).toBe(false);
    expect(isInsideDirectories(join(ws, 'src', 'a.txt'), [join(ws, 'src')])).toBe(true);
  });

  it('refuses a path written outside that resolves inside', () => {
    const outsideLink = join(root, 'into-src');
    symlinkSync(join(ws, 'src'), outsideLink);
    expect(isInsideDirectories(join(outsideLink, 'a.txt'), [join(ws, 'src')])).toBe(false);
  });

  it('accepts paths under a symlinked working directory, written either way', () => {
    const linkedWs = join(root, 'linked-ws');
    symlinkSync(ws, linkedWs);
    expect(isInsideDirectories(join(linkedWs, 'a.txt'), [linkedWs])).toBe(true);
    expect(isInsideDirectories(join(ws, 'a.txt'), [linkedWs])).toBe(true);
  });

  it('compares case-insensitively only when told the file system ignores case', () => {
    expect(isWithin('/Work/SRC/a', '/work/src')).toBe(false);
    expect(isWithin('/Work/SRC/a', '/work/src', true)).toBe(true);
  });
});

describe('fileSystemIgnoresCase', () => {
  // The suite runs on Linux (ext4, overlayfs, tmpfs: all case-sensitive); the insensitive branch
  // of the rules is tested with the flag injected (tools/test/file-permissions-real-paths.test.ts).
  it('finds the temporary directory case-sensitive: an entry looked up with its case swapped is not found', () => {
    const dir = join(root, 'probe-missing');
    mkdirSync(dir);
    writeFileSync(join(dir, 'Readme.md'), '');
    expect(fileSystemIgnoresCase(dir)).toBe(false);
  });

  it('takes two entries differing only in case as proof of case-sensitivity', () => {
    const dir = join(root, 'probe-twins');
    mkdirSync(join(dir, 'abc'), { recursive: true });
    symlinkSync('abc', join(dir, 'ABC'));
    expect(fileSystemIgnoresCase(dir)).toBe(false);
  });

  it('probes its own name in the parent when it has no entry with letters, and counts an unreadable directory as case-sensitive', () => {
    const dir = join(root, 'Probe-Empty');
    mkdirSync(dir);
    expect(fileSystemIgnoresCase(dir)).toBe(false);
    expect(fileSystemIgnoresCase(join(root, 'does-not-exist-Here'))).toBe(false);
  });
});
