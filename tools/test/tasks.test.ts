import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConversationState } from '@toolwright/sdk';
import type { ToolDefinition } from '@toolwright/sdk';
import { TASK_STORE_FILE, TaskCreateTool, TaskGetTool, TaskListTool, TaskUpdateTool } from '../src/tasks/index.js';
import type { TaskObservation } from '../src/tasks/index.js';

let dir: string;
let state: ConversationState;

interface Tools {
  create: ToolDefinition;
  get: ToolDefinition;
  list: ToolDefinition;
  update: ToolDefinition;
}

function toolsOf(conversation: ConversationState): Tools {
  return {
    create: TaskCreateTool.create(conversation)[0]!,
    get: TaskGetTool.create(conversation)[0]!,
    list: TaskListTool.create(conversation)[0]!,
    update: TaskUpdateTool.create(conversation)[0]!,
  };
}

const call = async (tool: ToolDefinition, args: Record<string, unknown>, conversation = state): Promise<TaskObservation> =>
  (await tool.call(tool.actionFromArguments(args), { state: conversation })) as TaskObservation;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-tasks-')));
  state = new ConversationState({ id: 'conv-1', workingDir: dir });
});

afterEach(async () => {
  await state.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('task tools', () => {
  it('create, get and list tasks; statuses move pending → in_progress → completed', async () => {
    const t = toolsOf(state);
    expect((await call(t.list, {})).text).toBe('No tasks found');
    expect((await call(t.create, { subject: 'Run the tests', description: 'npm test', activeForm: 'Running the tests' })).text).toBe('Task #1 created successfully: Run the tests');
    await call(t.create, { subject: 'Fix the bug', description: 'in parser', owner: 'agent-a' });
    expect((await call(t.update, { taskId: '1', status: 'in_progress' })).text).toBe('Updated task #1 status');
    expect((await call(t.list, {})).text).toBe('#1 [in_progress] Run the tests\n#2 [pending] Fix the bug (agent-a)');
    await call(t.update, { taskId: '1', status: 'completed' });
    expect((await call(t.get, { taskId: '1' })).text).toBe('Task #1: Run the tests\nStatus: completed\nDescription: npm test\nActive form: Running the tests');
  });

  it('keeps blocks and blockedBy consistent both ways, and deleted removes the task and its links', async () => {
    const t = toolsOf(state);
    for (const subject of ['a', 'b', 'c']) await call(t.create, { subject, description: '' });
    expect((await call(t.update, { taskId: '1', addBlocks: ['2'], addBlockedBy: ['3'] })).text).toBe('Updated task #1 blocks, blockedBy');
    const [one] = (await call(t.get, { taskId: '1' })).tasks;
    expect([one!.blocks, one!.blockedBy]).toEqual([['2'], ['3']]);
    expect((await call(t.get, { taskId: '2' })).tasks[0]!.blockedBy).toEqual(['1']);
    expect((await call(t.get, { taskId: '3' })).tasks[0]!.blocks).toEqual(['1']);
    expect((await call(t.list, {})).text).toBe('#1 [pending] a [blocked by #3]\n#2 [pending] b [blocked by #1]\n#3 [pending] c');
    expect((await call(t.update, { taskId: '1', status: 'deleted' })).text).toBe('Updated task #1 deleted');
    const rest = (await call(t.list, {})).tasks;
    expect(rest.map((task) => [task.id, task.blocks, task.blockedBy])).toEqual([
      ['2', [], []],
      ['3', [], []],
    ]);
    expect((await call(t.create, { subject: 'd', description: '' })).text).toBe('Task #4 created successfully: d');
  });

  it("takes Claude Code's parameter names (taskId, activeForm, addBlocks, addBlockedBy) and refuses the snake_case ones", async () => {
    const t = toolsOf(state);
    const props = (tool: ToolDefinition) => Object.keys((tool.toMcpTool().inputSchema as { properties: object }).properties).sort();
    expect(props(t.create)).toEqual(['activeForm', 'description', 'metadata', 'owner', 'subject']);
    expect(props(t.get)).toEqual(['taskId']);
    expect(props(t.list)).toEqual([]);
    expect(props(t.update)).toEqual(['activeForm', 'addBlockedBy', 'addBlocks', 'description', 'metadata', 'owner', 'status', 'subject', 'taskId']);
    expect((t.update.toMcpTool().inputSchema as { required: string[] }).required).toEqual(['taskId']);
    expect(() => t.update.actionFromArguments({ task_id: '1' })).toThrow('task_id');
    await call(t.create, { subject: 'a', description: 'first' });
    await call(t.create, { subject: 'b', description: 'second' });
    expect((await call(t.update, { taskId: '2', addBlockedBy: ['1'], subject: 'b2', activeForm: 'Doing b2', owner: 'x', metadata: { k: 1 } })).text).toBe('Updated task #2 subject, activeForm, owner, metadata, blockedBy');
    expect((await call(t.get, { taskId: '2' })).text).toBe('Task #2: b2\nStatus: pending\nDescription: second\nBlocked by: #1\nOwner: x\nActive form: Doing b2\nMetadata: {"k":1}');
    expect((await call(t.get, { taskId: '1' })).text).toBe('Task #1: a\nStatus: pending\nDescription: first\nBlocks: #2');
  });

  it('refuses unknown ids and self-links without changing anything', async () => {
    const t = toolsOf(state);
    expect((await call(t.get, { taskId: '7' })).text).toBe('Task #7 not found. There are no tasks yet; create one with task_create.');
    await call(t.create, { subject: 'a', description: '' });
    const unknown = await call(t.update, { taskId: '1', status: 'in_progress', addBlocks: ['9'] });
    expect([unknown.isError, unknown.text]).toEqual([true, 'Task #9 not found. Existing tasks: #1.']);
    expect((await call(t.get, { taskId: '1' })).tasks[0]!.status).toBe('pending');
    expect((await call(t.update, { taskId: '1', addBlockedBy: ['1'] })).text).toBe('Task #1 cannot block itself.');
    expect(() => t.update.actionFromArguments({ taskId: '1', status: 'done' })).toThrow('status');
  });

  it('merges metadata, removes keys set to null, and sets and clears the owner', async () => {
    const t = toolsOf(state);
    await call(t.create, { subject: 'a', description: '', metadata: { priority: 1, tag: 'x' } });
    await call(t.update, { taskId: '1', metadata: { tag: null, estimate: '2h' }, owner: 'bob' });
    expect((await call(t.get, { taskId: '1' })).tasks[0]).toMatchObject({ owner: 'bob', metadata: { priority: 1, estimate: '2h' } });
    await call(t.update, { taskId: '1', owner: '' });
    expect((await call(t.get, { taskId: '1' })).tasks[0]!.owner).toBeUndefined();
  });

  it('persists under the state directory and survives a restart of the conversation with the same id', async () => {
    const t = toolsOf(state);
    await call(t.create, { subject: 'persisted', description: 'd' });
    await call(t.update, { taskId: '1', status: 'in_progress' });
    await state.close();
    const saved = JSON.parse(readFileSync(join(state.stateDir, TASK_STORE_FILE), 'utf8')) as { nextId: number; tasks: unknown[] };
    expect(saved.nextId).toBe(2);
    state = new ConversationState({ id: 'conv-1', workingDir: dir });
    const again = toolsOf(state);
    expect((await call(again.list, {})).text).toBe('#1 [in_progress] persisted');
    expect((await call(again.create, { subject: 'next', description: '' })).text).toBe('Task #2 created successfully: next');
    const other = new ConversationState({ id: 'conv-2', workingDir: dir });
    try {
      expect((await call(toolsOf(other).list, {}, other)).text).toBe('No tasks found');
    } finally {
      await other.close();
    }
  });

  it('runs concurrent creates one at a time, none lost', async () => {
    const t = toolsOf(state);
    await Promise.all(Array.from({ length: 20 }, (_, i) => call(t.create, { subject: `t${i}`, description: '' })));
    const tasks = (await call(t.list, {})).tasks;
    expect(tasks.map((task) => task.id).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
  });

  it('marks task_get and task_list read-only, task_create and task_update not', () => {
    const t = toolsOf(state);
    expect([t.create, t.get, t.list, t.update].map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['task_create', false],
      ['task_get', true],
      ['task_list', true],
      ['task_update', false],
    ]);
  });
});
