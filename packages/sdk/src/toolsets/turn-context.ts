import type { ConversationState } from '../state/conversation-state.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * What a toolset sees when it is resolved at the start of a turn: the conversation (when there is
 * one) and the host's per-turn values (the user's role, feature flags, the agent's phase, …; the
 * CLI's `--context key=value`).
 */
export interface TurnContext {
  /** The conversation, once the agent is initialized. */
  readonly state?: ConversationState;
  /** The host's values for this turn. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Whether the agent checks calls with a permission policy (undefined: not known, e.g. outside an Agent). */
  readonly policy?: boolean;
  /** The agent's own tools by name (spec tools, `extraTools`, MCP tools), for toolsets that take some by name (undefined outside an Agent). */
  readonly agentTools?: ReadonlyMap<string, ToolDefinition>;
}

/** A {@link TurnContext} from values (and a conversation). */
export function turnContext(values: Readonly<Record<string, unknown>> = {}, state?: ConversationState): TurnContext {
  return state === undefined ? { values } : { values, state };
}
