import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ListToolsResult, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { setCallScope } from '../mcp/mcp-caller-router.js';
import type { Observation } from '../tool/observation.js';
import type { ProgressReport } from '../tool/tool-context.js';
import { toCallToolResult } from './call-tool-result.js';
import { JsonRpcError } from './json-rpc-error.js';
import type { McpExtensionSession, McpServerExtension } from './mcp-server-extension.js';
import { COMPOSED_SCHEMAS } from './native-catalog.js';
import type { NativeCatalog } from './native-catalog.js';
import { toolCallParams } from './tool-call-params.js';
import { withRemoteTraceContext } from '../telemetry/remote-trace-parent.js';
import type { ServedCallOptions, ServedToolset } from './served-tools.js';
import { ClientLogLevelSetting, servedClientHandlers } from './served-client.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';

/** Least time between the last progress notification of a call and its result. */
const PROGRESS_GAP_MS = 5;

/** The version a server announces when none is given. */
export const DEFAULT_SERVER_VERSION = '0.1.0';

/** Options of {@link createToolServer}. */
export interface ToolServerOptions {
  /** Server name announced at initialization (default `toolwright`). */
  name?: string;
  /** Server version (default {@link DEFAULT_SERVER_VERSION}). */
  version?: string;
  /** Instructions for the client's model, sent in the initialize result. */
  instructions?: string;
  /**
   * No session (stateless HTTP): nothing can reach the client outside a request, so no resource
   * subscriptions and no prompt/resource list changes are offered.
   */
  stateless?: boolean;
  /** The server's own prompts, resources and templates. */
  catalog?: NativeCatalog;
  /** What is served beside them (the CLI's proxy of upstream MCP servers). */
  extension?: McpServerExtension;
  /** Per-call metadata from the request's HTTP headers (undefined over stdio), passed to the toolset's call. */
  callMetadata?: (headers: Record<string, string | string[] | undefined> | undefined) => Record<string, unknown> | undefined;
}

/**
 * One MCP server session over a toolset, with the SDK's low-level `Server` (the tools carry JSON
 * Schema, which `McpServer.registerTool` cannot take). `tools/list` returns each tool's
 * `toMcpTool()` descriptor; `tools/call` runs the call through the toolset, forwards progress when
 * the client sent a progress token and the client's cancellation as the call's abort signal;
 * a change of the toolset is announced with `notifications/tools/list_changed`. The native
 * catalog's prompts, resources (with subscriptions) and completions are served next to what the
 * extension offers (`toolwright serve`: its upstreams' prompts, resources and notifications). It
 * declares exactly what it can honour: tools, logging, and what the catalog and extension offer.
 * Create one per connection (a `Server` speaks over one transport).
 */
export function createToolServer(toolset: ServedToolset, options: ToolServerOptions = {}): Server {
  // Exactly what this server honours: tools, logging (a tool's `ctx.log` and the upstreams' logs,
  // filtered by `logging/setLevel`), and what the catalog and the extension offer.
  const sessionless = options.stateless === true;
  const capabilities: ServerCapabilities = { tools: { listChanged: true }, logging: {} };
  const catalog = options.catalog && !options.catalog.empty ? options.catalog : undefined;
  const own = catalog?.capabilities(sessionless) ?? {};
  const extensionCaps: ServerCapabilities = options.extension?.capabilities(sessionless) ?? {};
  Object.assign(capabilities, mergeCapabilities(own, extensionCaps));
  const info = { name: options.name ?? 'toolwright', version: options.version ?? DEFAULT_SERVER_VERSION };
  // The SDK's own validator (for `server.elicitInput`), made on first use instead of with the server.
  const jsonSchemaValidator = lazyJsonSchemaValidator();
  const server = new Server(info, options.instructions === undefined ? { capabilities, jsonSchemaValidator } : { capabilities, instructions: options.instructions, jsonSchemaValidator });
  let listing: ListToolsResult | undefined;
  const logLevel = new ClientLogLevelSetting();
  // The extension's handlers for what the catalog also serves become the catalog's fallbacks.
  const fallbacks = new Map<unknown, Parameters<Server['setRequestHandler']>[1]>();
  let extension: McpExtensionSession | undefined;
  if (options.extension) {
    const register = server.setRequestHandler.bind(server);
    if (catalog) {
      server.setRequestHandler = ((schema, handler) => {
        if (COMPOSED_SCHEMAS.includes(schema)) fallbacks.set(schema, handler);
        else register(schema, handler);
      }) as Server['setRequestHandler'];
    }
    try {
      extension = options.extension.install(server, { capabilities: extensionCaps, logLevel });
    } finally {
      server.setRequestHandler = register;
    }
  }
  const endCatalog = catalog?.install(server, capabilities, fallbacks as unknown as ReadonlyMap<unknown, never>);
  // E.g. upstreams of this client alone declare sampling/elicitation as it did (reconnected if that changes).
  let following: Promise<void> | undefined;
  if (extension?.onInitialized) {
    const onInitialized = extension.onInitialized.bind(extension);
    server.oninitialized = () => {
      const started = onInitialized(server.getClientCapabilities() ?? {});
      following = started;
      // Once done, calls need not wait for it (a failure stays, for every call to report).
      void started.then(() => {
        if (following === started) following = undefined;
      }, () => undefined);
    };
  }

  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    // The SDK's schema already refused a level MCP does not define (-32602).
    logLevel.set(request.params.level);
    await extension?.setLogLevel?.(request.params.level);
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
    let sending: Promise<unknown> | undefined;
    let lastProgressAt = 0;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (report: ProgressReport): void => {
            const params: { progressToken: string | number; progress: number; total?: number; message?: string } = { progressToken, progress: report.progress };
            if (report.total !== undefined) params.total = report.total;
            if (report.message !== undefined) params.message = report.message;
            const sent = extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
            sending = sending ? Promise.all([sending, sent]) : sent;
            lastProgressAt = Date.now();
          };
    // The tool's ctx.log/sample/elicit, as far as the client declared them; elicitation also
    // serves the policy's approvals.
    const client = servedClientHandlers(server, extra, name, logLevel);
    const metadata = options.callMetadata?.(extra.requestInfo?.headers);
    // An upstream's logs during this call go with it (on its stream, to this session only).
    // Calls of this session may share an upstream's requests; calls of two sessions may not.
    setCallScope(client, server);
    const untrack = extension?.track?.(client, (notification) => extra.sendNotification(notification));
    let observation: Observation;
    try {
      // Under the trace context the client sent (_meta.traceparent): the call's spans join its trace.
      const callOptions: ServedCallOptions = { signal: extra.signal, onProgress, toolCallId: `mcp-${String(extra.requestId)}`, client };
      if (metadata) callOptions.metadata = metadata;
      observation = await withRemoteTraceContext(params._meta, () => toolset.call(name, args, callOptions));
    } finally {
      untrack?.();
    }
    if (sending) await sending;
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
    extension?.end();
    endCatalog?.();
    previous?.();
  };
  return server;
}

/** The catalog's and the extension's capabilities together: a capability either offers, with the options either sets. */
function mergeCapabilities(a: ServerCapabilities, b: ServerCapabilities): ServerCapabilities {
  const merged: ServerCapabilities = {};
  for (const key of ['prompts', 'resources', 'completions'] as const) {
    if (a[key] === undefined && b[key] === undefined) continue;
    const both = { ...(a[key] as object | undefined), ...(b[key] as object | undefined) } as Record<string, unknown>;
    for (const option of Object.keys(both)) both[option] = (a[key] as Record<string, unknown> | undefined)?.[option] === true || (b[key] as Record<string, unknown> | undefined)?.[option] === true;
    (merged as Record<string, unknown>)[key] = both;
  }
  return merged;
}
