import type { ClientHandlers } from '../tool/client-handlers.js';
import type { ProgressReport } from '../tool/tool-context.js';

/** Options of `MCPClient.callTool`. */
export interface McpCallOptions {
  /** Cancels the request (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Time limit in ms (default: the client's `callTimeoutMs`). */
  timeoutMs?: number;
  /** Receives the server's progress notifications. */
  onProgress?: (report: ProgressReport) => void;
  /**
   * The client of this call: while it runs, the server's sampling and elicitation requests are
   * answered by it, for capabilities configured to follow the caller (`fromCaller`).
   */
  client?: ClientHandlers;
}
