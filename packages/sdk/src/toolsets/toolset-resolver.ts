import type { ToolDefinition } from '../tool/tool-definition.js';
import { CombinedToolset } from './combined-toolset.js';
import { thenMaybe } from './maybe-async.js';
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
  private started?: Promise<void>;

  constructor(readonly toolsets: readonly Toolset[]) {
    this.combined = new CombinedToolset(toolsets, { label: 'the agent' });
  }

  /** Starts every toolset's run once (`forRun`). */
  start(ctx: TurnContext): Promise<void> {
    return (this.started ??= this.combined.forRun(ctx));
  }

  /** The turn's tools and hidden tools (synchronous when every toolset answers synchronously). */
  resolve(ctx: TurnContext): MaybePromise<ResolvedToolsets> {
    return thenMaybe(this.combined.tools(ctx), (tools) => {
      let unavailable: Map<string, string> | undefined;
      for (const toolset of this.toolsets) {
        const hidden = toolset.unavailable?.(ctx);
        if (!hidden || hidden.size === 0) continue;
        unavailable ??= new Map();
        for (const [name, message] of hidden) unavailable.set(name, message);
      }
      const last = this.last;
      if (last && last.tools === tools && !unavailable && last.unavailable === NO_UNAVAILABLE) return last;
      this.last = { tools, unavailable: unavailable ?? NO_UNAVAILABLE };
      return this.last;
    });
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
