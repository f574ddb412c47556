import type { Observation } from '../tool/observation.js';
import type { CallOptions, ProgressReport } from '../tool/tool-context.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * Options of {@link ServedToolset.call}: the SDK's call options, with `signal` (aborted when the
 * client cancels the request or disconnects) and `toolCallId` (unique while the call runs) always
 * set, and progress reported as the MCP server forwards it (a bare {@link ProgressReport}).
 */
export type ServedCallOptions = Required<Pick<CallOptions, 'signal' | 'toolCallId'>> &
  Pick<CallOptions, 'client' | 'metadata'> & { onProgress?: (report: ProgressReport) => void };

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
