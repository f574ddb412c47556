import type { ToolDefinition } from '../tool/tool-definition.js';
import { isPromiseLike } from '../util/guards.js';
import { CombinedToolset } from './combined-toolset.js';
import type { MaybePromise } from './maybe-async.js';
import { renderInstructions } from './render-instructions.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

const NO_UNAVAILABLE: ReadonlyMap<string, string> = new Map();

/** A turn's resolution of an agent's toolsets. */
export interface ResolvedToolsets {
  /** The tools, in toolset order (the same array as last turn when nothing changed). */
  readonly tools: readonly ToolDefinition[];
  /** Tools hidden this turn → what a call of one is told. */
  readonly unavailable: ReadonlyMap<string, string>;
}

/**
 * Resolves an agent's toolsets (combined: a name offered twice is an error naming both) at the
 * start of each turn, starts and closes their runs, and writes their instructions for a view.
 */
export class ToolsetResolver {
  private readonly combined: CombinedToolset;
  private last?: ResolvedToolsets;
  /** Per toolset: the non-empty map of hidden tools it gave last turn. */
  private readonly hidden: (ReadonlyMap<string, string> | undefined)[] = [];
  private started?: Promise<void>;
  private claimedNames?: ReadonlySet<string>;

  constructor(readonly toolsets: readonly Toolset[]) {
    this.combined = new CombinedToolset(toolsets, { label: 'the agent' });
  }

  /** The agent's tools the toolsets show and hide themselves ({@link Toolset.claims}). */
  get claimed(): ReadonlySet<string> {
    return (this.claimedNames ??= new Set(this.combined.claims()));
  }

  /** Starts every toolset's run once (`forRun`). */
  start(ctx: TurnContext): Promise<void> {
    return (this.started ??= this.combined.forRun(ctx));
  }

  /** The turn's tools and hidden tools (synchronous when every toolset answers synchronously). */
  resolve(ctx: TurnContext): MaybePromise<ResolvedToolsets> {
    const tools = this.combined.tools(ctx);
    return isPromiseLike(tools) ? Promise.resolve(tools).then((list) => this.settle(ctx, list)) : this.settle(ctx, tools);
  }

  /**
   * The resolution of `tools`: the last one when the tools are the same array and every toolset
   * hides the same map as last turn (an unchanged turn allocates nothing).
   */
  private settle(ctx: TurnContext, tools: readonly ToolDefinition[]): ResolvedToolsets {
    const last = this.last;
    let same = last !== undefined && last.tools === tools;
    let count = 0;
    for (let i = 0; i < this.toolsets.length; i++) {
      const map = this.toolsets[i]!.unavailable?.(ctx);
      const hidden = map && map.size > 0 ? map : undefined;
      if (hidden) count++;
      if (hidden !== this.hidden[i]) {
        same = false;
        this.hidden[i] = hidden;
      }
    }
    if (same) return last!;
    let unavailable: ReadonlyMap<string, string> = NO_UNAVAILABLE;
    if (count === 1) unavailable = this.hidden.find((hidden) => hidden !== undefined)!;
    else if (count > 1) {
      const merged = new Map<string, string>();
      for (const hidden of this.hidden) if (hidden) for (const [name, message] of hidden) merged.set(name, message);
      unavailable = merged;
    }
    this.last = { tools, unavailable };
    return this.last;
  }

  /** The last resolution (none before the first turn). */
  get current(): ResolvedToolsets | undefined {
    return this.last;
  }

  /** The toolsets' instructions for the tools `visible` keeps (see `renderInstructions`). */
  async instructions(ctx: TurnContext, visible: (tool: string) => boolean): Promise<string> {
    return renderInstructions(await this.combined.instructions(ctx), visible);
  }

  /** Closes every toolset (errors rethrown after all were closed). */
  close(): Promise<void> {
    return this.combined.close();
  }
}
