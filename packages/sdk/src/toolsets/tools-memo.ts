import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * Remembers the last input arrays and the output built from them: when a wrapper's inner
 * toolsets return the same arrays as last turn, the wrapper returns its previous array (so
 * resolving an unchanged toolset tree allocates nothing).
 */
export class ToolsMemo {
  private inputs: readonly (readonly ToolDefinition[])[] = [];
  private output?: readonly ToolDefinition[];
  private key: unknown;

  /** The output for `inputs` (and an extra `key`, e.g. a predicate's verdict), built by `build` when they changed. */
  get(inputs: readonly (readonly ToolDefinition[])[], build: () => readonly ToolDefinition[], key?: unknown): readonly ToolDefinition[] {
    if (this.output && key === this.key && inputs.length === this.inputs.length && inputs.every((input, i) => input === this.inputs[i])) return this.output;
    this.output = build();
    this.inputs = inputs;
    this.key = key;
    return this.output;
  }
}
