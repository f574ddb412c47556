import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { ResourceLocks } from '../../src/tool/resource-locks.js';

class AppendAction extends Action {
  @Field({ description: 'Key of the record' }) @IsString() key!: string;
  @Field({ description: 'What to append' }) @IsString() text!: string;
}

/** A store whose append is a read-modify-write with an await in between: it loses writes unless calls are ordered. */
function appendTool(store: Map<string, string>): ToolDefinition<AppendAction> {
  return new ToolDefinition({
    name: 'append',
    description: 'Appends to a record.',
    actionType: AppendAction,
    resources: (action) => [`record:${action.key}`],
    executor: {
      execute: async (action) => {
        const before = store.get(action.key) ?? '';
        await new Promise((resolve) => setTimeout(resolve, 1));
        store.set(action.key, before + action.text);
        return Observation.fromText('ok');
      },
    },
  });
}

let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe('resource order', () => {
  it('serialises concurrent single calls on one resource, from executeToolCall and direct tool.call alike', async () => {
    const store = new Map<string, string>();
    const tool = appendTool(store);
    agent = new Agent({ extraTools: [tool] });
    const state = new ConversationState({ workingDir: '/tmp' });
    await agent.initialize(state);
    const a = agent;
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? tool.call(tool.actionFromArguments({ key: 'k', text: String.fromCharCode(97 + i) }), { state })
        : a.executeToolCall({ id: `c${i}`, name: 'append', arguments: { key: 'k', text: String.fromCharCode(97 + i) } }),
    );
    await Promise.all(calls);
    expect(store.get('k')).toBe('abcdefghijklmnopqrst');
  });

  it('lets calls on different resources and read-only calls overlap', () => {
    const locks = new ResourceLocks();
    const write = (r: string) => ({ write: true, all: false, resources: new Set([r]) });
    const read = (r: string) => ({ write: false, all: false, resources: new Set([r]) });
    const first = locks.acquire(write('a'));
    expect(typeof first).toBe('function');
    expect(typeof locks.acquire(write('b'))).toBe('function');
    expect(typeof locks.acquire(read('c'))).toBe('function');
    expect(typeof locks.acquire(read('c'))).toBe('function');
    const waiting = locks.acquire(read('a'));
    expect(waiting).toBeInstanceOf(Promise);
    // A writer of an undeclared resource waits for everything before it.
    expect(locks.acquire({ write: true, all: true, resources: new Set() })).toBeInstanceOf(Promise);
    (first as () => void)();
    return expect(waiting).resolves.toBeInstanceOf(Function);
  });
});
