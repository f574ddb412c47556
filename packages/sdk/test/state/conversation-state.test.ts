import { describe, expect, it } from '@jest/globals';
import { ConversationState, Service } from '@toolwright/sdk';
import type { CounterExecutor} from '../fixtures/registry-fixtures.js';
import { CounterTool, testRegistry } from '../fixtures/registry-fixtures.js';

describe('ConversationState', () => {
  it('gives each conversation its own executor, with its state and params injected', async () => {
    const a = new ConversationState({ workingDir: '/tmp', id: 'a' });
    const b = new ConversationState({ workingDir: '/tmp', id: 'b' });
    const [toolA] = await testRegistry.resolve({ name: 'counter', params: { start: 10 } }, a);
    const [toolB] = await testRegistry.resolve({ name: 'counter' }, b);
    expect((await toolA!.call(toolA!.actionFromArguments({ text: 'x' }))).text).toBe('count=11 in a');
    expect((await toolA!.call(toolA!.actionFromArguments({ text: 'x' }))).text).toBe('count=12 in a');
    expect((await toolB!.call(toolB!.actionFromArguments({ text: 'x' }))).text).toBe('count=1 in b');
    expect(toolA!.executor).not.toBe(toolB!.executor);
    await Promise.all([a.close(), b.close()]);
  });

  it('closes the executor once with its conversation', async () => {
    const state = new ConversationState({ workingDir: '/tmp' });
    const [first] = await testRegistry.resolve({ name: 'counter' }, state);
    const executor = first!.executor as unknown as CounterExecutor;
    expect(await state.close()).toEqual([]);
    expect(await state.close()).toEqual([]);
    expect(executor.closed).toBe(1);
    expect(state.isClosed).toBe(true);
    expect(() => CounterTool.create(state, {})).toThrow(/Conversation '.*' is closed/);
  });

  it('lazyService checks now that the conversation is open, and builds the service on its first call', async () => {
    let built = 0;
    @Service()
    class Tally {
      readonly id = ++built;
    }
    const state = new ConversationState({ workingDir: '/tmp', id: 'lazy' });
    const tally = state.lazyService(Tally);
    expect(built).toBe(0);
    expect(tally()).toBe(state.getService(Tally));
    expect(tally()).toBe(tally());
    expect(built).toBe(1);
    await state.close();
    expect(() => state.lazyService(Tally)).toThrow("Conversation 'lazy' is closed; its services can no longer be resolved.");
  });

  it('gives each spec its own executor, built with its params', async () => {
    const state = new ConversationState({ workingDir: '/tmp', id: 'p' });
    const [ten] = await testRegistry.resolve({ name: 'counter', params: { start: 10 } }, state);
    const [labelled] = await testRegistry.resolve({ name: 'counter', params: { start: 10, label: 'n' } }, state);
    expect(labelled!.executor).not.toBe(ten!.executor);
    expect((await ten!.call(ten!.actionFromArguments({ text: 'x' }))).text).toBe('count=11 in p');
    expect((await labelled!.call(labelled!.actionFromArguments({ text: 'x' }))).text).toBe('n=11 in p');
    const executors = [ten!.executor, labelled!.executor] as unknown as CounterExecutor[];
    await state.close();
    expect(executors.map((e) => e.closed)).toEqual([1, 1]);
  });

  it('resolves paths and places state under the working directory', () => {
    const state = new ConversationState({ workingDir: '/tmp/work', id: 'c1' });
    expect(state.stateDir).toBe('/tmp/work/.toolwright/conversations/c1');
    expect(state.resolvePath('a/b')).toBe('/tmp/work/a/b');
    expect(state.resolvePath('/etc/x')).toBe('/etc/x');
    expect(() => new ConversationState({ workingDir: '' })).toThrow('ConversationState needs a workingDir (a directory path string).');
  });
});
