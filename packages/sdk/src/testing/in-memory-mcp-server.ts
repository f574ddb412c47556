import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode as JsonRpcCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { MCPClient } from '../mcp/mcp-client.js';
import type { MCPClientOptions } from '../mcp/mcp-client.js';

/** What a test tool's handler gets besides its arguments. */
export interface InMemoryToolContext {
  /** Aborted when the client cancels the request. */
  signal: AbortSignal;
  /** Sends a progress notification (when the client asked for progress). */
  reportProgress(progress: number, total?: number, message?: string): Promise<void>;
}

/** A tool served by {@link InMemoryMcpServer}: its MCP listing plus a handler. */
export interface InMemoryTool extends Omit<Tool, 'inputSchema'> {
  /** Default `{ type: 'object' }`. */
  inputSchema?: Tool['inputSchema'];
  /** A string becomes one text block; a throw becomes an `isError` result. Default: echoes the arguments as JSON. */
  handler?: (args: Record<string, unknown>, ctx: InMemoryToolContext) => CallToolResult | string | Promise<CallToolResult | string>;
}

/** Options of {@link createInMemoryMcpServer}. */
export interface InMemoryMcpServerOptions {
  /** Server name (default `memory`); also the default client name. */
  name?: string;
  tools?: InMemoryTool[];
}

/**
 * A real MCP server (the SDK's low-level `Server`) over the SDK's in-memory transport, for unit
 * tests: every {@link InMemoryMcpServer.transport} call opens a new session, so clients can
 * reconnect; tools can change at runtime (clients are sent `notifications/tools/list_changed`);
 * {@link InMemoryMcpServer.dropConnections} simulates a crash.
 */
export class InMemoryMcpServer {
  readonly name: string;
  /** How many `tools/call` requests reached a handler. */
  calls = 0;
  private toolList: InMemoryTool[];
  private readonly sessions = new Set<{ server: Server; transport: InMemoryTransport }>();

  constructor(options: InMemoryMcpServerOptions = {}) {
    this.name = options.name ?? 'memory';
    this.toolList = [...(options.tools ?? [])];
  }

  /** The tools served now. */
  get tools(): readonly InMemoryTool[] {
    return this.toolList;
  }

  /** Live sessions. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Replaces the tools and notifies every live session. */
  async setTools(tools: InMemoryTool[]): Promise<void> {
    this.toolList = [...tools];
    await Promise.all([...this.sessions].map(({ server }) => server.sendToolListChanged().catch(() => undefined)));
  }

  /** A fresh client-side transport connected to a new session of this server. */
  transport(): Transport {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = new Server({ name: this.name, version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.toolList.map(listing) }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.call(request.params, extra));
    const session = { server, transport: serverSide };
    this.sessions.add(session);
    server.onclose = () => this.sessions.delete(session);
    void server.connect(serverSide);
    return clientSide;
  }

  /** An {@link MCPClient} for this server (named after it unless `options.name` says otherwise). */
  client(options: Partial<MCPClientOptions> = {}): MCPClient {
    return new MCPClient({ name: this.name, target: `in-memory server '${this.name}'`, transport: () => this.transport(), ...options });
  }

  /** Closes every live session from the server side, as a crash would. */
  async dropConnections(): Promise<void> {
    await Promise.all([...this.sessions].map(({ transport }) => transport.close()));
  }

  private async call(
    params: { name: string; arguments?: Record<string, unknown>; _meta?: { progressToken?: string | number } },
    extra: { signal: AbortSignal; sendNotification: (n: { method: 'notifications/progress'; params: { progressToken: string | number; progress: number; total?: number; message?: string } }) => Promise<void> },
  ): Promise<CallToolResult> {
    const tool = this.toolList.find((t) => t.name === params.name);
    if (!tool) throw new McpError(JsonRpcCode.InvalidParams, `Tool ${params.name} not found`);
    this.calls++;
    const args = params.arguments ?? {};
    const token = params._meta?.progressToken;
    const ctx: InMemoryToolContext = {
      signal: extra.signal,
      reportProgress: (progress, total, message) =>
        token === undefined ? Promise.resolve() : extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } }),
    };
    try {
      const result = tool.handler ? await tool.handler(args, ctx) : JSON.stringify(args);
      return typeof result === 'string' ? { content: [{ type: 'text', text: result }] } : result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
    }
  }
}

function listing(tool: InMemoryTool): Tool {
  const { handler: _handler, ...rest } = tool;
  return { ...rest, inputSchema: tool.inputSchema ?? { type: 'object' } };
}

/** A new {@link InMemoryMcpServer}. */
export function createInMemoryMcpServer(options: InMemoryMcpServerOptions = {}): InMemoryMcpServer {
  return new InMemoryMcpServer(options);
}
