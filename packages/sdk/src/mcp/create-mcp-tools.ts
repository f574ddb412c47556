import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpServersConfig } from '../registry/mcp-server-config.js';
import { mcpClientFromPlan } from './mcp-client-from-plan.js';
import { planMcpServers } from './mcp-server-plan.js';
import { createMcpToolsFromClients } from './mcp-toolset.js';
import type { CreateMcpToolsOptions, McpToolset } from './mcp-toolset.js';

/**
 * Connects to the MCP servers of a config in the common format
 * (`{ mcpServers: { name: { command, args?, env?, cwd? } | { url, transport?, headers? } } }`)
 * and returns their tools as `MCPToolDefinition`s, with the handle that closes the connections.
 *
 * Throws `MCP_CONFIG` for a bad config (naming the server and field), `MCP_CONNECTION` for a
 * server that cannot be reached within its connect timeout, `DUPLICATE_TOOL` for a clash under
 * namePolicy `'error'`.
 */
export async function createMcpTools(config: McpServersConfig, options: CreateMcpToolsOptions = {}): Promise<McpToolset> {
  if (typeof config !== 'object' || config === null || !('mcpServers' in config)) {
    throw new ToolwrightError({
      code: ErrorCode.MCP_CONFIG,
      message: 'createMcpTools expects { mcpServers: { <name>: { command, args? } | { url } } }.',
    });
  }
  const plans = planMcpServers(config.mcpServers, options.cwd);
  const clients = plans.map((plan) => mcpClientFromPlan(plan, options));
  return createMcpToolsFromClients(clients, options);
}
