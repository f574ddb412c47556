import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { promises } from 'node:fs';
import { join } from 'node:path';
import { MAX_QUOTED_CHARS, writeFileAtomic } from '@toolwright/tools';
import { EditHistory } from '../src/file_editor/edit-history.js';
import type { AtomicWriteFs } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

describe('file_editor under concurrent edits', () => {
  it('applies 20 concurrent str_replace calls on one file, from two conversations, losing none', async () => {
    const f = fixture();
    const g = fixture({ dir: f.dir });
    try {
      const path = join(f.dir, 'shared.txt');
      writeFileSync(path, Array.from({ length: 20 }, (_, i) => `slot ${i}: todo`).join('\n') + '\n');
      const editors = [await f.tool('file_editor'), await g.tool('file_editor')];
      const calls = Array.from({ length: 20 }, (_, i) => {
        const editor = editors[i % 2]!;
        // Straight to the tool (no runtime ordering in between): the executor's lock must hold on its own.
        return editor.call(editor.actionFromArguments({ command: 'str_replace', path, old_str: `slot ${i}: todo`, new_str: `slot ${i}: done` }), { state: f.state });
      });
      const results = await Promise.all(calls);
      expect(results.map((r) => r.isError)).toEqual(Array.from({ length: 20 }, () => false));
      expect(readFileSync(path, 'utf8')).toBe(Array.from({ length: 20 }, (_, i) => `slot ${i}: done`).join('\n') + '\n');
    } finally {
      await g.cleanup();
      await f.cleanup();
    }
  });
});

describe('file_editor on files that are not regular', () => {
  it('refuses a FIFO at once instead of blocking on it', async () => {
    const f = fixture();
    try {
      const fifo = join(f.dir, 'pipe');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const editor = await f.tool('file_editor');
      const started = Date.now();
      const view = await f.call(editor, { command: 'view', path: fifo });
      const edit = await f.call(editor, { command: 'str_replace', path: fifo, old_str: 'a', new_str: 'b' });
      expect(Date.now() - started).toBeLessThan(2_000);
      const text = `File validation failed for ${fifo}: it is a FIFO (named pipe), not a regular file, and this tool only views and edits regular files.`;
      expect([view.isError, view.text]).toEqual([true, text]);
      expect([edit.isError, edit.text]).toEqual([true, text]);
      expect(statSync(fifo).isFIFO()).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('refuses a character device without reading it (/dev/zero, also as an "image")', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor', { allowedRoots: [f.dir, '/dev'] });
      const rss = process.memoryUsage().rss;
      const view = await f.call(editor, { command: 'view', path: '/dev/zero' });
      expect([view.isError, view.text]).toEqual([true, 'File validation failed for /dev/zero: it is a character device, not a regular file, and this tool only views and edits regular files.']);
      const insert = await f.call(editor, { command: 'insert', path: '/dev/null', insert_line: 0, new_str: 'x' });
      expect(insert.text).toBe('File validation failed for /dev/null: it is a character device, not a regular file, and this tool only views and edits regular files.');
      expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
    } finally {
      await f.cleanup();
    }
  });
});

describe('file_editor writes keep what the file is', () => {
  it('keeps owner and group of a file owned by another user (written atomically: a new inode)', async () => {
    expect(process.getuid?.()).toBe(0); // chown to another user needs root, as on this project's machines and CI
    const f = fixture();
    try {
      const path = join(f.dir, 'owned.txt');
      writeFileSync(path, 'old\n');
      chownSync(path, 1234, 1234);
      const inode = statSync(path).ino;
      const editor = await f.tool('file_editor');
      expect((await f.call(editor, { command: 'str_replace', path, old_str: 'old', new_str: 'new' })).isError).toBe(false);
      const after = statSync(path);
      expect([after.uid, after.gid, readFileSync(path, 'utf8')]).toEqual([1234, 1234, 'new\n']);
      expect(after.ino).not.toBe(inode);
    } finally {
      await f.cleanup();
    }
  });

  it('drops set-user-ID and set-group-ID on a content change, keeps the other mode bits', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'tool.sh');
      writeFileSync(path, 'echo old\n');
      chmodSync(path, 0o6755);
      const editor = await f.tool('file_editor');
      await f.call(editor, { command: 'str_replace', path, old_str: 'old', new_str: 'new' });
      expect(statSync(path).mode & 0o7777).toBe(0o755);
    } finally {
      await f.cleanup();
    }
  });

  it('writes a hard-linked file in place, so every name sees the edit and the links stay one file', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'a.txt');
      const other = join(f.dir, 'b.txt');
      writeFileSync(path, 'old\n');
      linkSync(path, other);
      const inode = statSync(path).ino;
      const editor = await f.tool('file_editor');
      await f.call(editor, { command: 'str_replace', path, old_str: 'old', new_str: 'new' });
      expect(readFileSync(other, 'utf8')).toBe('new\n');
      expect([statSync(path).ino, statSync(path).nlink]).toEqual([inode, 2]);
      expect((await f.call(editor, { command: 'undo_edit', path })).isError).toBe(false);
      expect([readFileSync(other, 'utf8'), statSync(other).ino]).toEqual(['old\n', inode]);
      expect(readdirSync(f.dir).sort()).toEqual(['a.txt', 'b.txt']);
    } finally {
      await f.cleanup();
    }
  });

  it('writes in place when the owner cannot be given to a new file (EPERM), keeping the owner', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'theirs.txt');
      writeFileSync(path, 'old');
      const inode = statSync(path).ino;
      const fs: AtomicWriteFs = {
        writeFile: (p, d, o) => promises.writeFile(p, d, o),
        chmod: (p, m) => promises.chmod(p, m),
        chown: () => Promise.reject(Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })),
        rename: (a, b) => promises.rename(a, b),
        unlink: (p) => promises.unlink(p),
        stat: async (p) => (p === path ? { ...(await promises.stat(p)), uid: 4321 } : promises.stat(p)),
      };
      expect(await writeFileAtomic(path, 'new', fs)).toBe('in-place');
      expect([readFileSync(path, 'utf8'), statSync(path).ino]).toEqual(['new', inode]);
      expect(readdirSync(f.dir)).toEqual(['theirs.txt']);
    } finally {
      await f.cleanup();
    }
  });
});

describe('file_editor undo_edit after a change by someone else', () => {
  it('refuses to discard an external edit made after ours, and undoes once the file is back', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'notes.txt');
      writeFileSync(path, 'one\n');
      const editor = await f.tool('file_editor');
      await f.call(editor, { command: 'str_replace', path, old_str: 'one', new_str: 'two' });
      writeFileSync(path, 'two\nadded by hand\n');
      const undo = await f.call(editor, { command: 'undo_edit', path });
      expect(undo.isError).toBe(true);
      expect(undo.text).toBe(
        `Cannot undo the last edit to ${path}: the file was changed after that edit (by another program or by hand), and undoing would discard that change. View the file and edit it to the content you want instead.`,
      );
      expect(readFileSync(path, 'utf8')).toBe('two\nadded by hand\n');
      writeFileSync(path, 'two\n');
      expect((await f.call(editor, { command: 'undo_edit', path })).isError).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('one\n');
    } finally {
      await f.cleanup();
    }
  });

  it('refuses to remove a created file that was changed since', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'new.txt');
      const editor = await f.tool('file_editor');
      await f.call(editor, { command: 'create', path, file_text: 'draft\n' });
      writeFileSync(path, 'draft\nimportant\n');
      expect((await f.call(editor, { command: 'undo_edit', path })).isError).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('draft\nimportant\n');
    } finally {
      await f.cleanup();
    }
  });
});

describe('file_editor bounds work and output by what the model sent', () => {
  it('lists at most 20 lines for an old_str found everywhere, quickly, on a large file', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'many.txt');
      writeFileSync(path, 'a\n'.repeat(2_000_000));
      const editor = await f.tool('file_editor');
      const started = Date.now();
      const result = await f.call(editor, { command: 'str_replace', path, old_str: 'a', new_str: 'b' });
      expect(Date.now() - started).toBeLessThan(5_000);
      const lines = Array.from({ length: 20 }, (_, i) => i + 1).join(', ');
      expect(result.text).toBe(`No replacement was performed. Multiple occurrences of old_str \`a\` in lines [${lines}, and more]. Please ensure it is unique.`);
    } finally {
      await f.cleanup();
    }
  });

  it('quotes at most the ends of a huge old_str or new_str in its errors', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'small.txt');
      writeFileSync(path, 'small\n');
      const editor = await f.tool('file_editor');
      const huge = `${'x'.repeat(300)}${'y'.repeat(1_000_000)}${'z'.repeat(300)}`;
      const missing = await f.call(editor, { command: 'str_replace', path, old_str: huge, new_str: 'b' });
      const half = MAX_QUOTED_CHARS / 2;
      expect(missing.text).toBe(
        `No replacement was performed, old_str \`${'x'.repeat(half)}…${'z'.repeat(half)}\` (1000600 characters, middle elided) did not appear verbatim in ${path}.`,
      );
      const same = await f.call(editor, { command: 'str_replace', path, old_str: huge, new_str: huge });
      expect(same.text.length).toBeLessThan(1_000);
    } finally {
      await f.cleanup();
    }
  });

  it('refuses to create or grow a file past the size limit, leaving it as it was', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor', { maxFileSizeMb: 1 });
      const path = join(f.dir, 'grow.txt');
      const tooBig = 'x'.repeat(1024 * 1024 + 1);
      const create = await f.call(editor, { command: 'create', path, file_text: tooBig });
      expect(create.text).toBe(
        `File validation failed for ${path}: the new content is too large (1.0 MB); the largest file this tool opens is 1.0 MB. Use terminal commands (head, tail, grep -n, sed -n) to work with it.`,
      );
      expect(readdirSync(f.dir)).toEqual([]);
      writeFileSync(path, 'seed\n');
      const insert = await f.call(editor, { command: 'insert', path, insert_line: 1, new_str: tooBig });
      expect(insert.isError).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('seed\n');
    } finally {
      await f.cleanup();
    }
  });

  it('answers huge insert_line and view_range values with range errors or a clipped view', async () => {
    const f = fixture();
    try {
      const path = join(f.dir, 'three.txt');
      mkdirSync(join(f.dir, 'd'));
      writeFileSync(path, '1\n2\n3\n');
      const editor = await f.tool('file_editor');
      const insert = await f.call(editor, { command: 'insert', path, insert_line: 1e15, new_str: 'x' });
      expect(insert.text).toBe('Invalid `insert_line` parameter: 1000000000000000. It should be within the range of allowed values: [0, 3]');
      const view = await f.call(editor, { command: 'view', path, view_range: [2, 1e15] });
      expect(view.text).toBe(`NOTE: The file has only 3 lines, so lines 2 to 3 are shown.\nHere's the result of running \`cat -n\` on ${path}:\n     2\t2\n     3\t3\n`);
      const far = await f.call(editor, { command: 'view', path, view_range: [1e15, -1] });
      expect(far.text).toBe('Invalid `view_range` parameter: [1000000000000000, -1]. Its first element `1000000000000000` should be within the range of lines of the file: [1, 3].');
    } finally {
      await f.cleanup();
    }
  });
});

describe('EditHistory', () => {
  it('keeps at most its character budget of earlier contents, dropping the oldest records of any file first', () => {
    const history = new EditHistory(25);
    history.push('/a', 'a'.repeat(10), 'A');
    history.push('/b', 'b'.repeat(10), 'B');
    history.push('/a', 'c'.repeat(10), 'C');
    expect(history.size).toBe(20);
    expect(history.peek('/b')?.before).toBe('b'.repeat(10));
    expect(history.pop('/a')?.before).toBe('c'.repeat(10));
    expect(history.pop('/a')).toBeUndefined(); // the oldest record went to make room
    history.push('/c', 'x'.repeat(100), 'X'); // one record over the budget is still kept: it is the one to undo
    expect([history.peek('/c')?.before?.length, history.peek('/b'), history.size]).toEqual([100, undefined, 100]);
  });
});

describe('file_editor view of a huge directory', () => {
  it('reads at most 2,000 entries per directory and says so', async () => {
    const f = fixture();
    try {
      const big = join(f.dir, 'big');
      mkdirSync(big);
      for (let i = 0; i < 2_500; i++) writeFileSync(join(big, `f${String(i).padStart(4, '0')}`), '');
      const editor = await f.tool('file_editor');
      const view = await f.call(editor, { command: 'view', path: big });
      expect(view.text.endsWith(`This directory has more than 2000 entries; only 2000 were read (not the first by name). Use \`ls\` with a pattern, or glob, to find what you need.`)).toBe(true);
      expect(view.text.length).toBeLessThanOrEqual(16_000);
    } finally {
      await f.cleanup();
    }
  });
});
