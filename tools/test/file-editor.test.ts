import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileEditorExecutor, FileEditorObservation } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==', 'base64');

describe('file_editor', () => {
  it('creates, views as cat -n, replaces with a snippet, inserts and undoes', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const path = join(f.dir, 'pkg/app.py');
      const created = await f.call(editor, { command: 'create', path, file_text: 'a = 1\nb = 2\nc = 3\n' });
      expect(created.text).toBe(`File created successfully at: ${path}`);
      expect((created as FileEditorObservation).prevExist).toBe(false);
      const viewed = await f.call(editor, { command: 'view', path });
      expect(viewed.text).toBe(`Here's the result of running \`cat -n\` on ${path}:\n     1\ta = 1\n     2\tb = 2\n     3\tc = 3\n`);
      const ranged = await f.call(editor, { command: 'view', path, view_range: [2, -1] });
      expect(ranged.text).toBe(`Here's the result of running \`cat -n\` on ${path}:\n     2\tb = 2\n     3\tc = 3\n`);
      const replaced = await f.call(editor, { command: 'str_replace', path, old_str: 'b = 2', new_str: 'b = 20' });
      expect(replaced.text).toBe(
        `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:\n     1\ta = 1\n     2\tb = 20\n     3\tc = 3\n` +
          'Review the changes and make sure they are as expected. Edit the file again if necessary.',
      );
      expect(readFileSync(path, 'utf8')).toBe('a = 1\nb = 20\nc = 3\n');
      const inserted = await f.call(editor, { command: 'insert', path, insert_line: 0, new_str: '# header' });
      expect(inserted.isError).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('# header\na = 1\nb = 20\nc = 3\n');
      await f.call(editor, { command: 'insert', path, insert_line: 4, new_str: 'd = 4' });
      expect(readFileSync(path, 'utf8')).toBe('# header\na = 1\nb = 20\nc = 3\nd = 4\n');
      const undone = await f.call(editor, { command: 'undo_edit', path });
      expect(undone.text.startsWith(`Last edit to ${path} undone successfully. Here's the result of running \`cat -n\` on ${path}:`)).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('# header\na = 1\nb = 20\nc = 3\n');
      await f.call(editor, { command: 'undo_edit', path });
      await f.call(editor, { command: 'undo_edit', path });
      expect(readFileSync(path, 'utf8')).toBe('a = 1\nb = 2\nc = 3\n');
      const removed = await f.call(editor, { command: 'undo_edit', path });
      expect(removed.text).toBe(`Last edit to ${path} undone successfully: the file did not exist before it was created, so it was removed.`);
      expect(existsSync(path)).toBe(false);
      const nothing = await f.call(editor, { command: 'undo_edit', path: join(f.dir, 'pkg') });
      expect(nothing.text).toBe(`No edit history found for ${join(f.dir, 'pkg')}.`);
    } finally {
      await f.cleanup();
    }
  });

  it('keeps the last 10 edits per file', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const path = join(f.dir, 'n.txt');
      writeFileSync(path, 'v0\n');
      for (let i = 1; i <= 12; i++) await f.call(editor, { command: 'str_replace', path, old_str: `v${i - 1}`, new_str: `v${i}` });
      for (let i = 0; i < 10; i++) expect((await f.call(editor, { command: 'undo_edit', path })).isError).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('v2\n');
      const none = await f.call(editor, { command: 'undo_edit', path });
      expect(none.isError).toBe(true);
      expect(none.text).toBe(`No edit history found for ${path}.`);
    } finally {
      await f.cleanup();
    }
  });

  it('reports str_replace and insert mistakes with the OpenHands messages', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const path = join(f.dir, 'x.txt');
      writeFileSync(path, 'one\ntwo\none\n');
      const missing = await f.call(editor, { command: 'str_replace', path, old_str: 'three', new_str: '3' });
      expect(missing.isError).toBe(true);
      expect(missing.text).toBe(`No replacement was performed, old_str \`three\` did not appear verbatim in ${path}.`);
      const many = await f.call(editor, { command: 'str_replace', path, old_str: 'one', new_str: '1' });
      expect(many.text).toBe('No replacement was performed. Multiple occurrences of old_str `one` in lines [1, 3]. Please ensure it is unique.');
      const same = await f.call(editor, { command: 'str_replace', path, old_str: 'two', new_str: 'two' });
      expect(same.text).toBe('Invalid `new_str` parameter: two. No replacement was performed: `new_str` and `old_str` must be different.');
      const range = await f.call(editor, { command: 'insert', path, insert_line: 9, new_str: 'x' });
      expect(range.text).toBe('Invalid `insert_line` parameter: 9. It should be within the range of allowed values: [0, 3]');
      const noParam = await f.call(editor, { command: 'create', path: join(f.dir, 'new.txt') });
      expect(noParam.text).toBe('Parameter `file_text` is required for command: create.');
      const exists = await f.call(editor, { command: 'create', path, file_text: 'x' });
      expect(exists.text).toBe(`Invalid \`path\` parameter: ${path}. File already exists at: ${path}. Cannot overwrite files using command \`create\`.`);
      const absent = await f.call(editor, { command: 'view', path: join(f.dir, 'nope.txt') });
      expect(absent.text).toBe(`Invalid \`path\` parameter: ${join(f.dir, 'nope.txt')}. The path ${join(f.dir, 'nope.txt')} does not exist. Please provide a valid path.`);
      const dirEdit = await f.call(editor, { command: 'str_replace', path: f.dir, old_str: 'a', new_str: 'b' });
      expect(dirEdit.text).toBe(`Invalid \`path\` parameter: ${f.dir}. The path ${f.dir} is a directory and only the \`view\` command can be used on directories.`);
      const badRange = await f.call(editor, { command: 'view', path, view_range: [5, 6] });
      expect(badRange.text).toBe('Invalid `view_range` parameter: [5, 6]. Its first element `5` should be within the range of lines of the file: [1, 3].');
      expect(readFileSync(path, 'utf8')).toBe('one\ntwo\none\n');
      const stripped = await f.call(editor, { command: 'str_replace', path, old_str: '\ntwo\n\n', new_str: 'TWO' });
      expect(stripped.isError).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('one\nTWO\none\n');
    } finally {
      await f.cleanup();
    }
  });

  it('refuses an empty old_str with an error the model can act on, leaving the file as it was', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const path = join(f.dir, 'a.txt');
      writeFileSync(path, 'first\nsecond\n');
      const empty = await f.call(editor, { command: 'str_replace', path, old_str: '', new_str: 'x' });
      expect(empty.isError).toBe(true);
      expect(empty.text).toBe('Invalid `old_str` parameter: it must not be empty. Give the exact text to replace (use `insert` to add text, `create` for a new file).');
      const blank = await f.call(editor, { command: 'str_replace', path, old_str: '\n\n', new_str: 'x' });
      expect(blank.isError).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('first\nsecond\n');
    } finally {
      await f.cleanup();
    }
  });

  it('refuses relative paths with a suggestion', async () => {
    const f = fixture();
    try {
      const result = await f.call(await f.tool('file_editor'), { command: 'view', path: 'src/a.ts' });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(`Invalid \`path\` parameter: src/a.ts. The path should be an absolute path, starting with \`/\`. Maybe you meant ${f.dir}/src/a.ts?`);
    } finally {
      await f.cleanup();
    }
  });

  it('confines paths to the allowed roots, through .. and symbolic links', async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'tw-outside-')));
    const f = fixture();
    try {
      writeFileSync(join(outside, 'secret.txt'), 'secret\n');
      symlinkSync(join(outside, 'secret.txt'), join(f.dir, 'link.txt'));
      symlinkSync(outside, join(f.dir, 'linkdir'));
      const editor = await f.tool('file_editor');
      const dotdot = await f.call(editor, { command: 'view', path: `${f.dir}/../${outside.split('/').pop()}/secret.txt` });
      expect(dotdot.isError).toBe(true);
      expect(dotdot.text).toMatch(/It is outside the directories this tool may access \(.*\)\. Use a path inside them\.$/);
      const viaLink = await f.call(editor, { command: 'view', path: join(f.dir, 'link.txt') });
      expect(viaLink.text).toBe(
        `Invalid \`path\` parameter: ${join(f.dir, 'link.txt')}. It resolves through a symbolic link to ${join(outside, 'secret.txt')}, which is outside the directories this tool may access (${f.dir}). Use a path inside them.`,
      );
      const createThrough = await f.call(editor, { command: 'create', path: join(f.dir, 'linkdir/new.txt'), file_text: 'x' });
      expect(createThrough.isError).toBe(true);
      expect(existsSync(join(outside, 'new.txt'))).toBe(false);
      const abs = await f.call(editor, { command: 'view', path: '/etc/hostname' });
      expect(abs.text).toBe(`Invalid \`path\` parameter: /etc/hostname. It is outside the directories this tool may access (${f.dir}). Use a path inside them.`);
      const widened = await f.tool('file_editor', { allowedRoots: [f.dir, outside] });
      // Other params in the same conversation get an executor of their own, with the wider roots.
      expect(widened.executor).not.toBe(editor.executor);
      expect((await f.call(widened, { command: 'view', path: join(f.dir, 'link.txt') })).text).toContain('secret');
      expect((await f.call(editor, { command: 'view', path: join(f.dir, 'link.txt') })).isError).toBe(true);
      const g = fixture({ dir: f.dir });
      try {
        const wide = await g.tool('file_editor', { allowedRoots: [f.dir, outside] });
        expect((await g.call(wide, { command: 'view', path: join(f.dir, 'link.txt') })).text).toContain('secret');
      } finally {
        await g.cleanup();
      }
    } finally {
      await f.cleanup();
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('writes atomically through a link inside the root, keeps the mode, leaves no temp file', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const target = join(f.dir, 'run.sh');
      writeFileSync(target, '#!/bin/sh\necho old\n');
      chmodSync(target, 0o751);
      symlinkSync(target, join(f.dir, 'alias.sh'));
      await f.call(editor, { command: 'str_replace', path: join(f.dir, 'alias.sh'), old_str: 'old', new_str: 'new' });
      expect(readFileSync(target, 'utf8')).toBe('#!/bin/sh\necho new\n');
      expect(statSync(target).mode & 0o777).toBe(0o751);
      expect(readdirSync(f.dir).sort()).toEqual(['alias.sh', 'run.sh']);
    } finally {
      await f.cleanup();
    }
  });

  it('leaves the original untouched when the write fails', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor');
      const path = join(f.dir, 'keep.txt');
      writeFileSync(path, 'original\n');
      const executor = editor.executor as FileEditorExecutor;
      const { promises } = await import('node:fs');
      executor.writeFs = {
        writeFile: (p, d, o) => promises.writeFile(p, d, o),
        chmod: (p, m) => promises.chmod(p, m),
        chown: (p, u, g) => promises.chown(p, u, g),
        rename: () => Promise.reject(new Error('disk full')),
        unlink: (p) => promises.unlink(p),
        stat: (p) => promises.stat(p),
      };
      const result = await f.call(editor, { command: 'str_replace', path, old_str: 'original', new_str: 'changed' });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(`The edit was not saved: writing ${path} failed (disk full). The file is unchanged.`);
      expect(readFileSync(path, 'utf8')).toBe('original\n');
      expect(readdirSync(f.dir)).toEqual(['keep.txt']);
      executor.writeFs = undefined;
      const none = await f.call(editor, { command: 'undo_edit', path });
      expect(none.text).toBe(`No edit history found for ${path}.`);
    } finally {
      await f.cleanup();
    }
  });

  it('refuses binary and oversized files, shows images as image content', async () => {
    const f = fixture();
    try {
      const editor = await f.tool('file_editor', { maxFileSizeMb: 1 });
      writeFileSync(join(f.dir, 'blob.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]));
      const binary = await f.call(editor, { command: 'view', path: join(f.dir, 'blob.bin') });
      expect(binary.isError).toBe(true);
      expect(binary.text).toBe(
        `File validation failed for ${join(f.dir, 'blob.bin')}: the file appears to be binary (or not UTF-8 text), and this tool can only view and edit text files.`,
      );
      writeFileSync(join(f.dir, 'big.txt'), 'x'.repeat(1024 * 1024 + 10));
      const big = await f.call(editor, { command: 'str_replace', path: join(f.dir, 'big.txt'), old_str: 'x', new_str: 'y' });
      expect(big.text).toBe(
        `File validation failed for ${join(f.dir, 'big.txt')}: the file is too large (1.0 MB); the largest file this tool opens is 1.0 MB. Use terminal commands (head, tail, grep -n, sed -n) to work with it.`,
      );
      writeFileSync(join(f.dir, 'dot.png'), PNG);
      const image = await f.call(editor, { command: 'view', path: join(f.dir, 'dot.png') });
      expect(image.isError).toBe(false);
      expect(image.content).toEqual([
        { type: 'text', text: `Image file ${join(f.dir, 'dot.png')} read successfully. Displaying image content.` },
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
      ]);
    } finally {
      await f.cleanup();
    }
  });

  it('lists directories two levels deep without hidden entries, and clips long output', async () => {
    const f = fixture();
    try {
      mkdirSync(join(f.dir, 'src/deep/deeper'), { recursive: true });
      writeFileSync(join(f.dir, 'src/a.ts'), '');
      writeFileSync(join(f.dir, 'src/deep/deeper/z.ts'), '');
      writeFileSync(join(f.dir, 'README.md'), '');
      writeFileSync(join(f.dir, '.env'), '');
      mkdirSync(join(f.dir, '.git'));
      const editor = await f.tool('file_editor');
      const listing = await f.call(editor, { command: 'view', path: f.dir });
      expect(listing.text).toBe(
        `Here's the files and directories up to 2 levels deep in ${f.dir}, excluding hidden items:\n${f.dir}/\n${f.dir}/README.md\n${f.dir}/src/\n${f.dir}/src/a.ts\n${f.dir}/src/deep/\n\n` +
          `2 hidden files/directories in this directory are excluded. You can use 'ls -la ${f.dir}' to see them.`,
      );
      const long = Array.from({ length: 3000 }, (_, i) => `line ${i + 1} ${'x'.repeat(20)}`).join('\n');
      writeFileSync(join(f.dir, 'long.txt'), long);
      const clipped = await f.call(editor, { command: 'view', path: join(f.dir, 'long.txt') });
      expect(clipped.text.length).toBeLessThanOrEqual(16_000 + 200);
      expect(clipped.text).toContain('<response clipped><NOTE>Only part of this file is shown because the output was too long.');
      expect(clipped.text).toContain('  3000\tline 3000 ');
    } finally {
      await f.cleanup();
    }
  });

  it('declares the resource file:<resolved path> and destructive annotations', async () => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'real.txt'), '');
      symlinkSync(join(f.dir, 'real.txt'), join(f.dir, 'alias.txt'));
      const editor = await f.tool('file_editor');
      expect(editor.resourcesOf(editor.actionFromArguments({ command: 'view', path: join(f.dir, 'alias.txt') }))).toEqual([`file:${join(f.dir, 'real.txt')}`]);
      expect(editor.resourcesOf(editor.actionFromArguments({ command: 'create', path: `${f.dir}/sub/../new.txt` }))).toEqual([`file:${join(f.dir, 'new.txt')}`]);
      expect(editor.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    } finally {
      await f.cleanup();
    }
  });
});
