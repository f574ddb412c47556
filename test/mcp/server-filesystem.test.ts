import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMcpTools } from '@toolwright/sdk/mcp';
import type { MCPToolDefinition, McpToolset } from '@toolwright/sdk/mcp';
import { FILESYSTEM, isAlive } from './support/servers.js';

let dir: string;
let toolset: McpToolset;
const tool = (name: string): MCPToolDefinition => toolset.tools.find((t) => t.name === name)!;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'toolwright-fs-')));
  toolset = await createMcpTools({ mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, dir] } } });
});
afterAll(async () => {
  const pid = toolset.clients[0]!.pid!;
  await toolset.close();
  expect(isAlive(pid)).toBe(false);
  await rm(dir, { recursive: true, force: true });
});

describe('server-filesystem over stdio', () => {
  it('lists its tools with read-only and destructive annotations', () => {
    expect(toolset.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'edit_file', 'list_directory', 'move_file']));
    expect(tool('read_text_file').annotations.readOnlyHint).toBe(true);
    expect(tool('write_file').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('writes a file, then reads it back (through the server and from disk)', async () => {
    const path = join(dir, 'notes.txt');
    const write = tool('write_file');
    const written = await write.call(write.actionFromArguments({ path, content: 'first line\nsecond line\n' }));
    expect(written.isError).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('first line\nsecond line\n');
    const read = tool('read_text_file');
    const back = await read.call(read.actionFromArguments({ path, head: 1 }));
    expect(back.text).toBe('first line');
    const list = tool('list_directory');
    expect((await list.call(list.actionFromArguments({ path: dir }))).text).toContain('[FILE] notes.txt');
  });

  it('reports a server-side failure as an error Observation the model can read', async () => {
    const read = tool('read_text_file');
    const observation = await read.call(read.actionFromArguments({ path: '/etc/passwd' }));
    expect(observation.isError).toBe(true);
    expect(observation.toLlmContent()[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^\[An error occurred during execution\.\]\n.*outside allowed directories/s) });
  });

  it('validates arguments before any round trip', () => {
    expect(() => tool('write_file').actionFromArguments({ path: 3 })).toThrow(
      "Invalid arguments for tool 'write_file':\n- content: expected string, got nothing (required field missing)\n- path: expected string, got number",
    );
  });
});
