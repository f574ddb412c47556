import type { CreateMcpToolsOptions, McpToolset } from '../mcp/mcp-toolset.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';

/**
 * Connects to the MCP servers and builds their tools. The MCP layer (and the MCP SDK behind it)
 * is loaded here, on first need, so an agent without MCP servers never pays for it: the type
 * imports above vanish at compile time, and this `import()` is the only runtime reference.
 */
export async function loadMcpTools(servers: Record<string, McpServerConfig>, options: CreateMcpToolsOptions): Promise<McpToolset> {
  const { createMcpTools } = await import('../mcp/index.js');
  return createMcpTools({ mcpServers: servers }, options);
}
