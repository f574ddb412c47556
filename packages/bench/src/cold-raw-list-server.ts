/**
 * The baseline of the cold-start bench for the default built-in toolset: the MCP SDK's low-level
 * `Server` over stdio answering `tools/list` with the tools (names, descriptions, JSON schemas,
 * annotations) in the JSON file named by its argument, as `toolwright serve --stdio` listed them.
 * It serves the listing only (calls are not part of a cold start).
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

const tools = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Tool[];
const server = new Server({ name: 'raw-list', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
await server.connect(new StdioServerTransport());
