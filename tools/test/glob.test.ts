import { describe, expect, it } from '@jest/globals';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GlobObservation } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

function touch(path: string, secondsAgo: number, text = 'x'): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(path, t, t);
}

describe('glob', () => {
  it('lists files (not directories) newest first, with ** and braces, skipping hidden entries', async () => {
    const f = fixture();
    try {
      touch(join(f.dir, 'src/a.ts'), 30);
      touch(join(f.dir, 'src/deep/b.tsx'), 10);
      touch(join(f.dir, 'top.ts'), 20);
      touch(join(f.dir, 'src/c.js'), 5);
      touch(join(f.dir, '.hidden/x.ts'), 1);
      touch(join(f.dir, 'src/.y.ts'), 1);
      mkdirSync(join(f.dir, 'dir.ts'));
      const glob = await f.tool('glob');
      const result = (await f.call(glob, { pattern: '**/*.{ts,tsx}' })) as GlobObservation;
      expect(result.files).toEqual([join(f.dir, 'src/deep/b.tsx'), join(f.dir, 'top.ts'), join(f.dir, 'src/a.ts')]);
      expect(result.text).toBe(`Found 3 file(s) matching pattern '**/*.{ts,tsx}' in '${f.dir}':\n${result.files.join('\n')}`);
      expect(result.searchPath).toBe(f.dir);
      const anyDepth = (await f.call(glob, { pattern: '*.ts' })) as GlobObservation;
      expect(anyDepth.files).toEqual([join(f.dir, 'top.ts'), join(f.dir, 'src/a.ts')]);
      const anchored = (await f.call(glob, { pattern: 'src/*', path: f.dir })) as GlobObservation;
      expect(anchored.files).toEqual([join(f.dir, 'src/c.js'), join(f.dir, 'src/a.ts')]);
    } finally {
      await f.cleanup();
    }
  });

  it('takes the directory from an absolute pattern or from path', async () => {
    const f = fixture();
    try {
      touch(join(f.dir, 'pkg/lib/m.py'), 3);
      touch(join(f.dir, 'other/n.py'), 2);
      const glob = await f.tool('glob');
      expect(((await f.call(glob, { pattern: `${f.dir}/pkg/**/*.py` })) as GlobObservation).files).toEqual([join(f.dir, 'pkg/lib/m.py')]);
      const inPath = (await f.call(glob, { pattern: '**/*.py', path: join(f.dir, 'other') })) as GlobObservation;
      expect(inPath.files).toEqual([join(f.dir, 'other/n.py')]);
      expect(inPath.searchPath).toBe(join(f.dir, 'other'));
    } finally {
      await f.cleanup();
    }
  });

  it('does not follow symbolic links', async () => {
    const f = fixture();
    try {
      touch(join(f.dir, 'real/a.md'), 1);
      symlinkSync(join(f.dir, 'real'), join(f.dir, 'link'));
      const result = (await f.call(await f.tool('glob'), { pattern: '**/*.md' })) as GlobObservation;
      expect(result.files).toEqual([join(f.dir, 'real/a.md')]);
    } finally {
      await f.cleanup();
    }
  });

  it('keeps the 100 newest and says it truncated', async () => {
    const f = fixture();
    try {
      for (let i = 0; i < 105; i++) touch(join(f.dir, `f${String(i).padStart(3, '0')}.txt`), 1000 - i);
      const result = (await f.call(await f.tool('glob'), { pattern: '*.txt' })) as GlobObservation;
      expect(result.files).toHaveLength(100);
      expect(result.files[0]).toBe(join(f.dir, 'f104.txt'));
      expect(result.truncated).toBe(true);
      expect(result.text.endsWith('\n\n[Results truncated to the 100 most recently modified files. Use a more specific pattern or path.]')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('reports no match as a plain result and a bad directory as an error', async () => {
    const f = fixture();
    try {
      const glob = await f.tool('glob');
      const none = await f.call(glob, { pattern: '*.nothing' });
      expect(none.isError).toBe(false);
      expect(none.text).toBe(`No files found matching pattern '*.nothing' in directory '${f.dir}'`);
      const bad = await f.call(glob, { pattern: '*', path: '/no/such/dir' });
      expect(bad.isError).toBe(true);
      expect(bad.text).toBe("Search path '/no/such/dir' is not a valid directory");
      expect(glob.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    } finally {
      await f.cleanup();
    }
  });
});
