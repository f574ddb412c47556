import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressReport } from '@toolwright/sdk';
import { CLI_VERSION } from '../version.js';
import { toCallToolResult } from './call-tool-result.js';
import type { ServedToolset } from './served-toolset.js';
import { ClientLogLevelSetting, servedClientHandlers } from './served-client.js';

/** Least time between the last progress notification of a call and its result. */
const PROGRESS_GAP_MS = 5;

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
    // Exactly what this server honours: tools, and logging (a tool's `ctx.log`, filtered by `logging/setLevel`).
    { capabilities: { tools: { listChanged: true }, logging: {} } },
  );
  let listing: ListToolsResult | undefined;
  const logLevel = new ClientLogLevelSetting();

  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    // The SDK's schema already refused a level MCP does not define (-32602).
    logLevel.set(request.params.level);
    return {};
  });

  server.setRequestHandler(ListToolsRequestSchema, () => {
    listing ??= { tools: toolset.tools().map((tool) => tool.toMcpTool() as Tool) };
    return listing;
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    const progressToken = request.params._meta?.progressToken;
    // Progress sent but not yet written: the result must not overtake it (the client drops
    // progress that arrives after the response).
    let sending: Promise<unknown> = Promise.resolve();
    let lastProgressAt = 0;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (report: ProgressReport): void => {
            const params: { progressToken: string | number; progress: number; total?: number; message?: string } = { progressToken, progress: report.progress };
            if (report.total !== undefined) params.total = report.total;
            if (report.message !== undefined) params.message = report.message;
            const sent = extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
            sending = Promise.all([sending, sent]);
            lastProgressAt = Date.now();
          };
    // The tool's ctx.log/sample/elicit, as far as the client declared them; elicitation also
    // serves the policy's approvals.
    const client = servedClientHandlers(server, extra, name, logLevel);
    const observation = await toolset.call(name, args, { signal: extra.signal, onProgress, toolCallId: `mcp-${String(extra.requestId)}`, client });
    await sending;
    // The SDK's client handles notifications a microtask later than responses: a progress
    // notification read in the same chunk as the result is dropped. A few ms apart, it is not.
    const sinceProgress = Date.now() - lastProgressAt;
    if (sinceProgress < PROGRESS_GAP_MS) await new Promise((resolve) => setTimeout(resolve, PROGRESS_GAP_MS - sinceProgress));
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
