import type { ToolDefinition } from '../tool/tool-definition.js';
import { thenMaybe } from './maybe-async.js';
import type { MaybePromise } from './maybe-async.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';
import { WrappedToolset } from './wrapped-toolset.js';

/** Rewrites a turn's tools: drop, reorder, or replace some (e.g. with `deriveTool(tool, { description })`). */
export type PrepareTools = (ctx: TurnContext, tools: readonly ToolDefinition[]) => MaybePromise<readonly ToolDefinition[]>;

/** Lets `prepare` decide the inner toolset's tools per turn. */
export class PreparedToolset extends WrappedToolset {
  constructor(inner: Toolset, private readonly prepare: PrepareTools) {
    super(inner);
  }

  /** What `prepare` makes of the inner tools. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    return thenMaybe(this.inner.tools(ctx), (tools) => this.prepare(ctx, tools));
  }
}
