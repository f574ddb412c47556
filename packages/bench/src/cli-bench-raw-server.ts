/**
 * The baseline of the CLI benchmark: a minimal MCP server written with the SDK alone
 * (`McpServer.registerTool` with a zod shape), exposing the same `echo` tool over stdio.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'raw-echo', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Echo the text back.', inputSchema: { text: z.string().describe('Text to echo back') }, annotations: { readOnlyHint: true, openWorldHint: false } },
  ({ text }) => ({ content: [{ type: 'text', text }] }),
);
await server.connect(new StdioServerTransport());
