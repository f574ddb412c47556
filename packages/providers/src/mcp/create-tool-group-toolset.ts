import type { McpToolset } from '@toolwright/sdk/mcp';
import { resolveAgentToolGroups } from '../runtime/resolve-agent-tool-groups.js';
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
 * agent's tools map), linked in process to the runtime through the SDK's in-memory MCP transport:
 * the model gets the same schemas, validation and error Observations as for any MCP tool, and
 * the runtime does the work. The references are checked first (did-you-mean errors, clashes).
 * Client tools are not included (their calls need the agent to pause for the caller).
 */
export async function createToolGroupToolset(runtime: ToolGroupRuntime, options: ToolGroupToolsetOptions): Promise<McpToolset> {
  await resolveAgentToolGroups(runtime, options.toolgroups, { providerData: options.providerData });
  const [{ InMemoryTransport }, { MCPClient, createMcpToolsFromClients }] = await Promise.all([import('@modelcontextprotocol/sdk/inMemory.js'), import('@toolwright/sdk/mcp')]);
  const client = new MCPClient({
    name: options.name ?? 'toolgroups',
    target: `tool groups ${options.toolgroups.join(', ')}`,
    transport: async () => {
      const server = await createToolGroupsMcpServer(runtime, { toolgroups: options.toolgroups, providerData: options.providerData });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return clientSide;
    },
  });
  return createMcpToolsFromClients([client]);
}
