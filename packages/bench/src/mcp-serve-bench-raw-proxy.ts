/**
 * A baseline of the `mcp-serve` bench: the smallest MCP proxy the SDK alone makes. A low-level
 * `Server` on stdio whose `tools/list` and `tools/call` are forwarded, as they are, through an SDK
 * `Client` to the upstream given on the command line (`node raw-proxy.js <upstream.js>`).
 */
import process from 'node:process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const upstream = new Client({ name: 'raw-proxy', version: '1.0.0' });
await upstream.connect(new StdioClientTransport({ command: process.execPath, args: [process.argv[2]!], stderr: 'ignore' }));
const server = new Server({ name: 'raw-proxy', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => upstream.listTools());
server.setRequestHandler(CallToolRequestSchema, (request, extra) => upstream.callTool(request.params, undefined, { signal: extra.signal }));
await server.connect(new StdioServerTransport());
// Exit when the client goes (closing the upstream), so a profiler's exit hook runs.
process.stdin.on('end', () => void upstream.close().finally(() => process.exit(0)));
