import type { ToolDefinition } from '../tool/tool-definition.js';
import { thenMaybe } from './maybe-async.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';
import { WrappedToolset } from './wrapped-toolset.js';

/** Options of {@link FilteredToolset}: give one or both predicates. */
export interface FilterOptions {
  /** All or nothing: false hides every tool of the inner toolset this turn. */
  when?: (ctx: TurnContext) => boolean;
  /** Per tool: false hides that tool this turn. */
  keep?: (ctx: TurnContext, tool: ToolDefinition) => boolean;
}

/**
 * Hides the inner toolset's tools this turn, all at once (`when`) or one by one (`keep`).
 * Instructions of hidden tools are not written (they are not in the view).
 */
export class FilteredToolset extends WrappedToolset {
  private last?: { inner: readonly ToolDefinition[]; kept: readonly ToolDefinition[] };
  private static readonly NONE: readonly ToolDefinition[] = Object.freeze([]);

  constructor(inner: Toolset, private readonly filter: FilterOptions) {
    super(inner);
  }

  /** The inner tools the predicates keep. */
  tools(ctx: TurnContext): readonly ToolDefinition[] | Promise<readonly ToolDefinition[]> {
    if (this.filter.when && !this.filter.when(ctx)) return FilteredToolset.NONE;
    const keep = this.filter.keep;
    if (!keep) return this.inner.tools(ctx);
    return thenMaybe(this.inner.tools(ctx), (tools) => {
      const kept = tools.filter((tool) => keep(ctx, tool));
      // Same verdicts as last turn over the same tools: the same array.
      const last = this.last;
      if (last && last.inner === tools && last.kept.length === kept.length && kept.every((tool, i) => tool === last.kept[i])) return last.kept;
      this.last = { inner: tools, kept };
      return kept;
    });
  }
}
