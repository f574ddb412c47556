import { describe, expect, it } from '@jest/globals';
import { defaultRegistry, Tool, ToolDefinition, ToolRegistry } from '@toolwright/sdk';
import type { EchoAction } from '../fixtures/tool-fixtures.js';

@Tool({ name: 'declared_only', description: 'Declared, never registered by the decorator.' })
class DeclaredOnlyTool extends ToolDefinition<EchoAction> {
  static create(): DeclaredOnlyTool[] {
    return [];
  }
}

class UndecoratedTool extends ToolDefinition<EchoAction> {
  static create(): UndecoratedTool[] {
    return [];
  }
}

describe('@Tool', () => {
  it('records metadata only: declaring a tool changes no registry', () => {
    expect(defaultRegistry.has('declared_only')).toBe(false);
  });

  it('lets a registry register the class under its declared name', () => {
    const registry = new ToolRegistry().register(DeclaredOnlyTool);
    expect(registry.list()).toEqual([{ name: 'declared_only', kind: 'class', description: 'Declared, never registered by the decorator.', params: undefined }]);
    expect(() => registry.register(DeclaredOnlyTool)).toThrow("Tool 'declared_only' is already registered; pass { replace: true } to replace it.");
    expect(defaultRegistry.has('declared_only')).toBe(false);
  });

  it('refuses a class without @Tool unless it is given a name', () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(UndecoratedTool)).toThrow(
      'register(UndecoratedTool): only a class declared with @Tool can be registered without a name; use register(name, target).',
    );
    expect(registry.register('undecorated', UndecoratedTool, { description: 'Named by hand.' }).has('undecorated')).toBe(true);
    expect(() => registry.register('nothing', undefined as never)).toThrow("register('nothing', target): give the tool instance, class or factory to register under 'nothing'.");
  });
});
