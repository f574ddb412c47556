/**
 * @toolwright/sdk/testing — public test doubles. Loads the MCP SDK (like `@toolwright/sdk/mcp`).
 */
export { createInMemoryMcpServer, InMemoryMcpServer } from './in-memory-mcp-server.js';
export type { InMemoryMcpServerOptions, InMemoryTool, InMemoryToolContext } from './in-memory-mcp-server.js';
