import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ErrorCode, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import type { Observation, PostHook } from '@toolwright/sdk';
import { EditObservation, FileEditorObservation, ReadObservation, registerBuiltinTools, TaskObservation } from '@toolwright/tools';

/** What a post hook got: the error itself, or an Observation. */
type Seen = { error: Error } | { observation: Observation };

let dir: string;
let agent: Agent;
let seen: Seen[];

beforeEach(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-post-')));
  seen = [];
  const post: PostHook = (_ctx, result) => void seen.push(result instanceof Error ? { error: result } : { observation: result });
  agent = new Agent({
    registry: registerBuiltinTools({ registry: new ToolRegistry(), preset: 'all' }),
    tools: [{ name: 'read' }, { name: 'edit' }, { name: 'file_editor' }, { name: 'task_create' }],
    hooks: { post },
  });
  await agent.initialize(new ConversationState({ workingDir: dir }));
});

afterEach(async () => {
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>): Promise<Observation> => (await agent.executeToolCall({ id: 'c1', name, arguments: JSON.stringify(args) })).observation;

describe('a file tool that fails throws, so post hooks see the error (issue 23 §2)', () => {
  it("edit of a missing file: the hook gets the tool's ToolwrightError; the model reads the same text, with file_path", async () => {
    const path = join(dir, 'missing.txt');
    const observation = await call('edit', { file_path: path, old_string: 'a', new_string: 'b' });
    expect(seen).toHaveLength(1);
    const [first] = seen;
    expect(first && 'error' in first && ToolwrightError.isInstance(first.error) ? first.error.message : first).toBe(`The file ${path} does not exist. Use write to create it.`);
    expect(observation).toBeInstanceOf(EditObservation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, filePath: path, text: `The file ${path} does not exist. Use write to create it.` });
  });

  it("read of a missing file: the hook gets the file system's own error; the model reads 'Could not read <path>: …', with file_path", async () => {
    const path = join(dir, 'missing.txt');
    const observation = await call('read', { file_path: path });
    const [first] = seen;
    expect(first && 'error' in first && !ToolwrightError.isInstance(first.error) ? first.error.message : first).toMatch(/^ENOENT/);
    expect(observation).toBeInstanceOf(ReadObservation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, filePath: path });
    expect(observation.text).toBe(`Could not read ${path}: ENOENT: no such file or directory, open '${path}'`);
  });

  it('file_editor on a missing path: the hook gets the error; the model reads the same text, with command and path', async () => {
    const path = join(dir, 'nope.txt');
    const observation = await call('file_editor', { command: 'view', path });
    const [first] = seen;
    expect(first && 'error' in first).toBe(true);
    expect(observation).toBeInstanceOf(FileEditorObservation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.INVALID_ARGUMENTS, command: 'view', path });
    expect(observation.text).toBe(`Invalid \`path\` parameter: ${path}. The path ${path} does not exist. Please provide a valid path.`);
  });

  it('a hook that recovers with an Observation replaces the error', async () => {
    await agent.close();
    agent = new Agent({
      registry: registerBuiltinTools({ registry: new ToolRegistry(), preset: 'all' }),
      tools: [{ name: 'edit' }],
      hooks: { post: (_ctx, result) => (result instanceof Error ? EditObservation.of({ filePath: 'recovered' }) : undefined) },
    });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const observation = await call('edit', { file_path: join(dir, 'missing.txt'), old_string: 'a', new_string: 'b' });
    expect(observation).toMatchObject({ isError: false, filePath: 'recovered' });
  });

  it('a task tool whose store cannot be written: the hook gets the error; the model reads what failed and that nothing changed', async () => {
    await agent.close();
    writeFileSync(join(dir, 'blocker'), 'a file where the state directory should be');
    agent = new Agent({
      registry: registerBuiltinTools({ registry: new ToolRegistry(), preset: 'all' }),
      tools: [{ name: 'task_create' }],
      hooks: { post: (_ctx, result) => void seen.push(result instanceof Error ? { error: result } : { observation: result }) },
    });
    await agent.initialize(new ConversationState({ workingDir: dir, stateDir: join(dir, 'blocker', 'state') }));
    const observation = await call('task_create', { subject: 'S', description: 'D' });
    expect(seen[0]).toHaveProperty('error');
    expect(observation).toBeInstanceOf(TaskObservation);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, tasks: [] });
    expect(observation.text).toMatch(/^Creating the task failed: .*(ENOTDIR|EEXIST).*\. Nothing was changed\.$/);
  });
});
