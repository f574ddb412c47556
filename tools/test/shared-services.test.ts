import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConversationState } from '@toolwright/sdk';
import type { ToolDefinition } from '@toolwright/sdk';
import { EditTool } from '../src/edit/index.js';
import { ReadTool } from '../src/read/index.js';
import { TerminalSessions } from '../src/terminal/terminal-sessions.js';
import type { TerminalExecutor } from '../src/terminal/impl.js';
import { TerminalTool } from '../src/terminal/index.js';

let dir: string;
let state: ConversationState;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-shared-')));
  state = new ConversationState({ workingDir: dir });
});

afterEach(async () => {
  await state.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (tool: ToolDefinition, args: Record<string, unknown>): Promise<string> =>
  (await tool.call(tool.actionFromArguments(args), { state })).text;

describe('services shared by executors with different params', () => {
  it('lets edit (one params) see what read (other params) read in the same conversation', async () => {
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
    const [read] = ReadTool.create(state, { allowedRoots: [dir] } as never);
    const [edit] = EditTool.create(state, { maxFileSizeMb: 5 } as never);
    await call(read!, { file_path: join(dir, 'a.txt') });
    const text = await call(edit!, { file_path: join(dir, 'a.txt'), old_string: 'two', new_string: 'three' });
    expect(text).toBe(`The file ${join(dir, 'a.txt')} has been edited (1 replacement). A snippet of the result:\n     1\tone\n     2\tthree`);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('one\nthree\n');
  });

  it('gives terminal specs with equal params one session, closed once with the conversation', async () => {
    const [first] = await TerminalTool.create(state, { workingDir: dir } as never);
    const [same] = await TerminalTool.create(state, { workingDir: dir } as never);
    const [other] = await TerminalTool.create(state, { workingDir: dir, pidNamespace: false } as never);
    expect(first!.executor).toBe(same!.executor);
    expect(other!.executor).not.toBe(first!.executor);
    expect(state.getService(TerminalSessions).for({ workingDir: dir })).toBe(first!.executor as unknown as TerminalExecutor);
  });
});
