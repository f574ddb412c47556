import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { textContent } from '@toolwright/sdk';
import { resultFromError } from '../runtime/invocation-error.js';
import { parseProviderData, PROVIDER_DATA_HEADER, redactedProviderData } from '../runtime/provider-data.js';
import { resolveAgentToolGroups } from '../runtime/resolve-agent-tool-groups.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { ToolGroupRuntime } from '../runtime/tool-group-runtime.js';
import { callToolResultOf } from './call-tool-result-of.js';

/** Options of {@link createToolGroupsMcpServer}. */
export interface ToolGroupsMcpServerOptions {
  /** Server name (default `toolwright-toolgroups`). */
  name?: string;
  version?: string;
  /** Only these groups / `group/tool` references (default: every group's tools). */
  toolgroups?: readonly string[];
  /** Provider data for every call; over HTTP the request's `X-Toolwright-Provider-Data` header is merged over it. */
  providerData?: Readonly<Record<string, unknown>>;
  /** @internal List client tools too (for {@link createToolGroupToolset}, which gives them a pausing executor); their calls here only say they run on the client. */
  clientTools?: boolean;
}

/**
 * An MCP server (the SDK's low-level `Server`; connect it to any transport) exposing a runtime's
 * group tools: `tools/list` lists them (client tools left out: MCP cannot pause a call for the
 * caller), `tools/call` runs `invokeTool` and answers with every content block, the
 * `structuredContent`, and `isError` for a failure. Over HTTP, per-request credentials come from
 * the `X-Toolwright-Provider-Data` header; it is parsed per request and never logged or echoed.
 */
export async function createToolGroupsMcpServer(runtime: ToolGroupRuntime, options: ToolGroupsMcpServerOptions = {}): Promise<Server> {
  // Loaded here, so that the package's root entry does not load the MCP server SDK.
  const [{ Server }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([import('@modelcontextprotocol/sdk/server/index.js'), import('@modelcontextprotocol/sdk/types.js')]);
  const server = new Server({ name: options.name ?? 'toolwright-toolgroups', version: options.version ?? '0.1.0' }, { capabilities: { tools: {} } });
  const tools = async (providerData: Readonly<Record<string, unknown>>): Promise<ToolDef[]> => {
    const defs = options.toolgroups ? await resolveAgentToolGroups(runtime, options.toolgroups, { providerData }) : await runtime.listTools({ providerData });
    return options.clientTools ? defs : defs.filter((def) => def.metadata?.client !== true);
  };
  const dataOf = (headers: Record<string, string | string[] | undefined> | undefined): Readonly<Record<string, unknown>> =>
    redactedProviderData({ ...options.providerData, ...parseProviderData(headers?.[PROVIDER_DATA_HEADER]) });
  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => ({
    tools: (await tools(dataOf(extra.requestInfo?.headers))).map(toMcpTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    let providerData: Readonly<Record<string, unknown>>;
    try {
      providerData = dataOf(extra.requestInfo?.headers);
    } catch (error) {
      return callToolResultOf(resultFromError(error, request.params.name));
    }
    const name = request.params.name;
    const allowed = await tools(providerData);
    const def = allowed.find((d) => d.name === name);
    if (!def) {
      const message = `Tool '${name}' is not served here. Available: ${allowed.map((d) => d.name).join(', ') || '(none)'}.`;
      return { content: [textContent(message)], isError: true };
    }
    const result = await runtime.invokeTool(`${def.toolgroupId}/${def.name}`, request.params.arguments ?? {}, { providerData, signal: extra.signal });
    return callToolResultOf(result);
  });
  return server;
}

function toMcpTool(def: ToolDef): Tool {
  const tool: Tool = { name: def.name, description: def.description, inputSchema: def.inputSchema as Tool['inputSchema'] };
  if (def.outputSchema) tool.outputSchema = def.outputSchema as Tool['outputSchema'];
  if (def.annotations) tool.annotations = def.annotations;
  return tool;
}
