import { Agent } from '@toolwright/sdk';
import type { AgentOptions, ClientHandlers, McpServerConfig } from '@toolwright/sdk';
import type { CreateMcpToolsOptions, McpToolset } from '@toolwright/sdk/mcp';
import { UpstreamDirectory } from './upstream-directory.js';

const outsideCall = (what: string) => (): Promise<never> =>
  Promise.reject(new Error(`toolwright serve forwards ${what} to its client only while a tool call of this server is in progress.`));

/** Outside calls, an upstream's sampling and elicitation requests have no downstream client to go to. */
const OUTSIDE_CALL: ClientHandlers = { sample: outsideCall('sampling/createMessage'), elicit: outsideCall('elicitation/create') };

/**
 * Each server's config with sampling and elicitation offered as "the host" (`true`), unless the
 * spec configured them: during a proxied call, the server's requests then go to the call's
 * downstream client (see `McpClientCapabilities.fromCaller`).
 */
function forwardingCapabilities(servers: Record<string, McpServerConfig>, directory: UpstreamDirectory): Record<string, McpServerConfig> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, config]) => {
      const own = config.capabilities ?? {};
      directory.forwards(name, { sampling: own.sampling === undefined, elicitation: own.elicitation === undefined });
      return [name, { ...config, capabilities: { ...own, sampling: own.sampling ?? true, elicitation: own.elicitation ?? true } }];
    }),
  );
}

/**
 * The Agent behind `toolwright serve`: it connects the spec's MCP servers as any Agent does,
 * offering them sampling and elicitation on behalf of the downstream client, and keeps their
 * clients in {@link ProxyAgent.upstreams} for the proxy's prompts, resources, completions and
 * notifications.
 */
export class ProxyAgent extends Agent {
  /** The connected upstream servers. */
  readonly upstreams = new UpstreamDirectory();

  constructor(options: AgentOptions) {
    super(options);
  }

  protected override async connectMcpServers(servers: Record<string, McpServerConfig>, options: CreateMcpToolsOptions): Promise<McpToolset> {
    const clientHandlers: ClientHandlers = { ...OUTSIDE_CALL, ...options.clientHandlers };
    const toolset = await super.connectMcpServers(forwardingCapabilities(servers, this.upstreams), { ...options, clientHandlers });
    this.upstreams.adopt(toolset);
    return toolset;
  }
}
