import { describe, expect, it } from '@jest/globals';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GlobObservation } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

function put(root: string, rel: string, text = '', secondsAgo = 100): void {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(path, t, t);
}

describe('glob and .gitignore', () => {
  it('skips what .gitignore files ignore (nested, negated), as grep does, newest first', async () => {
    const f = fixture();
    try {
      put(f.dir, '.gitignore', 'node_modules/\ndist\n*.log\n!keep.log\n');
      put(f.dir, 'README.md', '', 50);
      put(f.dir, 'docs/README.md', '', 10);
      put(f.dir, 'node_modules/pkg/README.md', '', 1);
      put(f.dir, 'dist/README.md', '', 1);
      put(f.dir, 'pkg/.gitignore', 'generated/\n');
      put(f.dir, 'pkg/generated/README.md', '', 1);
      put(f.dir, 'pkg/README.md', '', 30);
      put(f.dir, '.git/README.md', '', 1);
      put(f.dir, 'a.log', '', 1);
      put(f.dir, 'keep.log', '', 2);
      const glob = await f.tool('glob');
      const readmes = (await f.call(glob, { pattern: 'README.md' })) as GlobObservation;
      expect(readmes.files).toEqual([join(f.dir, 'docs/README.md'), join(f.dir, 'pkg/README.md'), join(f.dir, 'README.md')]);
      const logs = (await f.call(glob, { pattern: '**/*.log' })) as GlobObservation;
      expect(logs.files).toEqual([join(f.dir, 'keep.log')]);
      const inside = (await f.call(glob, { pattern: 'node_modules/**/*.md' })) as GlobObservation;
      expect(inside.text).toBe(`No files found matching pattern 'node_modules/**/*.md' in directory '${f.dir}'`);
      const parent = (await f.call(glob, { pattern: '../*/README.md', path: join(f.dir, 'docs') })) as GlobObservation;
      expect(parent.files).toEqual([join(f.dir, 'docs/README.md'), join(f.dir, 'pkg/README.md')]);
    } finally {
      await f.cleanup();
    }
  });

  it("finds this repository's own README.md at its root, and none from node_modules", async () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const f = fixture({ dir: root });
    try {
      const glob = await f.tool('glob');
      const result = (await f.call(glob, { pattern: 'README.md' })) as GlobObservation;
      expect(result.files).toContain(join(root, 'README.md'));
      expect(result.files.filter((path) => path.includes('/node_modules/'))).toEqual([]);
      expect(result.truncated).toBe(false);
    } finally {
      await f.cleanup();
    }
  });
});
