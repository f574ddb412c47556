/**
 * The baseline of the CLI benchmark: a minimal MCP server written with the SDK alone
 * (`McpServer.registerTool` with a zod shape), exposing the same `echo` tool over stdio. With
 * `--writer` it also offers `save`, the same echo without annotations (a tool that may write, as
 * most servers' tools are), for the concurrency rows of the mcp-serve group.
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
if (process.argv.includes('--writer')) {
  server.registerTool('save', { description: 'Echo the text back (declares nothing).', inputSchema: { text: z.string().describe('Text to echo back') } }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
}
await server.connect(new StdioServerTransport());
