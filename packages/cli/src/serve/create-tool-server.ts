import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitRequest, ElicitResult, ProgressReport } from '@toolwright/sdk';
import { CLI_VERSION } from '../version.js';
import { toCallToolResult } from './call-tool-result.js';
import type { ServedToolset } from './served-toolset.js';

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
    // A client that declares elicitation can be asked to approve a call (the policy's `serve` approvals).
    const client = server.getClientCapabilities()?.elicitation ? { elicit: (req: ElicitRequest) => server.elicitInput(req as Parameters<Server['elicitInput']>[0], { signal: extra.signal }) as Promise<ElicitResult> } : undefined;
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
