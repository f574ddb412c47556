import { Observation } from '../tool/observation.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { accumulateChunks } from '../tool/tool-chunk.js';
import type { ToolChunk } from '../tool/tool-chunk.js';
import type { ToolMiddleware } from '../tool/tool-middleware.js';
import type { Action } from '../tool/action.js';
import { deriveTool } from './derive-tool.js';
import { DerivedList } from './derived-list.js';
import { originalNameOf } from './original-name.js';
import type { MaybePromise } from './maybe-async.js';
import type { TurnContext } from './turn-context.js';
import { WrappedToolset } from './wrapped-toolset.js';

/** What {@link WrapperToolset.callTool} gets about one call. */
export interface WrappedCall {
  /** The tool's name (as the model called it). */
  readonly toolName: string;
  /** The tool's name before a rename or prefix (inside or outside this wrapper), when it had another one. */
  readonly originalName?: string;
  /** The validated Action (`next(other)` runs another one). */
  readonly action: Action;
  /** The call's context (signal, metadata, progress, …). */
  readonly ctx: ToolContext;
}

/**
 * Middleware around every call of the inner toolset's tools (logging, tracing, rewriting input
 * or output), without touching the tools: override {@link WrapperToolset.callTool}. It runs
 * outside each tool's own middleware, whoever calls the tool (agent or `tool.call`).
 */
export abstract class WrapperToolset extends WrappedToolset {
  private readonly derived = new DerivedList((tool) => deriveTool(tool, { outerMiddleware: [this.layerFor(originalNameOf(tool) ?? tool.name)] }));

  /** The middleware around the calls of a tool named `sourceName` before any rename. */
  private layerFor(sourceName: string): ToolMiddleware {
    const callTool = (call: WrappedCall, next: (action?: Action) => Promise<Observation>): Promise<Observation> => this.callTool(call, next);
    return async function* (invocation, next) {
      let chunks: ToolChunk[] = [];
      let accumulated: Observation | undefined;
      const { toolName, action, ctx } = invocation;
      const call: WrappedCall = sourceName === toolName ? { toolName, action, ctx } : { toolName, originalName: sourceName, action, ctx };
      const result = await callTool(call, async (other?: Action) => {
        chunks = [];
        for await (const chunk of next(other)) chunks.push(chunk);
        accumulated = accumulateChunks(Observation, chunks);
        return accumulated;
      });
      // Untouched: the tool's own chunks go on (streaming kept); otherwise the wrapper's result.
      if (result === accumulated) yield* chunks;
      else yield result;
    };
  }

  /** Around one call: `next()` runs the tool (or `next(action)` with another Action); return its result or another Observation. */
  abstract callTool(call: WrappedCall, next: (action?: Action) => Promise<Observation>): Promise<Observation>;

  /** The inner tools, each with this wrapper outside its own middleware. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    return this.derived.ofMaybe(this.inner.tools(ctx));
  }
}
