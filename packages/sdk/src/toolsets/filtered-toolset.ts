import type { ToolDefinition } from '../tool/tool-definition.js';
import { isPromiseLike } from '../util/guards.js';
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
    if (!this.filter.keep) return this.inner.tools(ctx);
    const tools = this.inner.tools(ctx);
    return isPromiseLike(tools) ? Promise.resolve(tools).then((list) => this.kept(ctx, list)) : this.kept(ctx, tools);
  }

  /**
   * What `keep` keeps of `tools` (each tool asked once): last turn's array when the verdicts are
   * the same over the same tools, so an unchanged turn allocates nothing.
   */
  private kept(ctx: TurnContext, tools: readonly ToolDefinition[]): readonly ToolDefinition[] {
    const keep = this.filter.keep!;
    const before = this.last?.inner === tools ? this.last.kept : undefined;
    let kept: ToolDefinition[] | undefined = before ? undefined : [];
    let same = 0;
    for (const tool of tools) {
      if (!keep(ctx, tool)) continue;
      if (kept) kept.push(tool);
      else if (before![same] === tool) same++;
      else (kept = before!.slice(0, same)).push(tool);
    }
    if (!kept) {
      if (same === before!.length) return before!;
      kept = before!.slice(0, same);
    }
    this.last = { inner: tools, kept };
    return kept;
  }
}
