import type { MCPToolDefinition, McpToolset } from '@toolwright/sdk/mcp';
import { ClientToolExecutor } from '../client/client-tool-executor.js';
import { resolveAgentToolGroups } from '../runtime/resolve-agent-tool-groups.js';
import { GroupToolExecutor } from './group-tool-executor.js';
import type { ToolGroupRuntime } from '../runtime/tool-group-runtime.js';
import { createToolGroupsMcpServer } from './tool-groups-mcp-server.js';

/** Options of {@link createToolGroupToolset}. */
export interface ToolGroupToolsetOptions {
  /** The agent's `toolgroups` (`['builtin::websearch', 'mcp::docs/search']`). */
  toolgroups: readonly string[];
  /** Provider data (credentials) for every call of these tools. */
  providerData?: Readonly<Record<string, unknown>>;
  /** The toolset's server name in messages (default `toolgroups`). */
  name?: string;
}

/**
 * An agent's `toolgroups` as Toolwright tools (`MCPToolDefinition`s, ready for a registry or an
 * agent's tools map), listed in process through the SDK's in-memory MCP transport: the model gets
 * the same schemas, validation and error Observations as for any MCP tool. The references are
 * checked first (did-you-mean errors, clashes). Each call runs `runtime.invokeTool` directly
 * ({@link GroupToolExecutor}), with `options.providerData` and, merged over it, the call's
 * `metadata.providerData` (per-request credentials; `serve --http` takes them from the
 * `X-Toolwright-Provider-Data` header). Client tools get a {@link ClientToolExecutor}: a call to
 * one ends pending in the Agent until `resumeClientTools` brings the client's result.
 */
export async function createToolGroupToolset(runtime: ToolGroupRuntime, options: ToolGroupToolsetOptions): Promise<McpToolset> {
  const defs = await resolveAgentToolGroups(runtime, options.toolgroups, { providerData: options.providerData });
  const clientGroups = new Map(defs.filter((def) => def.metadata?.client === true).map((def) => [def.name, def.toolgroupId]));
  const [{ InMemoryTransport }, { MCPClient, MCPToolObservation, createMcpToolsFromClients }] = await Promise.all([import('@modelcontextprotocol/sdk/inMemory.js'), import('@toolwright/sdk/mcp')]);
  const client = new MCPClient({
    name: options.name ?? 'toolgroups',
    target: `tool groups ${options.toolgroups.join(', ')}`,
    transport: async () => {
      const server = await createToolGroupsMcpServer(runtime, { toolgroups: options.toolgroups, providerData: options.providerData, clientTools: clientGroups.size > 0 });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return clientSide;
    },
  });
  const toolset = await createMcpToolsFromClients([client]);
  // The toolset's list is live (a server's list_changed replaces it): map it on each read, one copy per listed tool.
  // Calls skip the in-memory MCP hop: a group tool runs runtime.invokeTool with the call's provider data, a client tool pends.
  const copies = new WeakMap<MCPToolDefinition, MCPToolDefinition>();
  const groupOf = new Map(defs.map((def) => [def.name, def.toolgroupId]));
  const withExecutor = (tool: MCPToolDefinition): MCPToolDefinition => {
    let copy = copies.get(tool);
    if (copy) return copy;
    const clientGroup = clientGroups.get(tool.mcpName);
    const toolgroupId = groupOf.get(tool.mcpName);
    if (clientGroup !== undefined) copy = tool.withExecutor(new ClientToolExecutor(tool.name, clientGroup, MCPToolObservation));
    else if (toolgroupId !== undefined) {
      copy = tool.withExecutor(new GroupToolExecutor(runtime, toolgroupId, tool.mcpName, tool, options.providerData));
      // The group's own concurrency, as an MCP server's (its annotations are honoured either way).
      const concurrency = runtime.getToolGroup(toolgroupId).concurrency;
      if (concurrency !== undefined) copy = copy.withConcurrency(concurrency);
    } else return tool;
    copies.set(tool, copy);
    return copy;
  };
  return {
    get tools() {
      return toolset.tools.map(withExecutor);
    },
    serverNames: toolset.serverNames,
    clients: toolset.clients,
    get skippedTools() {
      return toolset.skippedTools;
    },
    close: () => toolset.close(),
  };
}
