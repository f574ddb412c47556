import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressReport } from '@toolwright/sdk';
import { CLI_VERSION } from '../version.js';
import { toCallToolResult } from './call-tool-result.js';
import type { ServedToolset } from './served-toolset.js';

/** Options of {@link createToolServer}. */
export interface ToolServerOptions {
  /** Server name announced at initialization (default `toolwright`). */
  name?: string;
  /** Server version (default: the CLI's). */
  version?: string;
}

/**
 * One MCP server session over a toolset, with the SDK's low-level `Server` (the tools carry JSON
 * Schema, which `McpServer.registerTool` cannot take). `tools/list` returns each tool's
 * `toMcpTool()` descriptor; `tools/call` runs the call through the toolset, forwards progress when
 * the client sent a progress token and the client's cancellation as the call's abort signal;
 * a change of the toolset is announced with `notifications/tools/list_changed`.
 * Create one per connection (a `Server` speaks over one transport).
 */
export function createToolServer(toolset: ServedToolset, options: ToolServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? 'toolwright', version: options.version ?? CLI_VERSION },
    { capabilities: { tools: { listChanged: true } } },
  );
  let listing: ListToolsResult | undefined;

  server.setRequestHandler(ListToolsRequestSchema, () => {
    listing ??= { tools: toolset.tools().map((tool) => tool.toMcpTool() as Tool) };
    return listing;
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    const progressToken = request.params._meta?.progressToken;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (report: ProgressReport): void => {
            const params: { progressToken: string | number; progress: number; total?: number; message?: string } = { progressToken, progress: report.progress };
            if (report.total !== undefined) params.total = report.total;
            if (report.message !== undefined) params.message = report.message;
            extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
          };
    const observation = await toolset.call(name, args, { signal: extra.signal, onProgress, toolCallId: `mcp-${String(extra.requestId)}` });
    return toCallToolResult(observation, toolset.tool(name));
  });

  const unsubscribe = toolset.onToolsChanged(() => {
    listing = undefined;
    if (server.transport) server.sendToolListChanged().catch(() => undefined);
  });
  const previous = server.onclose;
  server.onclose = () => {
    unsubscribe();
    previous?.();
  };
  return server;
}
