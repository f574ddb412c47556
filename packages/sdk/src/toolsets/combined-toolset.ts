import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { isPromiseLike } from '../util/guards.js';
import { DerivedTools } from './derive-tool.js';
import type { MaybePromise } from './maybe-async.js';
import { renamedTool } from './renamed-tool.js';
import type { ToolInstruction } from './tool-instruction.js';
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

/** The last merge: per place in the result, the child it came from and the child's tool. */
interface Merged {
  readonly child: number[];
  readonly source: ToolDefinition[];
  readonly tools: ToolDefinition[];
}

/** Several toolsets as one, in order. Instructions, `forRun` and `close` reach every child. */
export class CombinedToolset implements Toolset {
  readonly label: string;
  readonly onConflict: ConflictPolicy;
  private lists?: readonly (readonly ToolDefinition[])[];
  private readonly derived = new DerivedTools();
  private merged?: Merged;
  /** Per child: its tool names that made it into the last result → the name they have there (built on first need). */
  private winners?: Map<string, string>[];

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
    const lists: MaybePromise<readonly ToolDefinition[]>[] = new Array(this.toolsets.length);
    let pending = false;
    for (let i = 0; i < lists.length; i++) pending = isPromiseLike((lists[i] = this.toolsets[i]!.tools(ctx))) || pending;
    if (pending) return Promise.all(lists).then((ready) => this.combine(ready));
    return this.combine(lists as (readonly ToolDefinition[])[]);
  }

  /** The merge of `lists`: last turn's array when every child answered with the same array. */
  private combine(lists: readonly (readonly ToolDefinition[])[]): readonly ToolDefinition[] {
    const before = this.lists;
    if (before && this.merged) {
      let same = true;
      for (let i = 0; i < lists.length && same; i++) same = lists[i] === before[i];
      if (same) return this.merged.tools;
    }
    const tools = this.merge(lists);
    this.lists = lists;
    return tools;
  }

  private merge(lists: readonly (readonly ToolDefinition[])[]): readonly ToolDefinition[] {
    const at = new Map<string, number>();
    const merged: Merged = { child: [], source: [], tools: [] };
    for (let child = 0; child < lists.length; child++) {
      for (const tool of lists[child]!) {
        const before = at.get(tool.name);
        if (before === undefined) {
          at.set(tool.name, merged.tools.length);
          merged.child.push(child);
          merged.source.push(tool);
          merged.tools.push(tool);
          continue;
        }
        if (this.onConflict === 'last-wins') {
          merged.child[before] = child;
          merged.source[before] = tool;
          merged.tools[before] = tool;
          continue;
        }
        if (this.onConflict === 'prefix') {
          const name = `${toolsetLabel(this.toolsets[child]!).replace(/[^A-Za-z0-9_-]/g, '_')}_${tool.name}`;
          if (!at.has(name)) {
            at.set(name, merged.tools.length);
            merged.child.push(child);
            merged.source.push(tool);
            merged.tools.push(this.derived.get(tool, name, () => renamedTool(tool, name)));
            continue;
          }
        }
        throw this.collision(tool.name, merged.child[before]!, child);
      }
    }
    this.merged = merged;
    this.winners = undefined;
    return merged.tools;
  }

  /** Per child, its tools' names in the last result (see `winners`). */
  private winnersOf(): Map<string, string>[] | undefined {
    const merged = this.merged;
    if (!merged || this.winners) return this.winners;
    const winners = this.toolsets.map(() => new Map<string, string>());
    merged.tools.forEach((tool, i) => winners[merged.child[i]!]!.set(merged.source[i]!.name, tool.name));
    return (this.winners = winners);
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
    const winners = this.winnersOf();
    const out: ToolInstruction[] = [];
    lists.forEach((list, child) => {
      const names = winners?.[child];
      for (const instruction of list) {
        const name = names ? names.get(instruction.tool) : instruction.tool;
        if (name !== undefined) out.push({ ...instruction, tool: name });
      }
    });
    return out;
  }

  /** Every child's claims on the agent's tools. */
  claims(): readonly string[] {
    return this.toolsets.flatMap((t) => t.claims?.() ?? []);
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
