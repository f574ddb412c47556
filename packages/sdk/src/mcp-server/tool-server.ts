import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ListToolsResult, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Observation, ProgressReport } from '@toolwright/sdk';
import { CLI_VERSION } from '../version.js';
import { toCallToolResult } from './call-tool-result.js';
import { JsonRpcError } from './json-rpc-error.js';
import { toolCallParams } from './tool-call-params.js';
import type { ServedToolset } from './served-toolset.js';
import { ClientLogLevelSetting, servedClientHandlers } from './served-client.js';
import { installProxy } from './proxy/install-proxy.js';
import { setCallScope } from '@toolwright/sdk/mcp';
import { proxyCapabilities } from './proxy/proxy-capabilities.js';

/** Least time between the last progress notification of a call and its result. */
const PROGRESS_GAP_MS = 5;

/** Options of {@link createToolServer}. */
export interface ToolServerOptions {
  /** Server name announced at initialization (default `toolwright`). */
  name?: string;
  /** Server version (default: the CLI's). */
  version?: string;
  /**
   * No session (`serve --http --stateless`): nothing can reach the client outside a request, so
   * the proxy offers no resource subscriptions and announces no prompt/resource list changes.
   */
  stateless?: boolean;
  /** Per-call metadata from the request's HTTP headers (undefined over stdio), passed to the toolset's call. */
  callMetadata?: (headers: Record<string, string | string[] | undefined> | undefined) => Record<string, unknown> | undefined;
}

/**
 * One MCP server session over a toolset, with the SDK's low-level `Server` (the tools carry JSON
 * Schema, which `McpServer.registerTool` cannot take). `tools/list` returns each tool's
 * `toMcpTool()` descriptor; `tools/call` runs the call through the toolset, forwards progress when
 * the client sent a progress token and the client's cancellation as the call's abort signal;
 * a change of the toolset is announced with `notifications/tools/list_changed`. When the toolset
 * proxies MCP servers (`upstreams`), the session also offers their prompts, resources and
 * completions and passes on their notifications (see `installProxy`); it declares exactly what it
 * can honour: tools, logging, and of those only what some upstream offers.
 * Create one per connection (a `Server` speaks over one transport).
 */
export function createToolServer(toolset: ServedToolset, options: ToolServerOptions = {}): Server {
  // Exactly what this server honours: tools, logging (a tool's `ctx.log` and the upstreams' logs,
  // filtered by `logging/setLevel`), and what the upstreams offer.
  const capabilities: ServerCapabilities = { tools: { listChanged: true }, logging: {} };
  if (toolset.upstreams) Object.assign(capabilities, proxyCapabilities(toolset.upstreams.clients(), options.stateless === true));
  const server = new Server({ name: options.name ?? 'toolwright', version: options.version ?? CLI_VERSION }, { capabilities });
  let listing: ListToolsResult | undefined;
  const logLevel = new ClientLogLevelSetting();
  const proxy = toolset.upstreams ? installProxy(server, toolset.upstreams, capabilities, logLevel) : undefined;
  // Upstreams of this client alone declare sampling/elicitation as it did (reconnected if that changes).
  let following: Promise<void> | undefined;
  const upstreams = toolset.upstreams;
  if (upstreams?.servesOneClient) server.oninitialized = () => void (following = upstreams.follow(server.getClientCapabilities() ?? {}));

  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    // The SDK's schema already refused a level MCP does not define (-32602).
    logLevel.set(request.params.level);
    await toolset.upstreams?.setLogLevel(request.params.level);
    return {};
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (following) await following;
    listing ??= { tools: toolset.tools().map((tool) => tool.toMcpTool() as Tool) };
    return listing;
  });

  // tools/call is answered through the fallback handler so that a malformed request gets a
  // one-line -32602 (see toolCallParams) instead of the SDK's -32603 with its schema issue dump.
  server.fallbackRequestHandler = async (request, extra): Promise<CallToolResult> => {
    if (request.method !== 'tools/call') throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found');
    const params = toolCallParams(request);
    const { name, arguments: args = {} } = params;
    if (following) await following;
    const progressToken = params._meta?.progressToken;
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
    const metadata = options.callMetadata?.(extra.requestInfo?.headers);
    // An upstream's logs during this call go with it (on its stream, to this session only).
    // Calls of this session may share an upstream's requests; calls of two sessions may not.
    setCallScope(client, server);
    const untrack = proxy?.track(client, (notification) => extra.sendNotification(notification));
    let observation: Observation;
    try {
      observation = await toolset.call(name, args, { signal: extra.signal, onProgress, toolCallId: `mcp-${String(extra.requestId)}`, client, ...(metadata ? { metadata } : {}) });
    } finally {
      untrack?.();
    }
    await sending;
    // The SDK's client handles notifications a microtask later than responses: a progress
    // notification read in the same chunk as the result is dropped. A few ms apart, it is not.
    const sinceProgress = Date.now() - lastProgressAt;
    if (sinceProgress < PROGRESS_GAP_MS) await new Promise((resolve) => setTimeout(resolve, PROGRESS_GAP_MS - sinceProgress));
    return toCallToolResult(observation, toolset.tool(name));
  };

  const unsubscribe = toolset.onToolsChanged(() => {
    listing = undefined;
    if (server.transport) server.sendToolListChanged().catch(() => undefined);
  });
  const previous = server.onclose;
  server.onclose = () => {
    unsubscribe();
    proxy?.end();
    previous?.();
  };
  return server;
}
