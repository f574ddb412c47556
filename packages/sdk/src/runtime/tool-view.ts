import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * What the model sees in one turn: the tools whose schemas it was given, and so the only tools it
 * may call (a call to any other tool, even one that exists, is an error Observation naming these).
 * Immutable; the agent makes a new one when the tools or the visibility change.
 */
export class ToolView {
  private readonly byName: ReadonlyMap<string, ToolDefinition>;

  /** `unavailable`: tools hidden this turn → the message a call of one gets (e.g. an inactive tool group's). */
  constructor(
    tools: Iterable<ToolDefinition>,
    private readonly unavailable?: ReadonlyMap<string, string>,
  ) {
    const map = new Map<string, ToolDefinition>();
    for (const tool of tools) map.set(tool.name, tool);
    this.byName = map;
  }

  /** What a call of a tool hidden this turn is told (when its source said), or undefined. */
  unavailableMessage(name: string): string | undefined {
    return this.unavailable?.get(name);
  }

  /** The visible tool of that name. */
  get(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** True when a tool of that name is visible. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The visible tools, in table order. */
  tools(): ToolDefinition[] {
    return [...this.byName.values()];
  }

  /** The visible tools' names, in table order. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  /** How many tools are visible. */
  get size(): number {
    return this.byName.size;
  }
}
