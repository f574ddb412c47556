import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { DerivedTools } from './derive-tool.js';
import { allMaybe, thenMaybe } from './maybe-async.js';
import type { MaybePromise } from './maybe-async.js';
import { renamedTool } from './renamed-tool.js';
import type { ToolInstruction } from './tool-instruction.js';
import { ToolsMemo } from './tools-memo.js';
import { toolsetLabel } from './toolset.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

/**
 * What {@link CombinedToolset} does when two toolsets offer one name:
 * - `'error'` (default): throws `DUPLICATE_TOOL` naming both toolsets;
 * - `'last-wins'`: the later toolset's tool replaces the earlier one (at the earlier one's place);
 * - `'prefix'`: the later tool is renamed `<label>_<name>` (its toolset's label, made a valid name).
 */
export type ConflictPolicy = 'error' | 'last-wins' | 'prefix';

/** Options of {@link CombinedToolset}. */
export interface CombinedToolsetOptions {
  /** A name for messages. */
  label?: string;
  /** How name collisions are settled (default `'error'`: never silent). */
  onConflict?: ConflictPolicy;
}

interface Placement {
  child: number;
  tool: ToolDefinition;
}

/** Several toolsets as one, in order. Instructions, `forRun` and `close` reach every child. */
export class CombinedToolset implements Toolset {
  readonly label: string;
  readonly onConflict: ConflictPolicy;
  private readonly memo = new ToolsMemo();
  private readonly derived = new DerivedTools();
  /** Per child: its tool names that made it into the last result → the name they have there. */
  private winners: Map<string, string>[] = [];

  constructor(
    readonly toolsets: readonly Toolset[],
    options: CombinedToolsetOptions = {},
  ) {
    this.label = options.label ?? 'CombinedToolset';
    const policy = options.onConflict ?? 'error';
    if (!['error', 'last-wins', 'prefix'].includes(policy)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${this.label}: onConflict must be 'error', 'last-wins' or 'prefix', got ${JSON.stringify(policy)}.` });
    }
    this.onConflict = policy;
  }

  /** Every child's tools, collisions settled by {@link CombinedToolsetOptions.onConflict}. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    return thenMaybe(allMaybe(this.toolsets.map((t) => t.tools(ctx))), (lists) => this.memo.get(lists, () => this.merge(lists)));
  }

  private merge(lists: readonly (readonly ToolDefinition[])[]): readonly ToolDefinition[] {
    const placed = new Map<string, Placement>();
    const winners = lists.map(() => new Map<string, string>());
    lists.forEach((tools, child) => {
      for (const tool of tools) {
        const before = placed.get(tool.name);
        if (!before) {
          placed.set(tool.name, { child, tool });
          winners[child]!.set(tool.name, tool.name);
          continue;
        }
        if (this.onConflict === 'last-wins') {
          winners[before.child]!.delete(tool.name);
          before.child = child;
          before.tool = tool;
          winners[child]!.set(tool.name, tool.name);
          continue;
        }
        if (this.onConflict === 'prefix') {
          const name = `${toolsetLabel(this.toolsets[child]!).replace(/[^A-Za-z0-9_-]/g, '_')}_${tool.name}`;
          if (!placed.has(name)) {
            placed.set(name, { child, tool: this.derived.get(tool, name, () => renamedTool(tool, name)) });
            winners[child]!.set(tool.name, name);
            continue;
          }
        }
        throw this.collision(tool.name, before.child, child);
      }
    });
    this.winners = winners;
    return [...placed.values()].map((p) => p.tool);
  }

  private collision(name: string, first: number, second: number): ToolwrightError {
    const a = toolsetLabel(this.toolsets[first]!);
    const b = toolsetLabel(this.toolsets[second]!);
    return new ToolwrightError({
      code: ErrorCode.DUPLICATE_TOOL,
      message: `Tool name '${name}' is produced by both ${a} (toolset ${first + 1}) and ${b} (toolset ${second + 1}) of ${this.label}. Rename or prefix one of them, or pass onConflict: 'last-wins' | 'prefix'.`,
      details: { name, sources: [a, b] },
    });
  }

  /** The children's instructions, for the tools that won (under their names here). */
  async instructions(ctx: TurnContext): Promise<readonly ToolInstruction[]> {
    const lists = await Promise.all(this.toolsets.map((t) => t.instructions?.(ctx) ?? []));
    const out: ToolInstruction[] = [];
    lists.forEach((list, child) => {
      const names = this.winners[child];
      for (const instruction of list) {
        const name = names ? names.get(instruction.tool) : instruction.tool;
        if (name !== undefined) out.push({ ...instruction, tool: name });
      }
    });
    return out;
  }

  /** Starts every child's run (in parallel). */
  async forRun(ctx: TurnContext): Promise<void> {
    await Promise.all(this.toolsets.map((t) => t.forRun?.(ctx)));
  }

  /** Closes every child, even when one throws (the first error is rethrown after). */
  async close(): Promise<void> {
    const results = await Promise.allSettled(this.toolsets.map((t) => t.close?.()));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
