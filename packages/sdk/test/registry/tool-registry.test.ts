import { afterEach, describe, expect, it } from '@jest/globals';
import { ConversationState, ErrorCode, Observation, ToolDefinition, ToolRegistry } from '@toolwright/sdk';
import { CounterParams, CounterTool, testRegistry } from '../fixtures/registry-fixtures.js';
import { EchoAction, echoTool } from '../fixtures/tool-fixtures.js';
import { rejectionOf, thrownBy } from '../fixtures/catch-error.js';

const states: ConversationState[] = [];
const newState = (): ConversationState => {
  const state = new ConversationState({ workingDir: '/tmp' });
  states.push(state);
  return state;
};

afterEach(async () => {
  await Promise.all(states.splice(0).map((s) => s.close()));
});

describe('ToolRegistry', () => {
  it('resolves a fixed instance as itself', async () => {
    const registry = new ToolRegistry().register('echo', echoTool());
    const [tool] = await registry.resolve({ name: 'echo' }, newState());
    expect(tool?.name).toBe('echo');
  });

  it('rejects params for a fixed instance', async () => {
    const registry = new ToolRegistry().register('echo', echoTool());
    const error = await rejectionOf(registry.resolve({ name: 'echo', params: { loud: true } }, newState()));
    expect(error.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(error.message).toBe("Tool 'echo' is a fixed instance and takes no params; got loud.");
  });

  it('refuses a fixed instance without an executor at registration', () => {
    const idle = new ToolDefinition({ name: 'idle', description: 'x', actionType: EchoAction });
    expect(thrownBy(() => new ToolRegistry().register('idle', idle)).code).toBe(ErrorCode.NO_EXECUTOR);
  });

  it('resolves a @Tool class through static create with validated params', async () => {
    const [tool] = await testRegistry.resolve({ name: 'counter', params: { start: 5, label: 'n' } }, newState());
    expect(tool).toBeInstanceOf(CounterTool);
    expect(tool?.description).toBe('Counts calls.');
    const o = await tool!.call(tool!.actionFromArguments({ text: 'x' }));
    expect(o.text).toMatch(/^n=6 in /);
  });

  it('reports params errors with params.<path>, expected and got', async () => {
    const error = await rejectionOf(testRegistry.resolve({ name: 'counter', params: { start: 'ten', colour: 1 } }, newState()));
    expect(error.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(error.message).toBe(
      [
        "Invalid params for tool 'counter':",
        '- params.colour: unknown field; allowed fields: start, label',
        '- params.start: expected integer, got string',
      ].join('\n'),
    );
  });

  it('resolves factories, which may return one tool, several or none', async () => {
    const registry = new ToolRegistry()
      .register('one', () => echoTool())
      .register('none', () => [])
      .register('two', async () => [echoTool(), echoTool().withExecutor({ execute: () => Observation.fromText('b') })], { params: CounterParams });
    expect(await registry.resolve({ name: 'one' }, newState())).toHaveLength(1);
    expect(await registry.resolve({ name: 'none' }, newState())).toHaveLength(0);
    expect(await registry.resolve({ name: 'two', params: { start: 1 } }, newState())).toHaveLength(2);
  });

  it('says what a factory returned instead of tools', async () => {
    const registry = new ToolRegistry().register('bad', (() => [42]) as never);
    const error = await rejectionOf(registry.resolve({ name: 'bad' }, newState()));
    expect(error.message).toBe("The factory of 'bad' returned number where a ToolDefinition was expected.");
  });

  it('throws DUPLICATE_TOOL for a taken name unless replace is set', () => {
    const registry = new ToolRegistry().register('echo', echoTool());
    const error = thrownBy(() => registry.register('echo', echoTool()));
    expect(error.code).toBe(ErrorCode.DUPLICATE_TOOL);
    expect(error.message).toBe("Tool 'echo' is already registered; pass { replace: true } to replace it.");
    expect(() => registry.register('echo', echoTool(), { replace: true })).not.toThrow();
  });

  it('throws NOT_REGISTERED with the closest name and the registered ones', async () => {
    const registry = new ToolRegistry().register('grep', echoTool()).register('glob', echoTool());
    const error = await rejectionOf(registry.resolve({ name: 'gerp' }, newState()));
    expect(error.code).toBe(ErrorCode.NOT_REGISTERED);
    expect(error.message).toBe("Tool 'gerp' is not registered. Did you mean 'grep'? Registered: grep, glob.");
  });

  it('refuses a class without static create and a non-tool target', () => {
    class PlainTool extends ToolDefinition {}
    expect(thrownBy(() => new ToolRegistry().register('plain', PlainTool as never)).message).toBe(
      "Tool class PlainTool (registered as 'plain') has no static create(convState, params).",
    );
    expect(thrownBy(() => new ToolRegistry().register('x', 42 as never)).code).toBe(ErrorCode.INVALID_DEFINITION);
  });

  it('counts a throwing usability check as unusable', () => {
    expect(testRegistry.isUsable('counter')).toBe(true);
    expect(testRegistry.isUsable('broken_set')).toBe(false);
    expect(testRegistry.isUsable('missing')).toBe(false);
    const registry = new ToolRegistry().register('gated', () => [], { isUsable: () => false });
    expect(registry.isUsable('gated')).toBe(false);
  });

  it('lists registrations with their kind, description and params', () => {
    expect(testRegistry.has('counter')).toBe(true);
    expect(testRegistry.list()).toEqual([
      { name: 'counter', kind: 'class', description: 'Counts calls.', params: CounterParams },
      { name: 'broken_set', kind: 'class', description: 'Never usable.', params: undefined },
    ]);
  });
});
