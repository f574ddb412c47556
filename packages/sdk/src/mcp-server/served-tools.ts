import type { ClientHandlers } from '../tool/client-handlers.js';
import type { Observation } from '../tool/observation.js';
import type { ProgressReport } from '../tool/tool-context.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** Options of {@link ServedToolset.call}. */
export interface ServedCallOptions {
  /** Aborted when the client cancels the request (or disconnects). */
  signal: AbortSignal;
  /** Receives the tool's progress reports (forwarded as MCP progress notifications). */
  onProgress?: (report: ProgressReport) => void;
  /** An id for the call, unique while it runs. */
  toolCallId: string;
  /** What the MCP client offers (elicitation: asking its user, e.g. to approve a call). */
  client?: ClientHandlers;
  /** Per-call data for hooks, middleware and executors (e.g. from the HTTP request's headers). */
  metadata?: Record<string, unknown>;
}

/**
 * The tools an MCP server built by `createMcpServer` exposes: the current tools and a way to call
 * them. `createMcpServer({ agent })` builds it over an `Agent` (so served calls take the same
 * path as an agent's: validation, policy, hooks, events, errors); `toolwright serve` passes the
 * CLI's toolset, which is one too.
 */
export interface ServedToolset {
  /** The current tools, in listing order. */
  tools(): readonly ToolDefinition[];
  /** The tool of that name, if any. */
  tool(name: string): ToolDefinition | undefined;
  /** Runs one call. Never rejects: unknown tools, bad arguments and failures are error observations. */
  call(name: string, args: Record<string, unknown>, options: ServedCallOptions): Promise<Observation>;
  /** Calls `listener` after the set of tools changed; returns the unsubscribe function. */
  onToolsChanged(listener: () => void): () => void;
}
