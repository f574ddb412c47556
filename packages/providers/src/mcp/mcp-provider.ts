import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { McpEndpoint, RegisteredToolGroup } from '../runtime/tool-group.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import { resultFromMcp } from './result-from-mcp.js';
import { checkOptions } from '../runtime/check-arguments.js';

/** Options of {@link McpProvider}. */
export interface McpProviderOptions {
  /** Connect plus first listing, in ms (default 30 s). */
  connectTimeoutMs?: number;
  /** Each call, in ms (default 300 s). */
  callTimeoutMs?: number;
  /** Makes the transport for a group instead of HTTP (tests: the SDK's in-memory transport). */
  transportFor?: (group: RegisteredToolGroup) => Transport | Promise<Transport>;
}

interface Connection {
  client: MCPClient;
  /** The last HTTP status that said the credentials are missing or wrong (401/403). */
  authStatus?: number;
}

/** The provider id of MCP groups. */
export const MCP_PROVIDER_ID = 'model-context-protocol';

/**
 * Groups served by MCP servers (`providerId: 'model-context-protocol'`, with `mcpEndpoint`), over
 * the SDK's `MCPClient` (one connection per group, opened on first listing, reconnected on a
 * drop). Each tool's `metadata` is `{ endpoint }`. Results keep every content block; an `isError`
 * result has `errorCode` 1 and `errorMessage` set. HTTP 401/403 is `AUTH_REQUIRED`.
 */
export class McpProvider implements ToolGroupProvider {
  readonly id = MCP_PROVIDER_ID;
  private readonly connections = new Map<string, Connection>();
  private readonly changeListeners: ((toolgroupId: string) => void)[] = [];

  constructor(private readonly options: McpProviderOptions = {}) {
    checkOptions('new McpProvider(options?)', options, { connectTimeoutMs: 'positive number', callTimeoutMs: 'positive number', transportFor: 'function' });
  }

  checkGroup(group: RegisteredToolGroup): void {
    const endpoint = group.mcpEndpoint;
    const fail = (problem: string): never => {
      throw new ToolwrightError({
        code: ErrorCode.MCP_CONFIG,
        message: `Tool group '${group.toolgroupId}' (provider '${MCP_PROVIDER_ID}'): ${problem}`,
        details: { toolgroupId: group.toolgroupId },
      });
    };
    if (!endpoint) return fail("needs an mcpEndpoint, the MCP server's URL (e.g. 'http://127.0.0.1:8000/mcp').");
    let url: URL | undefined;
    try {
      url = new URL(endpoint.uri);
    } catch {
      fail(`mcpEndpoint ${JSON.stringify(endpoint.uri)} is not a valid URL; expected an absolute http(s) URL.`);
    }
    if (url!.protocol !== 'http:' && url!.protocol !== 'https:') fail(`mcpEndpoint ${JSON.stringify(endpoint.uri)} uses ${url!.protocol.replace(/:$/, '')}; expected http or https.`);
    for (const name of Object.keys(endpoint.headers ?? {})) {
      if (name.toLowerCase() === 'authorization') fail("mcpEndpoint.headers must not contain 'Authorization'; give the token as mcpEndpoint.authorization (sent as a Bearer token, never logged).");
    }
  }

  async listTools(group: RegisteredToolGroup): Promise<ProvidedToolDef[]> {
    const connection = await this.connection(group);
    let tools;
    try {
      tools = await connection.client.connect();
    } catch (error) {
      throw this.authError(group, connection, error) ?? error;
    }
    const metadata = Object.freeze({ endpoint: group.mcpEndpoint?.uri ?? 'in-memory' });
    return tools.map((tool) => {
      const def: { -readonly [K in keyof ProvidedToolDef]: ProvidedToolDef[K] } = {
        name: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema as ProvidedToolDef['inputSchema'],
        metadata,
      };
      if (tool.outputSchema) def.outputSchema = tool.outputSchema as ProvidedToolDef['inputSchema'];
      if (tool.annotations) def.annotations = tool.annotations;
      return def;
    });
  }

  async invoke(tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): Promise<ToolInvocationResult> {
    const connection = await this.connection(ctx.group);
    try {
      return resultFromMcp(tool.name, await connection.client.callTool(tool.name, kwargs, { signal: ctx.signal }));
    } catch (error) {
      throw this.authError(ctx.group, connection, error) ?? error;
    }
  }

  onToolsChanged(listener: (toolgroupId: string) => void): void {
    this.changeListeners.push(listener);
  }

  async releaseGroup(group: RegisteredToolGroup): Promise<void> {
    const connection = this.connections.get(group.toolgroupId);
    this.connections.delete(group.toolgroupId);
    await connection?.client.close();
  }

  async close(): Promise<void> {
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(all.map((c) => c.client.close()));
  }

  private async connection(group: RegisteredToolGroup): Promise<Connection> {
    const existing = this.connections.get(group.toolgroupId);
    if (existing) return existing;
    const { MCPClient } = await import('@toolwright/sdk/mcp');
    const raced = this.connections.get(group.toolgroupId);
    if (raced) return raced;
    const connection = {} as Connection;
    const endpoint = group.mcpEndpoint;
    connection.client = new MCPClient({
      name: group.toolgroupId,
      target: endpoint?.uri ?? 'custom transport',
      transport: this.options.transportFor ? () => this.options.transportFor!(group) : () => httpTransport(endpoint!, connection),
      connectTimeoutMs: this.options.connectTimeoutMs,
      callTimeoutMs: this.options.callTimeoutMs,
    });
    // Every listing after a connect, and every list_changed refresh: the runtime re-reads the
    // client's list (no request) on next need. One during the group's first listing is harmless.
    connection.client.onToolsChanged(() => {
      for (const listener of this.changeListeners) listener(group.toolgroupId);
    });
    this.connections.set(group.toolgroupId, connection);
    return connection;
  }

  private authError(group: RegisteredToolGroup, connection: Connection, error: unknown): ToolwrightError | undefined {
    const status = connection.authStatus;
    if (status === undefined) return undefined;
    connection.authStatus = undefined;
    const has = group.mcpEndpoint?.authorization !== undefined;
    return new ToolwrightError({
      code: ErrorCode.AUTH_REQUIRED,
      message: `MCP server of tool group '${group.toolgroupId}' (${group.mcpEndpoint?.uri ?? ''}) answered HTTP ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}: ${has ? 'the token in mcpEndpoint.authorization was rejected' : 'it needs a token; set mcpEndpoint.authorization'}.`,
      details: { toolgroupId: group.toolgroupId, status },
      cause: error,
    });
  }
}

async function httpTransport(endpoint: McpEndpoint, connection: Connection): Promise<Transport> {
  const headers: Record<string, string> = { ...endpoint.headers };
  if (endpoint.authorization !== undefined) headers.Authorization = `Bearer ${endpoint.authorization}`;
  const watched = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    if (response.status === 401 || response.status === 403) connection.authStatus = response.status;
    return response;
  };
  const url = new URL(endpoint.uri);
  // Each request gets a signal of its own: the transport's one signal would collect a listener per request.
  const { fetchWithRequestSignals } = await import('@toolwright/sdk/mcp');
  const post = fetchWithRequestSignals(watched);
  if (endpoint.transport === 'sse') {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    const eventSourceInit = { fetch: (u: string | URL, i?: RequestInit) => watched(u, { ...i, headers: { ...headers, ...(i?.headers as Record<string, string>) } }) };
    return new SSEClientTransport(url, { requestInit: { headers }, eventSourceInit, fetch: post });
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: post });
}
