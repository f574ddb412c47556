import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConversationState } from '@toolwright/sdk';
import type { Observation, ToolDefinition } from '@toolwright/sdk';
import { EditTool } from '../src/edit/index.js';
import { ReadTool } from '../src/read/index.js';
import { WriteTool } from '../src/write/index.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==', 'base64');

let dir: string;
let state: ConversationState;
let read: ToolDefinition;
let write: ToolDefinition;
let edit: ToolDefinition;

const call = (tool: ToolDefinition, args: Record<string, unknown>): Promise<Observation> => tool.call(tool.actionFromArguments(args), { state });

function tools(conversation: ConversationState, params?: Record<string, unknown>): [ToolDefinition, ToolDefinition, ToolDefinition] {
  const p = params as never;
  return [ReadTool.create(conversation, p)[0]!, WriteTool.create(conversation, p)[0]!, EditTool.create(conversation, p)[0]!];
}

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-rwe-')));
  state = new ConversationState({ workingDir: dir });
  [read, write, edit] = tools(state);
});

afterEach(async () => {
  await state.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('read', () => {
  it('shows lines as %6d<TAB>line and pages with offset and limit', async () => {
    const path = join(dir, 'a.txt');
    writeFileSync(path, 'one\ntwo\nthree\nfour\n');
    expect((await call(read, { file_path: path })).text).toBe('     1\tone\n     2\ttwo\n     3\tthree\n     4\tfour');
    const page = await call(read, { file_path: path, offset: 2, limit: 2 });
    expect(page.text).toBe('     2\ttwo\n     3\tthree\n\n(Showing lines 2-3 of 4. Use offset=4 to read more.)');
    expect(page).toMatchObject({ filePath: path, startLine: 2, numLines: 2, totalLines: 4 });
  });

  it('cuts lines over 2000 characters with [truncated]', async () => {
    const path = join(dir, 'long.txt');
    writeFileSync(path, `${'x'.repeat(2500)}\nshort\n`);
    expect((await call(read, { file_path: path })).text).toBe(`     1\t${'x'.repeat(2000)}[truncated]\n     2\tshort`);
  });

  it('refuses a limit over 2000 at validation', () => {
    expect(() => read.actionFromArguments({ file_path: join(dir, 'a'), limit: 2001 })).toThrow('limit');
  });

  it('reads at most 2000 lines by default', async () => {
    const path = join(dir, 'many.txt');
    writeFileSync(path, Array.from({ length: 2500 }, (_, i) => `l${i + 1}`).join('\n'));
    const text = (await call(read, { file_path: path })).text;
    expect(text.split('\n').length).toBe(2002);
    expect(text.endsWith('  2000\tl2000\n\n(Showing lines 1-2000 of 2500. Use offset=2001 to read more.)')).toBe(true);
  });

  it('returns images as image content', async () => {
    const path = join(dir, 'dot.png');
    writeFileSync(path, PNG);
    const observation = await call(read, { file_path: path });
    expect(observation.content).toEqual([
      { type: 'text', text: `Image file ${path} (image/png):` },
      { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
    ]);
  });

  it('gives errors the model can act on: relative path, outside the roots, offset past the end, directory, FIFO, binary', async () => {
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    expect((await call(read, { file_path: 'a.txt' })).text).toContain(`Invalid \`file_path\` parameter: a.txt. The path should be an absolute path, starting with \`/\`. Maybe you meant ${join(dir, 'a.txt')}?`);
    expect((await call(read, { file_path: '/etc/hostname' })).text).toContain('Invalid `file_path` parameter: /etc/hostname. It is outside the directories this tool may access');
    const past = await call(read, { file_path: join(dir, 'a.txt'), offset: 5 });
    expect(past.isError).toBe(true);
    expect(past.text).toContain(`Invalid \`offset\` parameter: 5. The file ${join(dir, 'a.txt')} has 1 line; give an offset between 1 and 1.`);
    mkdirSync(join(dir, 'sub'));
    expect((await call(read, { file_path: join(dir, 'sub') })).text).toContain('it is a directory, not a regular file');
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    expect((await call(read, { file_path: join(dir, 'pipe') })).text).toContain('it is a FIFO (named pipe), not a regular file');
    writeFileSync(join(dir, 'bin'), Buffer.from([0, 1, 2]));
    expect((await call(read, { file_path: join(dir, 'bin') })).text).toContain('the file appears to be binary');
  });
});

describe('write', () => {
  it('creates a new file without a read, with its parent directories', async () => {
    const path = join(dir, 'new/deep/f.txt');
    const observation = await call(write, { file_path: path, content: 'hello\n' });
    expect(observation.text).toBe(`File created successfully at: ${path} (1 line).`);
    expect(observation).toMatchObject({ created: true, isError: false });
    expect(readFileSync(path, 'utf8')).toBe('hello\n');
  });

  it('refuses to overwrite an existing file that was not read (fact 31)', async () => {
    const path = join(dir, 'old.txt');
    writeFileSync(path, 'keep\n');
    const observation = await call(write, { file_path: path, content: 'lost\n' });
    expect(observation.isError).toBe(true);
    expect(observation.text).toContain(`The file ${path} exists but has not been read yet. You must read the file first (with the read tool) before writing to it, so that no content you have not seen is overwritten.`);
    expect(readFileSync(path, 'utf8')).toBe('keep\n');
    await call(read, { file_path: path });
    expect((await call(write, { file_path: path, content: 'new\n' })).text).toBe(`The file ${path} has been overwritten (1 line).`);
    expect((await call(write, { file_path: path, content: 'newer\n' })).isError).toBe(false);
  });

  it('refuses when the file changed after the read', async () => {
    const path = join(dir, 'f.txt');
    writeFileSync(path, 'v1\n');
    await call(read, { file_path: path });
    writeFileSync(path, 'v2 longer\n');
    const observation = await call(write, { file_path: path, content: 'mine\n' });
    expect(observation.text).toContain(`The file ${path} has changed since it was last read (its modification time or size differ). Read it again with the read tool before you write it.`);
    expect(readFileSync(path, 'utf8')).toBe('v2 longer\n');
  });

  it('refuses to write over a directory', async () => {
    mkdirSync(join(dir, 'd'));
    expect((await call(write, { file_path: join(dir, 'd'), content: 'x' })).text).toContain(`Invalid \`file_path\` parameter: ${join(dir, 'd')} is a directory; write only creates or overwrites regular files.`);
  });

  it('refuses a path that leaves the roots through a symbolic link', async () => {
    symlinkSync('/etc', join(dir, 'etc'));
    expect((await call(write, { file_path: join(dir, 'etc/x'), content: 'x' })).text).toContain('resolves through a symbolic link to /etc/x, which is outside the directories');
  });

  it('keeps reads per conversation', async () => {
    const path = join(dir, 'shared.txt');
    writeFileSync(path, 'x\n');
    await call(read, { file_path: path });
    const other = new ConversationState({ workingDir: dir });
    try {
      const [, otherWrite] = tools(other);
      expect((await otherWrite.call(otherWrite.actionFromArguments({ file_path: path, content: 'y' }), { state: other })).text).toContain('exists but has not been read yet');
    } finally {
      await other.close();
    }
  });
});

describe('edit', () => {
  it('refuses an unread file (fact 32 message), then edits twice in a row after one read (fact 32 fixed)', async () => {
    const path = join(dir, 'app.py');
    writeFileSync(path, 'a = 1\nb = 2\nc = 3\n');
    const unread = await call(edit, { file_path: path, old_string: 'a = 1', new_string: 'a = 10' });
    expect(unread.text).toContain(`To edit a file, you must first read it using the read tool: ${path} has not been read in this conversation.`);
    await call(read, { file_path: path });
    const first = await call(edit, { file_path: path, old_string: 'a = 1', new_string: 'a = 10' });
    expect(first.text).toBe(`The file ${path} has been edited (1 replacement). A snippet of the result:\n     1\ta = 10\n     2\tb = 2\n     3\tc = 3`);
    const second = await call(edit, { file_path: path, old_string: 'b = 2', new_string: 'b = 20' });
    expect(second.isError).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('a = 10\nb = 20\nc = 3\n');
  });

  it('gives the errors of fact 33: identical strings, not found, not unique with the count', async () => {
    const path = join(dir, 'f.txt');
    writeFileSync(path, 'x\nx\ny\n');
    await call(read, { file_path: path });
    expect((await call(edit, { file_path: path, old_string: 'y', new_string: 'y' })).text).toContain('No changes to make: old_string and new_string are exactly the same.');
    expect((await call(edit, { file_path: path, old_string: 'zzz', new_string: 'w' })).text).toContain(`old_string was not found in ${path}. It must match the file exactly`);
    expect((await call(edit, { file_path: path, old_string: 'x', new_string: 'w' })).text).toContain(`old_string appears 2 times in ${path}. Set replace_all=true to replace every occurrence`);
    const all = await call(edit, { file_path: path, old_string: 'x', new_string: '$&w', replace_all: true });
    expect(all).toMatchObject({ isError: false, replacements: 2 });
    expect(readFileSync(path, 'utf8')).toBe('$&w\n$&w\ny\n');
  });

  it('refuses when the file changed outside after the read, and works again after a new read', async () => {
    const path = join(dir, 'f.txt');
    writeFileSync(path, 'v1\n');
    await call(read, { file_path: path });
    writeFileSync(path, 'v1\nadded\n');
    expect((await call(edit, { file_path: path, old_string: 'v1', new_string: 'v2' })).text).toContain(`The file ${path} has changed since it was last read (its modification time or size differ). Read it again with the read tool before you edit it.`);
    const sameSize = join(dir, 'g.txt');
    writeFileSync(sameSize, 'aaaa\n');
    await call(read, { file_path: sameSize });
    writeFileSync(sameSize, 'bbbb\n');
    utimesSync(sameSize, new Date(), new Date(Date.now() + 5_000));
    expect((await call(edit, { file_path: sameSize, old_string: 'bbbb', new_string: 'c' })).text).toContain('has changed since it was last read');
    await call(read, { file_path: path });
    expect((await call(edit, { file_path: path, old_string: 'added', new_string: 'kept' })).isError).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('v1\nkept\n');
  });

  it('lets write follow an edit and edit follow a write without a new read', async () => {
    const path = join(dir, 'f.txt');
    await call(write, { file_path: path, content: 'start\n' });
    expect((await call(edit, { file_path: path, old_string: 'start', new_string: 'middle' })).isError).toBe(false);
    expect((await call(write, { file_path: path, content: 'end\n' })).isError).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('end\n');
  });

  it('keeps the mode of the file it edits', async () => {
    const path = join(dir, 'run.sh');
    writeFileSync(path, 'echo 1\n', { mode: 0o755 });
    await call(read, { file_path: path });
    await call(edit, { file_path: path, old_string: '1', new_string: '2' });
    expect(statSync(path).mode & 0o777).toBe(0o755);
  });

  it('refuses a missing file and an empty old_string', async () => {
    expect((await call(edit, { file_path: join(dir, 'none'), old_string: 'a', new_string: 'b' })).text).toContain(`The file ${join(dir, 'none')} does not exist. Use write to create it.`);
    expect((await call(edit, { file_path: join(dir, 'none'), old_string: '', new_string: 'b' })).text).toContain('Invalid `old_string` parameter: it is empty.');
  });

  it('confines to allowedRoots from params', async () => {
    const inner = join(dir, 'inner');
    mkdirSync(inner);
    const [, confinedWrite] = tools(state, { allowedRoots: [inner] });
    expect((await call(confinedWrite, { file_path: join(dir, 'x'), content: '' })).text).toContain(`It is outside the directories this tool may access (${inner})`);
    expect((await call(confinedWrite, { file_path: join(inner, 'x'), content: '' })).isError).toBe(false);
  });
});
