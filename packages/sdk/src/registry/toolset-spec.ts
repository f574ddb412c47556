import type { McpServerConfig } from './mcp-server-config.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * One toolset of an agent spec (`toolsets:`): native tools and MCP servers, then (in this order)
 * a filter, renames, a prefix and approval.
 */
export interface ToolsetSpec {
  /** A name for messages (and collisions). */
  label?: string;
  /** Native tools (names or `{ name, params }`), resolved through the registry. */
  tools?: (ToolSpec | string)[];
  /** MCP servers (each one `McpServerToolset`; `enabledTools`/`disabledTools` apply). */
  mcpServers?: Record<string, McpServerConfig>;
  /** `mcp`: MCP tools are named `mcp__server__tool`. */
  naming?: 'default' | 'mcp';
  /** Shown only in turns whose context has every one of these values (`--context key=value`). */
  when?: Record<string, string>;
  /**
   * Only these tools, by their names before renaming (under `naming: mcp` the server's tool name,
   * not `mcp__server__tool`; that form matches too, with a warning). An entry that matches no tool
   * is an error when the toolset loads.
   */
  include?: string[];
  /** Never these tools (names as for `include`; an entry that matches no tool is an error too). */
  exclude?: string[];
  /** New names (`{ old: new }`). */
  rename?: Record<string, string>;
  /** Put before every name. */
  prefix?: string;
  /** Calls need approval (through the agent's permissions). */
  approval?: boolean;
}
