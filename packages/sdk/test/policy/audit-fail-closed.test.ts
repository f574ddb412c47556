import { afterEach, describe, expect, it, jest } from '@jest/globals';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// node:fs as it is, and a full disk on demand: while `diskFull` names a path, writes to that file
// fail as Node's do.
let diskFull: string | undefined;
jest.unstable_mockModule('node:fs', () => {
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    if (diskFull !== undefined && fs.fstatSync(fd).ino === fs.statSync(diskFull).ino) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { errno: -28, code: 'ENOSPC', syscall: 'write' });
    }
    return (fs.writeSync as (fd: number, ...rest: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});

const { Action, Agent, ConversationState, Field, Observation, ToolDefinition } = await import('@toolwright/sdk');
const { IsString } = await import('class-validator');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  diskFull = undefined;
});

function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), 'tw-audit-closed-')));
  dirs.push(dir);
  return dir;
}

const idsIn = (path: string): string[] =>
  fs
    .readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as { toolCallId: string }).toolCallId);

class NoteAction extends Action {
  text!: string;
}
Field({ description: 'Text' })(NoteAction.prototype, 'text');
IsString()(NoteAction.prototype, 'text');

/** A tool that records every call that ran. */
function noteTool(ran: string[]) {
  return new ToolDefinition<InstanceType<typeof NoteAction>>({
    name: 'note',
    description: 'Notes a text.',
    actionType: NoteAction,
    executor: {
      execute: (action) => {
        ran.push(action.text);
        return Observation.fromText(`noted ${action.text}`);
      },
    },
  });
}

const DISK_FULL = "Permission denied for tool 'note': the permission check failed (ENOSPC: no space left on device, write), so the call did not run.";

describe('the audit log fails closed: a call runs only after its line is written', () => {
  it('calls decided together: one line each, in the order of the decisions, then every call runs', async () => {
    const dir = tempDir();
    const ran: string[] = [];
    const agent = new Agent({ extraTools: [noteTool(ran)], policy: { allow: ['note'], auditLog: 'audit.jsonl' } });
    await agent.initialize(new ConversationState({ id: 'g', workingDir: dir, stateDir: dir }));
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => agent.executeToolCall({ id: `c${i}`, name: 'note', arguments: JSON.stringify({ text: `t${i}` }) })));
    expect(results.map((r) => r.observation.text)).toEqual(['noted t0', 'noted t1', 'noted t2', 'noted t3', 'noted t4', 'noted t5']);
    expect(idsIn(join(dir, 'audit.jsonl'))).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(ran).toHaveLength(6);
    await agent.close();
  });

  it('a write that fails fails each call closed with the write error named, and none of them runs', async () => {
    const dir = tempDir();
    const path = join(dir, 'audit.jsonl');
    const ran: string[] = [];
    const agent = new Agent({ extraTools: [noteTool(ran)], policy: { allow: ['note'], auditLog: path } });
    await agent.initialize(new ConversationState({ id: 'f', workingDir: dir, stateDir: dir }));
    const call = (i: number) => agent.executeToolCall({ id: `c${i}`, name: 'note', arguments: JSON.stringify({ text: `t${i}` }) });
    await call(0);
    diskFull = path;
    const results = await Promise.all([1, 2, 3].map(call));
    for (const { observation } of results) {
      expect(observation).toMatchObject({ isError: true, errorCode: 'PERMISSION_DENIED' });
      expect(observation.text).toBe(DISK_FULL);
    }
    expect(ran).toEqual(['t0']);
    expect(idsIn(path)).toEqual(['c0']);
    // Once the disk has room again, calls are written and run.
    diskFull = undefined;
    await Promise.all([4, 5].map(call));
    expect(ran).toEqual(['t0', 't4', 't5']);
    expect(idsIn(path)).toEqual(['c0', 'c4', 'c5']);
    await agent.close();
  });

  it('a log that cannot be opened fails every call closed, naming the error', async () => {
    const dir = tempDir();
    fs.writeFileSync(join(dir, 'blocker'), 'a file where the log directory should be');
    const ran: string[] = [];
    const agent = new Agent({ extraTools: [noteTool(ran)], policy: { allow: ['note'], auditLog: join(dir, 'blocker', 'audit.jsonl') } });
    await agent.initialize(new ConversationState({ id: 'o', workingDir: dir, stateDir: dir }));
    const results = await Promise.all([0, 1, 2].map((i) => agent.executeToolCall({ id: `c${i}`, name: 'note', arguments: JSON.stringify({ text: `t${i}` }) })));
    for (const { observation } of results) {
      expect(observation).toMatchObject({ isError: true, errorCode: 'PERMISSION_DENIED' });
      expect(observation.text).toMatch(/^Permission denied for tool 'note': the permission check failed \(EEXIST: file already exists, mkdir '.*blocker'\), so the call did not run\.$/);
    }
    expect(ran).toEqual([]);
    await agent.close();
  });
});
