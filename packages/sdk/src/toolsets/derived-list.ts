import type { ToolDefinition } from '../tool/tool-definition.js';
import { isPromiseLike } from '../util/guards.js';
import type { MaybePromise } from './maybe-async.js';

/**
 * A wrapper's turn list: `derive` applied to each inner tool, where `derive` depends only on the
 * tool (a rename map, a prefix, a middleware layer). The same inner array gives the same output
 * array (an unchanged toolset tree allocates nothing), and the same inner tool gives the same
 * derived object every turn (exports stay cached).
 *
 * The source → derived index is built only when the inner list first changes: a toolset that
 * never changes (the common case) pays no weak-map entry per tool.
 */
export class DerivedList {
  private input?: readonly ToolDefinition[];
  private output: readonly ToolDefinition[] = [];
  private index?: WeakMap<ToolDefinition, ToolDefinition>;

  /** `check` sees each new output before it is kept (e.g. a name collision check that throws). */
  constructor(
    private readonly derive: (tool: ToolDefinition) => ToolDefinition,
    private readonly check?: (derived: readonly ToolDefinition[]) => void,
  ) {}

  /** {@link DerivedList.of} of a toolset's answer, synchronously when it is not a promise (no closure per turn). */
  ofMaybe(tools: MaybePromise<readonly ToolDefinition[]>): MaybePromise<readonly ToolDefinition[]> {
    return isPromiseLike(tools) ? Promise.resolve(tools).then((list) => this.of(list)) : this.of(tools);
  }

  /** The derived list of `tools` (the last output when `tools` is the last input). */
  of(tools: readonly ToolDefinition[]): readonly ToolDefinition[] {
    if (tools === this.input) return this.output;
    const output = this.input === undefined ? tools.map(this.derive) : this.rederive(tools);
    this.check?.(output);
    this.input = tools;
    this.output = output;
    return output;
  }

  private rederive(tools: readonly ToolDefinition[]): ToolDefinition[] {
    let index = this.index;
    if (!index) {
      index = this.index = new WeakMap();
      const before = this.input!;
      for (let i = 0; i < before.length; i++) if (this.output[i] !== before[i]) index.set(before[i]!, this.output[i]!);
    }
    return tools.map((tool) => {
      let derived = index.get(tool);
      if (derived === undefined) {
        derived = this.derive(tool);
        if (derived !== tool) index.set(tool, derived);
      }
      return derived;
    });
  }
}
