import type { McpServerConfig } from '../registry/agent-spec.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** How MCP tool names that collide are settled (see `createMcpTools`). */
export type McpNamePolicy = 'error' | 'prefix' | 'prefix-on-conflict';

/** A change of an MCP server's tool list, as the tools map sees it. */
export interface McpToolsChange {
  server: string;
  added: string[];
  removed: string[];
  changed: string[];
}

/** The part of an `MCPToolDefinition` the runtime reads. */
export interface McpToolLike extends ToolDefinition {
  readonly server: string;
  readonly mcpName: string;
}

/** The part of an `McpToolset` the runtime uses. */
export interface McpToolsetLike {
  readonly tools: readonly McpToolLike[];
  close(): Promise<void>;
}

/** Options the runtime passes to `createMcpTools`. */
export interface LoadMcpToolsOptions {
  namePolicy?: McpNamePolicy;
  reservedNames: Iterable<string>;
  onToolsChanged: (change: McpToolsChange) => void;
  cwd: string;
}

interface McpModule {
  createMcpTools(config: { mcpServers: Record<string, McpServerConfig> }, options: LoadMcpToolsOptions): Promise<McpToolsetLike>;
}

// A variable specifier until the MCP layer lands, so this file compiles without it.
const MCP_MODULE = '../mcp/index.js';

/**
 * Connects to the MCP servers and builds their tools. The MCP layer (and the MCP SDK behind it)
 * is loaded here, on first need, so an agent without MCP servers never pays for it.
 */
export async function loadMcpTools(servers: Record<string, McpServerConfig>, options: LoadMcpToolsOptions): Promise<McpToolsetLike> {
  const mcp = (await import(MCP_MODULE)) as McpModule;
  return mcp.createMcpTools({ mcpServers: servers }, options);
}
