import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ToolExecutor } from '../tool/tool-executor.js';
import type { McpCallOptions } from './mcp-call-options.js';
import type { MCPClient } from './mcp-client.js';
import type { MCPToolAction } from './mcp-tool-action.js';
import type { MCPToolObservation } from './mcp-tool-observation.js';

/** What the executor needs from its tool: the MCP name and how to read a result. */
export interface McpResultReader {
  readonly mcpName: string;
  observationFromResult(result: CallToolResult): MCPToolObservation;
}

/**
 * Runs an MCP tool's Actions over the server's shared {@link MCPClient}: the call timeout, the
 * context's abort signal (cancelling the MCP request) and progress notifications
 * (`ctx.reportProgress`) pass through, and so does the call's client (answering the server's
 * sampling and elicitation while the call runs). Failures are thrown, for the error funnel. It has no `close()`:
 * the connection belongs to the toolset, not to one tool.
 */
export class MCPToolExecutor implements ToolExecutor<MCPToolAction, MCPToolObservation> {
  private tool?: McpResultReader;

  constructor(readonly client: MCPClient) {}

  /** Binds the tool this executor runs (set once by the tool's constructor). */
  attach(tool: McpResultReader): void {
    this.tool = tool;
  }

  async execute(action: MCPToolAction, ctx: ToolContext): Promise<MCPToolObservation> {
    const tool = this.tool!;
    // An AbortSignal and a progress token cost time on every call: only when they can matter.
    // The time limit is the client's (MCPToolDefinition.prepareContext): the caller's, else the server's.
    const options: McpCallOptions = { timeoutMs: ctx.callOptions.timeoutMs };
    if (ctx.cancellable !== false) options.signal = ctx.signal;
    if (ctx.reportsProgress !== false) options.onProgress = (p) => ctx.reportProgress(p.progress, p.total, p.message);
    // The server's sampling/elicitation during this call go to this call's client (e.g. serve's downstream client).
    const caller = ctx.callOptions.client;
    if (caller) options.client = caller;
    // A failure throws: the error funnel words it (MCPToolObservation.fromError) and post hooks see it.
    const result: CallToolResult = await this.client.callTool(tool.mcpName, action.data, options);
    return tool.observationFromResult(result);
  }
}
