/**
 * `@toolwright/models/mcp`: an MCP SDK tool definition (`registerTool`-style config and callback)
 * as a Toolwright tool (`fromMcpTool`). Uses `@modelcontextprotocol/sdk` (an optional peer
 * dependency; `@toolwright/sdk` already depends on it).
 */
export { fromMcpTool } from './from-mcp-tool.js';
export type { McpCallToolResult, McpToolCallback, McpToolConfig, McpToolExtra } from './from-mcp-tool.js';
export type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';
