import type { ClientHandlers, McpServerStatus, Observation, ProgressReport, ToolDefinition } from '@toolwright/sdk';

/** Options of {@link ConsoleTools.call} (what an MCP server passes a served call). */
export interface ConsoleCallOptions {
  signal: AbortSignal;
  toolCallId: string;
  onProgress?: (report: ProgressReport) => void;
  client?: ClientHandlers;
  metadata?: Record<string, unknown>;
}

/**
 * The tools the console shows and calls: the served toolset's shape (tools, one tool, a call
 * that never rejects, change notifications), so `toolwright serve`'s toolset is one as it is.
 * The CLI's `OpenedToolset` also offers origins and the MCP upstreams' status, which the catalogue shows.
 */
export interface ConsoleTools {
  tools(): readonly ToolDefinition[];
  tool(name: string): ToolDefinition | undefined;
  call(name: string, args: Record<string, unknown>, options: ConsoleCallOptions): Promise<Observation>;
  onToolsChanged(listener: () => void): () => void;
  /** `builtin`, `native`, `mcp:<server>` or `group:<id> (<provider>)`. */
  originLabel?(name: string): string;
  /** The agent behind the tools, for its MCP upstreams' connection states. */
  readonly agent?: { status(): { mcpServers: McpServerStatus[] } };
}
