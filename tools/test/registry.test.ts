import { describe, expect, it } from '@jest/globals';
import { ConversationState, defaultRegistry, ErrorCode, ToolRegistry } from '@toolwright/sdk';
import { BUILTIN_TOOL_NAMES, FinishTool, registerBuiltinTools, ThinkTool } from '@toolwright/tools';
import { fixture } from './support/fixture.js';

describe('registerBuiltinTools', () => {
  it('lists the seven built-in tools', () => {
    expect([...BUILTIN_TOOL_NAMES].sort()).toEqual(['file_editor', 'finish', 'glob', 'grep', 'task_tracker', 'terminal', 'think']);
  });

  it('registers nothing at import, then into defaultRegistry when asked, safely twice', () => {
    for (const name of BUILTIN_TOOL_NAMES) expect(defaultRegistry.has(name)).toBe(false);
    expect(registerBuiltinTools()).toBe(defaultRegistry);
    for (const name of BUILTIN_TOOL_NAMES) expect(defaultRegistry.has(name)).toBe(true);
    expect(registerBuiltinTools()).toBe(defaultRegistry);
  });

  it('registers into another registry, twice without error, and resolves from it', async () => {
    const registry = new ToolRegistry();
    registerBuiltinTools(registry);
    registerBuiltinTools(registry);
    expect(registry.list().map((t) => t.name).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
    const f = fixture();
    try {
      const [think] = await registry.resolve({ name: 'think' }, f.state);
      expect(think).toBeInstanceOf(ThinkTool);
    } finally {
      await f.cleanup();
    }
  });

  it('leaves a name the user registered first alone', () => {
    const registry = new ToolRegistry();
    registry.register('finish', () => [], { description: 'mine' });
    registerBuiltinTools(registry);
    expect(registry.list().find((t) => t.name === 'finish')?.description).toBe('mine');
  });

  it('declares each Params class through @Tool', () => {
    const withParams = defaultRegistry.list().filter((t) => BUILTIN_TOOL_NAMES.includes(t.name) && t.params).map((t) => t.name).sort();
    expect(withParams).toEqual(['file_editor', 'grep', 'terminal']);
  });

  it('refuses params for tools that take none, at resolve and at create', async () => {
    const f = fixture();
    try {
      await expect(defaultRegistry.resolve({ name: 'think', params: { x: 1 } }, f.state)).rejects.toMatchObject({ code: ErrorCode.INVALID_PARAMS });
      expect(() => FinishTool.create(f.state, { x: 1 })).toThrow("Tool 'finish' takes no params; got x. Remove them from the spec.");
      expect(() => ThinkTool.create(f.state, { y: 2 })).toThrow("Tool 'think' takes no params; got y.");
    } finally {
      await f.cleanup();
    }
  });

  it('gives each conversation its own executors', async () => {
    const a = fixture();
    const b = new ConversationState({ workingDir: a.dir });
    try {
      const [ta] = await defaultRegistry.resolve({ name: 'task_tracker' }, a.state);
      const [tb] = await defaultRegistry.resolve({ name: 'task_tracker' }, b);
      expect(ta!.executor).not.toBe(tb!.executor);
    } finally {
      await b.close();
      await a.cleanup();
    }
  });
});
