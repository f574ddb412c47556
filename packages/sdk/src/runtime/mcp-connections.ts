import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { CreateMcpToolsOptions, McpToolset } from '../mcp/mcp-toolset.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';
import { maskedError } from '../secrets/masked-error.js';

/** How one configured MCP server stands, as `agent.status()` and `agent.onServerStatus` report it. */
export interface McpServerStatus {
  /** The server's name in `mcpServers`. */
  name: string;
  /** `connected`: its tools are in the tools map; `failed`: it could not be reached, its tools are absent. */
  state: 'connected' | 'failed';
  /** True when the server was declared `required: true` (its failure aborts `initialize`). */
  required: boolean;
  /** The tools it gives the agent now (Toolwright names); empty when failed. */
  tools: string[];
  /** Why it failed (the connection error's code and message); absent when connected. */
  error?: { code: string; message: string };
  /** ISO 8601 time of this state. */
  since: string;
}

/** Connects a set of servers into one toolset (the Agent's `connectMcpServers` seam). */
export type ConnectMcpServers = (servers: Record<string, McpServerConfig>, options: CreateMcpToolsOptions) => Promise<McpToolset>;

const pick = (servers: Record<string, McpServerConfig>, names: readonly string[]): Record<string, McpServerConfig> =>
  Object.fromEntries(names.map((name) => [name, servers[name]!]));

/** Only an unreachable server is tolerated; a configuration mistake always aborts. */
const unreachable = (error: unknown): boolean => ToolwrightError.isInstance(error) && error.code === ErrorCode.MCP_CONNECTION;

/**
 * The agent's MCP connections, per server: servers are connected together (one naming pass), and
 * when one that is not `required` cannot be reached, the others still connect and that one is
 * recorded as failed (its tools absent) until {@link McpConnections.reconnect} succeeds.
 */
export class McpConnections {
  private readonly toolsets: McpToolset[] = [];
  private readonly statuses = new Map<string, McpServerStatus>();

  constructor(
    private readonly servers: Record<string, McpServerConfig>,
    private readonly connect: ConnectMcpServers,
    private readonly onStatus: (status: McpServerStatus) => void,
  ) {}

  /**
   * Connects every server. Rejects with the error of a `required` server that cannot be reached,
   * or of any configuration mistake; an optional server that cannot be reached is marked failed.
   * When some server fails, the servers are tried one by one to learn which, then the reachable
   * ones are connected together again (so names are assigned as if the failed ones were absent).
   */
  async start(options: CreateMcpToolsOptions): Promise<McpToolset[]> {
    const names = Object.keys(this.servers);
    try {
      return [this.adopt(await this.connect(this.servers, options), names)];
    } catch (error) {
      if (!unreachable(error) || names.every((name) => this.servers[name]!.required === true)) throw error;
    }
    const quiet = { ...options, onToolsChanged: undefined };
    const probes = await Promise.allSettled(names.map((name) => this.connect(pick(this.servers, [name]), quiet)));
    await Promise.all(probes.map((probe) => (probe.status === 'fulfilled' ? probe.value.close() : undefined)));
    const failed = new Map<string, unknown>();
    probes.forEach((probe, i) => {
      if (probe.status === 'rejected') failed.set(names[i]!, probe.reason);
    });
    for (const [name, error] of failed) {
      if (!unreachable(error) || this.servers[name]!.required === true) throw error;
    }
    for (const [name, error] of failed) this.fail(name, error);
    const reachable = names.filter((name) => !failed.has(name));
    if (reachable.length === 0) return [];
    return [this.adopt(await this.connect(pick(this.servers, reachable), options), reachable)];
  }

  /**
   * Connects a failed server again; on success its toolset is returned (its tools are new to the
   * agent) and its status is `connected`. Rejects (status still `failed`, with the new reason) when
   * it still cannot be reached. A server that is connected already gives `undefined`.
   */
  async reconnect(name: string, options: CreateMcpToolsOptions): Promise<McpToolset | undefined> {
    const status = this.statuses.get(name);
    if (!status) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_SPEC,
        message: `No enabled MCP server is named '${name}'. Servers: ${Object.keys(this.servers).join(', ') || '(none)'}.`,
      });
    }
    if (status.state === 'connected') return undefined;
    try {
      return this.adopt(await this.connect(pick(this.servers, [name]), options), [name]);
    } catch (error) {
      this.fail(name, error);
      throw error;
    }
  }

  /** The toolset that holds `server`'s tools, if it is connected. */
  toolsetOf(server: string): McpToolset | undefined {
    return this.toolsets.find((toolset) => toolset.serverNames.includes(server));
  }

  /** Every configured (enabled) server's status, in config order; `tools` are current. */
  status(): McpServerStatus[] {
    return Object.keys(this.servers).flatMap((name) => {
      const status = this.statuses.get(name);
      if (!status) return [];
      const toolset = status.state === 'connected' ? this.toolsetOf(name) : undefined;
      return [{ ...status, tools: toolset ? toolset.tools.filter((tool) => tool.server === name).map((tool) => tool.name) : [] }];
    });
  }

  /** Closes every connection, once each. */
  async close(): Promise<void> {
    const toolsets = this.toolsets.splice(0);
    await Promise.all(toolsets.map((toolset) => toolset.close()));
  }

  private adopt(toolset: McpToolset, names: readonly string[]): McpToolset {
    this.toolsets.push(toolset);
    for (const name of names) {
      this.report({
        name,
        state: 'connected',
        required: this.servers[name]!.required === true,
        tools: toolset.tools.filter((tool) => tool.server === name).map((tool) => tool.name),
        since: new Date().toISOString(),
      });
    }
    return toolset;
  }

  private fail(name: string, error: unknown): void {
    const code = ToolwrightError.isInstance(error) ? error.code : ErrorCode.MCP_CONNECTION;
    // The status is shown (agent.status(), onServerStatus listeners): a server's failure text may echo its token.
    const message = maskedError(error instanceof Error ? error.message : String(error));
    this.report({ name, state: 'failed', required: this.servers[name]!.required === true, tools: [], error: { code, message }, since: new Date().toISOString() });
  }

  private report(status: McpServerStatus): void {
    this.statuses.set(status.name, status);
    try {
      this.onStatus(status);
    } catch {
      // A failing listener must not stop the connection work.
    }
  }
}
