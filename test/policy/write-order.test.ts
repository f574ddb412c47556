import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import { parseRule } from '@toolwright/sdk/policy';
import { ResourceLocks } from '@toolwright/sdk/internal';
import type { AgentOptions, CallMiddleware } from '@toolwright/sdk';
import type { ApprovalAnswer, ApprovalRequest, PolicyOptions } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

// Issue 8 gap: two writes of one file keep their call order even when what runs before the lock
// (an approval answered late, a middleware that awaits) finishes in the other order.

const dirs: string[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function agentWith(policy: PolicyOptions | undefined, extra: Partial<AgentOptions> = {}): Promise<{ agent: Agent; dir: string }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-order-')));
  dirs.push(dir);
  const agent = new Agent({ registry: registerBuiltinTools(new ToolRegistry()), tools: [{ name: 'file_editor' }], ...(policy ? { policy } : {}), ...extra });
  agents.push(agent);
  await agent.initialize(new ConversationState({ id: 'conv-order', workingDir: dir }));
  return { agent, dir };
}

/** Puts `line` before the END marker: two of these in either order both succeed, and the file shows which ran first. */
const insertBeforeEnd = (id: string, path: string, line: string) => ({
  id,
  name: 'file_editor',
  arguments: JSON.stringify({ command: 'str_replace', path, old_str: 'END', new_str: `${line}\nEND` }),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('per-resource write order when something awaits before the lock', () => {
  it('an approval callback that answers the first call last: the first call still writes first', async () => {
    const asked: string[] = [];
    let secondAnswered!: () => void;
    const secondDone = new Promise<void>((resolve) => (secondAnswered = resolve));
    const { agent, dir } = await agentWith({
      onApproval: async (request: ApprovalRequest): Promise<ApprovalAnswer> => {
        asked.push(request.toolCallId);
        if (request.toolCallId === 'c1') {
          await secondDone;
          await sleep(50); // the second call has long been approved by now
        } else {
          secondAnswered();
        }
        return { type: 'approve' };
      },
    });
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'START\nEND\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('c1', path, 'first'), insertBeforeEnd('c2', path, 'second')]);
    expect(asked).toEqual(['c1', 'c2']);
    expect(results.map((r) => r.observation.isError)).toEqual([false, false]);
    expect(readFileSync(path, 'utf8')).toBe('START\nfirst\nsecond\nEND\n');
  });

  it('a write to another file is not held up by a slow approval', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const { agent, dir } = await agentWith({
      onApproval: async (request: ApprovalRequest): Promise<ApprovalAnswer> => {
        if (request.toolCallId === 'c1') await firstHeld;
        return { type: 'approve' };
      },
    });
    const a = join(dir, 'a.txt');
    const b = join(dir, 'b.txt');
    writeFileSync(a, 'END\n');
    writeFileSync(b, 'END\n');
    const both = agent.executeToolCalls([insertBeforeEnd('c1', a, 'one'), insertBeforeEnd('c2', b, 'two')]);
    const second = agent.executeToolCall(insertBeforeEnd('c3', b, 'three'));
    const third = await second; // finishes while c1 still waits for its answer
    expect(third.observation.isError).toBe(false);
    expect(readFileSync(b, 'utf8')).toBe('two\nthree\nEND\n');
    expect(readFileSync(a, 'utf8')).toBe('END\n');
    releaseFirst();
    await both;
    expect(readFileSync(a, 'utf8')).toBe('one\nEND\n');
  });

  it('a call that ends before it runs (rejected) gives its place up: the next write runs', async () => {
    const { agent, dir } = await agentWith({
      onApproval: async (request: ApprovalRequest): Promise<ApprovalAnswer> => {
        if (request.toolCallId === 'c1') {
          await sleep(30);
          return { type: 'reject', reason: 'no' };
        }
        return { type: 'approve' };
      },
    });
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'END\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('c1', path, 'first'), insertBeforeEnd('c2', path, 'second')]);
    expect(results.map((r) => r.observation.errorCode)).toEqual(['APPROVAL_REJECTED', undefined]);
    expect(readFileSync(path, 'utf8')).toBe('second\nEND\n');
  });

  it('deferred mode: calls left pending give their places up', async () => {
    const { agent, dir } = await agentWith({});
    const a = join(dir, 'a.txt');
    writeFileSync(a, 'END\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('c1', a, 'first'), insertBeforeEnd('c2', a, 'second')]);
    expect(results.map((r) => r.pending?.request.toolCallId)).toEqual(['c1', 'c2']);
    // Nothing holds a place afterwards: an allowed write of the same file runs (a leaked place would hang it).
    agent.policy!.engine.addRule(parseRule('file_editor(a.txt)', 'allow', 'code'));
    const after = await agent.executeToolCall(insertBeforeEnd('c3', a, 'third'));
    expect(after.observation.isError).toBe(false);
    expect(readFileSync(a, 'utf8')).toBe('third\nEND\n');
  });

  it('an agent middleware that awaits longer for the first call: the first call still writes first', async () => {
    const slowFirst: CallMiddleware = async (ctx, next) => {
      if (ctx.toolCallId === 'c1') await sleep(50);
      await next();
    };
    const { agent, dir } = await agentWith(undefined, { middleware: [slowFirst] });
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'END\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('c1', path, 'first'), insertBeforeEnd('c2', path, 'second')]);
    expect(results.map((r) => r.observation.isError)).toEqual([false, false]);
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\nEND\n');
  });

  it('an agent middleware that awaits a call of the same file before its own call goes on: no deadlock, the inner call writes first', async () => {
    // The outer call takes its place in the queue only once it waits, so the call its middleware
    // starts (and awaits) first is not queued behind it for ever.
    const started: { agent?: Agent } = {};
    const noteFirst: CallMiddleware = async (ctx, next) => {
      if (ctx.toolCallId === 'outer') {
        const inner = await started.agent!.executeToolCall(insertBeforeEnd('inner', String(JSON.parse(String(ctx.call.arguments)).path), 'inner'));
        expect(inner.observation.isError).toBe(false);
      }
      await next();
    };
    const { agent, dir } = await agentWith(undefined, { middleware: [noteFirst] });
    started.agent = agent;
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'END\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('outer', path, 'outer'), insertBeforeEnd('after', path, 'after')]);
    expect(results.map((r) => r.observation.text.startsWith('[An error'))).toEqual([false, false]);
    expect(readFileSync(path, 'utf8')).toBe('inner\nouter\nafter\nEND\n');
  });

  it('a pre hook that moves a call onto another file locks that file: it waits for the earlier write there', async () => {
    const { agent, dir } = await agentWith(
      {
        onApproval: async (request: ApprovalRequest): Promise<ApprovalAnswer> => {
          if (request.toolCallId === 'c1') await sleep(50);
          return { type: 'approve' };
        },
        allow: ['file_editor(decoy.txt)'],
      },
      {
        hooks: {
          // c2 asks for decoy.txt (allowed, nothing to wait for); the hook sends it to notes.txt.
          pre: (ctx, args) => (ctx.toolCallId === 'c2' ? { ...args, path: join(dir, 'notes.txt') } : undefined),
        },
      },
    );
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'END\n');
    writeFileSync(join(dir, 'decoy.txt'), 'END\n');
    const results = await agent.executeToolCalls([insertBeforeEnd('c1', path, 'first'), insertBeforeEnd('c2', join(dir, 'decoy.txt'), 'second')]);
    expect(results.map((r) => r.observation.isError)).toEqual([false, false]);
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\nEND\n');
    expect(readFileSync(join(dir, 'decoy.txt'), 'utf8')).toBe('END\n');
  });
});

describe('ResourceLocks.reserve', () => {
  const write = (r: string) => ({ write: true, all: false, resources: new Set([r]) });

  it('grants in reservation order, not in the order the locks are claimed', async () => {
    const locks = new ResourceLocks();
    const first = locks.reserve();
    const second = locks.reserve();
    const order: string[] = [];
    const late = locks.acquire(write('a')); // a caller with no reservation queues after both
    expect(late).toBeInstanceOf(Promise);
    const secondGranted = second.take(write('a'));
    expect(secondGranted).toBeInstanceOf(Promise);
    void (secondGranted as Promise<() => void>).then((release) => {
      order.push('second');
      release();
    });
    void (late as Promise<() => void>).then((release) => {
      order.push('late');
      release();
    });
    const firstRelease = first.take(write('a'));
    expect(typeof firstRelease).toBe('function');
    order.push('first');
    (firstRelease as () => void)();
    await sleep(0);
    expect(order).toEqual(['first', 'second', 'late']);
  });

  it('an undeclared reservation blocks later writers; declaring another resource or cancelling frees them', () => {
    const locks = new ResourceLocks();
    const pending = locks.reserve();
    const other = locks.reserve();
    expect(other.take(write('b'))).toBeInstanceOf(Promise);
    pending.declare(write('a'));
    const third = locks.reserve();
    expect(third.take(write('a'))).toBeInstanceOf(Promise);
    pending.cancel();
    expect(locks.held).toBe(2);
  });
});
