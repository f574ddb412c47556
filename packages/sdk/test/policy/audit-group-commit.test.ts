import { afterEach, describe, expect, it, jest } from '@jest/globals';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// node:fs as it is, with its writes counted per file descriptor (every write still happens),
// and a full disk on demand: while `diskFull` names a path, writes to that file fail as Node's do
// (after `roomFor` more writes).
const writes = new Map<number, number>();
let diskFull: string | undefined;
let roomFor = 0;
jest.unstable_mockModule('node:fs', () => {
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    writes.set(fd, (writes.get(fd) ?? 0) + 1);
    if (diskFull !== undefined && fs.fstatSync(fd).ino === fs.statSync(diskFull).ino && roomFor-- <= 0) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { errno: -28, code: 'ENOSPC', syscall: 'write' });
    }
    return (fs.writeSync as (fd: number, ...rest: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});

const { Action, Agent, ConversationState, Field, Observation, ToolDefinition } = await import('@toolwright/sdk');
const { IsString } = await import('class-validator');
const { AuditLog } = await import('../../src/policy/audit-log.js');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  writes.clear();
  diskFull = undefined;
  roomFor = 0;
});

function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), 'tw-audit-group-')));
  dirs.push(dir);
  return dir;
}

/** Writes to the file at `path` since the test began (by the descriptors open on it now). */
function writesTo(path: string): number {
  const ino = fs.statSync(path).ino;
  let count = 0;
  for (const [fd, n] of writes) {
    try {
      if (fs.fstatSync(fd).ino === ino) count += n;
    } catch {
      // closed since
    }
  }
  return count;
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

describe('AuditLog group commit (append)', () => {
  it('writes the first line of a tick at once and the lines after it in one write at the end of the tick, in order', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const log = new AuditLog({ path });
    const done = Array.from({ length: 5 }, (_, i) => log.append({ toolCallId: `c${i}`, toolName: 'note', decision: 'allow' }));
    expect(done[0]).toBeUndefined();
    expect(idsIn(path)).toEqual(['c0']);
    await Promise.all(done);
    expect(idsIn(path)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(writesTo(path)).toBe(2);
    // The next tick starts afresh: its first line goes out at once again.
    expect(log.append({ toolCallId: 'c5', toolName: 'note', decision: 'allow' })).toBeUndefined();
    expect(idsIn(path)).toHaveLength(6);
    log.close();
  });

  it('a record() after queued appends of the same tick writes them first, in the same write', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const log = new AuditLog({ path });
    log.append({ toolCallId: 'c1', toolName: 'note', decision: 'allow' });
    const queued = log.append({ toolCallId: 'c2', toolName: 'note', decision: 'ask' });
    log.record({ toolCallId: 'c3', toolName: 'note', decision: 'approve' });
    expect(idsIn(path)).toEqual(['c1', 'c2', 'c3']);
    expect(writesTo(path)).toBe(2);
    await expect(queued).resolves.toBeUndefined();
    log.close();
  });

  it('a failing group write rejects every append of the group with its error and writes none of them', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const log = new AuditLog({ path });
    log.append({ toolCallId: 'c0', toolName: 'note', decision: 'allow' });
    diskFull = path;
    const done = [1, 2, 3].map((i) => log.append({ toolCallId: `c${i}`, toolName: 'note', decision: 'allow' }));
    const outcomes = await Promise.allSettled(done);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as NodeJS.ErrnoException).code : 'fulfilled'))).toEqual(['ENOSPC', 'ENOSPC', 'ENOSPC']);
    expect(new Set(outcomes.map((o) => (o as PromiseRejectedResult).reason)).size).toBe(1);
    expect(idsIn(path)).toEqual(['c0']);
    log.close();
  });

  it('a line written at once that fails throws, as record() does', () => {
    const dir = tempDir();
    fs.writeFileSync(join(dir, 'blocker'), 'a file where the log directory should be');
    const log = new AuditLog({ path: join(dir, 'blocker', 'audit.jsonl') });
    let thrown: unknown;
    try {
      log.append({ toolCallId: 'c0', toolName: 'note', decision: 'allow' });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as NodeJS.ErrnoException | undefined)?.code).toBe('EEXIST');
  });

  it('close() writes the lines still queued', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const log = new AuditLog({ path });
    log.append({ toolCallId: 'c1', toolName: 'note', decision: 'allow' });
    const done = log.append({ toolCallId: 'c2', toolName: 'note', decision: 'allow' });
    log.close();
    expect(idsIn(path)).toEqual(['c1', 'c2']);
    await expect(done).resolves.toBeUndefined();
  });

  it('rotates between lines as record() does when a group would pass maxBytes', async () => {
    const path = join(tempDir(), 'audit.jsonl');
    const log = new AuditLog({ path, maxBytes: 200, keep: 2 });
    await Promise.all(Array.from({ length: 4 }, (_, i) => log.append({ toolCallId: `c${i}`, toolName: 'note', decision: 'allow' })));
    log.close();
    const sizes = [path, `${path}.1`].map((file) => fs.statSync(file).size);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(200);
    expect([...idsIn(`${path}.1`), ...idsIn(path)]).toEqual(['c0', 'c1', 'c2', 'c3']);
  });
});

describe('the permission step with an audit log: a call runs only after its line is written', () => {
  it('N calls decided together: N lines in the order of the decisions, two writes (the first line at once, the rest together), then every call runs', async () => {
    const dir = tempDir();
    const ran: string[] = [];
    const agent = new Agent({ extraTools: [noteTool(ran)], policy: { allow: ['note'], auditLog: 'audit.jsonl' } });
    await agent.initialize(new ConversationState({ id: 'g', workingDir: dir, stateDir: dir }));
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => agent.executeToolCall({ id: `c${i}`, name: 'note', arguments: JSON.stringify({ text: `t${i}` }) })));
    const path = join(dir, 'audit.jsonl');
    expect(results.map((r) => r.observation.text)).toEqual(['noted t0', 'noted t1', 'noted t2', 'noted t3', 'noted t4', 'noted t5']);
    expect(idsIn(path)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(writesTo(path)).toBe(2);
    expect(ran).toHaveLength(6);
    await agent.close();
  });

  it('a group write that fails fails every call of the group closed, with the write error named, and none of them runs', async () => {
    const dir = tempDir();
    const path = join(dir, 'audit.jsonl');
    const ran: string[] = [];
    const agent = new Agent({ extraTools: [noteTool(ran)], policy: { allow: ['note'], auditLog: path } });
    await agent.initialize(new ConversationState({ id: 'f', workingDir: dir, stateDir: dir }));
    const call = (i: number) => agent.executeToolCall({ id: `c${i}`, name: 'note', arguments: JSON.stringify({ text: `t${i}` }) });
    await call(0);
    // A tick of its own (call 0's tick ends once the event loop turns), and a disk that is full
    // after one more write: the line of the tick's first call, written at once.
    await new Promise((resolve) => setImmediate(resolve));
    diskFull = path;
    roomFor = 1;
    const results = await Promise.all([1, 2, 3, 4].map(call));
    expect(results[0]!.observation.text).toBe('noted t1');
    for (const { observation } of results.slice(1)) {
      expect(observation).toMatchObject({ isError: true, errorCode: 'PERMISSION_DENIED' });
      expect(observation.text).toBe("Permission denied for tool 'note': the permission check failed (ENOSPC: no space left on device, write), so the call did not run.");
    }
    expect(ran).toEqual(['t0', 't1']);
    expect(idsIn(path)).toEqual(['c0', 'c1']);
    // A line written at once that fails fails its call the same way.
    await new Promise((resolve) => setImmediate(resolve));
    const alone = await call(5);
    expect(alone.observation.text).toBe("Permission denied for tool 'note': the permission check failed (ENOSPC: no space left on device, write), so the call did not run.");
    // Once the disk has room again, calls are written and run.
    diskFull = undefined;
    await Promise.all([6, 7].map(call));
    expect(ran).toEqual(['t0', 't1', 't6', 't7']);
    expect(idsIn(path)).toEqual(['c0', 'c1', 'c6', 'c7']);
    await agent.close();
  });

  it('a log that cannot be opened fails every call of the group closed, naming the error', async () => {
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
