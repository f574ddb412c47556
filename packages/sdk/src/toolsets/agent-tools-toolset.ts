import { closestMatch } from '../errors/closest-match.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

/**
 * Tools given as objects or as names of the agent's own tools (its spec tools, `extraTools` and
 * MCP tools), in the order given. The named ones are {@link Toolset.claims}ed, so the agent shows
 * them only through this toolset (e.g. inside a tool group, hidden while the group is inactive).
 * Names are resolved from `ctx.agentTools` each turn (the same array while the agent's tools are
 * the same objects). A name the agent does not have throws `INVALID_DEFINITION` naming the
 * toolset, the closest name and the agent's tools.
 */
export class AgentToolsToolset implements Toolset {
  private last?: readonly ToolDefinition[];
  /** The names among the entries. */
  readonly names: readonly string[];

  constructor(
    readonly entries: readonly (ToolDefinition | string)[],
    readonly label: string,
  ) {
    this.names = entries.filter((entry): entry is string => typeof entry === 'string');
  }

  /** The names this toolset takes over from the agent's static tools. */
  claims(): readonly string[] {
    return this.names;
  }

  /** Checks the names once the agent's tools are known. */
  forRun(ctx: TurnContext): void {
    this.tools(ctx);
  }

  /** The tools given, names resolved to the agent's tools of these names. */
  tools(ctx: TurnContext): readonly ToolDefinition[] {
    const all = ctx.agentTools;
    if (!all && this.names.length > 0) throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${this.label}: tools given by name (${this.names.join(', ')}) are the agent's own tools; use this toolset in an Agent (or give tool objects).` });
    const tools = this.entries.map((entry) => (typeof entry === 'string' ? (all!.get(entry) ?? this.unknown(entry, all!)) : entry));
    const last = this.last;
    if (last && last.length === tools.length && last.every((tool, i) => tool === tools[i])) return last;
    return (this.last = tools);
  }

  private unknown(name: string, all: ReadonlyMap<string, ToolDefinition>): never {
    const guess = closestMatch(name, all.keys());
    throw new ToolwrightError({
      code: ErrorCode.INVALID_DEFINITION,
      message: `${this.label}: the agent has no tool '${name}'.${guess ? ` Did you mean '${guess}'?` : ''} The agent's tools: ${[...all.keys()].join(', ') || '(none)'}.`,
      details: { name },
    });
  }
}
