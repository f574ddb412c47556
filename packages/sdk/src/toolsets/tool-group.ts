import type { McpServerConfig } from '../registry/mcp-server-config.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Skill } from './skill.js';
import type { Toolset } from './toolset.js';

/** The group that is always active. */
export const BASIC_GROUP = 'basic';

/**
 * A named bundle of tools, MCP servers, toolsets and skills the model activates or deactivates as
 * a unit with the `reset_tools` meta tool.
 */
export interface ToolGroup {
  /** The group's name (a property of `reset_tools`: letters, digits, `_`, `-`). */
  name: string;
  /** What the group is for; the model reads it in `reset_tools`' schema. Required. */
  description: string;
  /** Returned by `reset_tools` when the group becomes active, and written into the system prompt while it is. */
  instructions?: string;
  /**
   * Its tools: tool objects, or names of the agent's own tools (its spec tools, `extraTools`, MCP
   * tools), which the group then takes over (hidden while it is inactive).
   */
  tools?: readonly (ToolDefinition | string)[];
  /** Its MCP servers (each becomes an `McpServerToolset`). */
  mcpServers?: Readonly<Record<string, McpServerConfig>>;
  /** More toolsets. */
  toolsets?: readonly Toolset[];
  /**
   * Its skills (visible while the group is active): loaded skills, or skill directory paths
   * (loaded with `loadSkill` when the toolset starts; a malformed one fails the start).
   */
  skills?: readonly (Skill | string)[];
}
