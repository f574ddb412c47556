import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolInstruction } from './tool-instruction.js';
import type { TurnContext } from './turn-context.js';

/**
 * A source of tools resolved at the start of every turn into the turn's view: which tools it
 * offers may depend on the turn (the user's role, flags, the active tool groups, …).
 *
 * Return the same array (and the same tool objects) when nothing changed: resolving then costs
 * nothing and the tools' provider exports stay cached.
 */
export interface Toolset {
  /** A name for messages (collisions, instructions); defaults to the class name. */
  readonly label?: string;
  /** The tools of this turn. */
  tools(ctx: TurnContext): readonly ToolDefinition[] | Promise<readonly ToolDefinition[]>;
  /** System-prompt text bound to its tools (written only for tools in the view). */
  instructions?(ctx: TurnContext): readonly ToolInstruction[] | Promise<readonly ToolInstruction[]>;
  /**
   * Tools that exist but are hidden this turn, with the message a call of one gets (e.g. a tool of
   * an inactive group: what to do to reach it). Asked after `tools`. Like `tools`, return the
   * same map while nothing changed and a new one when something did (a map changed in place is
   * not noticed).
   */
  unavailable?(ctx: TurnContext): ReadonlyMap<string, string>;
  /**
   * Names of the agent's own tools (spec tools, `extraTools`, MCP tools) this toolset shows and
   * hides itself, as the same objects (read from `ctx.agentTools`): the agent leaves them out of
   * its static tools, so they are in the view only when this toolset offers them (a tool group
   * given tool names). Asked once, when the agent starts.
   */
  claims?(): readonly string[];
  /** Called once when a run (an agent's conversation) starts: connect, load, warm up. */
  forRun?(ctx: TurnContext): void | Promise<void>;
  /** Releases what {@link Toolset.forRun} acquired. */
  close?(): void | Promise<void>;
}

/** The name `toolset` goes by in messages. */
export function toolsetLabel(toolset: Toolset): string {
  return toolset.label ?? toolset.constructor?.name ?? 'toolset';
}
