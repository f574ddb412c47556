import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode as JsonRpcCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError, isErrorLike } from './describe-error.js';
import type { McpCallOptions } from './mcp-client.js';
import { OVERSIZE_ERROR_CODE, StdioProcessTransport } from './stdio-process-transport.js';
import { formatMs } from './with-timeout.js';

/** What an {@link MCPClient} error message says about the client. */
export interface McpClientFacts {
  server: string;
  /** Where the server is (`node server.js`, a URL). */
  target: string;
  /** The stdio server's last stderr lines, formatted (or ''). */
  tail: string;
  /** Why the connection was lost, when it was. */
  dropReason?: string;
  callTimeoutMs: number;
}

/** Why a session ended, in words: the child's exit or the transport's last error. */
export function describeDrop(transport: Transport, lastError: Error | undefined): string {
  if (transport instanceof StdioProcessTransport) {
    if (transport.failure) return transport.failure;
    return `the server process ${transport.describeExit() ?? 'closed its output'}`;
  }
  return lastError ? `the connection closed: ${describeError(lastError)}` : 'the connection closed';
}

/** `MCP_CONNECTION`: the server could not be reached, or did not start. */
export function connectError(facts: McpClientFacts, error: unknown, transport: Transport | undefined): ToolwrightError {
  let reason: string;
  if (transport instanceof StdioProcessTransport && transport.failure) reason = transport.failure;
  else if (transport instanceof StdioProcessTransport && transport.exit) reason = `the server process ${transport.describeExit()!} during startup`;
  else if (error instanceof McpError && error.code === JsonRpcCode.ConnectionClosed) reason = 'the server closed the connection during startup';
  else reason = describeError(error);
  return new ToolwrightError({
    code: ErrorCode.MCP_CONNECTION,
    message: `Could not connect to MCP server '${facts.server}' (${facts.target}): ${reason}.${facts.tail}`,
    details: { server: facts.server, reason },
    cause: error,
  });
}

/** `MCP_CONNECTION` for a call that needed a (re)connection that failed. */
export function reconnectError(facts: McpClientFacts, error: unknown, tool: string, lost: string | undefined): ToolwrightError {
  const why = ToolwrightError.isInstance(error) ? String(error.details.reason ?? error.message) : describeError(error);
  const message = lost
    ? `The connection to MCP server '${facts.server}' was lost (${lost}) and reconnecting failed: ${why}.${facts.tail}`
    : `Could not connect to MCP server '${facts.server}' (${facts.target}): ${why}.${facts.tail}`;
  return new ToolwrightError({ code: ErrorCode.MCP_CONNECTION, message, details: { server: facts.server, tool }, cause: error });
}

/** `CLOSED`: the client was closed. */
export function closedError(server: string, tool?: string): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.CLOSED,
    message: `The MCP client for server '${server}' is closed${tool ? `, so '${tool}' cannot be called` : ''}. Create the tools again to reconnect.`,
    details: { server, tool },
  });
}

/**
 * The error of a failed `tools/call`: `ABORTED`, `TIMEOUT` (naming the limit), `MCP_CONNECTION`
 * (dropped mid-call, or unreachable), `EXECUTION_FAILED` (a JSON-RPC error, an oversized or a
 * malformed result). ToolwrightErrors pass through.
 */
export function callError(facts: McpClientFacts, error: unknown, tool: string, options: McpCallOptions): ToolwrightError {
  if (ToolwrightError.isInstance(error)) return error;
  const { server } = facts;
  const details = { server, tool };
  if (options.signal?.aborted) {
    const reason: unknown = options.signal.reason;
    if (ToolwrightError.isInstance(reason)) return reason;
    return new ToolwrightError({ code: ErrorCode.ABORTED, message: `The call to '${tool}' on MCP server '${server}' was cancelled.`, details });
  }
  if (error instanceof McpError) return rpcError(facts, error, tool, options);
  if (isErrorLike(error) && error.name === 'ZodError') {
    return new ToolwrightError({
      code: ErrorCode.EXECUTION_FAILED,
      message: `MCP server '${server}' answered the call to '${tool}' with a malformed result (not an MCP CallToolResult): ${error.message.slice(0, 500)}`,
      details,
    });
  }
  return new ToolwrightError({
    code: ErrorCode.MCP_CONNECTION,
    message: `The call to '${tool}' could not reach MCP server '${server}': ${describeError(error)}.${facts.tail}`,
    details,
    cause: error,
  });
}

function rpcError(facts: McpClientFacts, error: McpError, tool: string, options: McpCallOptions): ToolwrightError {
  const { server } = facts;
  const details = { server, tool };
  if (error.code === JsonRpcCode.RequestTimeout) {
    const timeoutMs = options.timeoutMs || facts.callTimeoutMs;
    return new ToolwrightError({
      code: ErrorCode.TIMEOUT,
      message: `Tool '${tool}' on MCP server '${server}' timed out after ${formatMs(timeoutMs)}; the request was cancelled and the connection stays open. Try a smaller task, or raise the server's timeoutMs.`,
      details: { ...details, timeoutMs },
    });
  }
  if (error.code === JsonRpcCode.ConnectionClosed) {
    return new ToolwrightError({
      code: ErrorCode.MCP_CONNECTION,
      message: `MCP server '${server}' dropped the connection during the call to '${tool}' (${facts.dropReason ?? 'connection closed'}).${facts.tail}\nThe server will be reconnected on the next call.`,
      details,
    });
  }
  if (error.code === OVERSIZE_ERROR_CODE) {
    return new ToolwrightError({
      code: ErrorCode.EXECUTION_FAILED,
      message: `Tool '${tool}' on MCP server '${server}' returned a result too large to accept (${describeError(error)}). Ask for less output, e.g. a narrower query or one page at a time.`,
      details: { ...details, ...(error.data as object) },
    });
  }
  return new ToolwrightError({
    code: ErrorCode.EXECUTION_FAILED,
    message: `MCP server '${server}' rejected the call to '${tool}': ${describeError(error)} (JSON-RPC error ${error.code}).`,
    details: { ...details, rpcCode: error.code },
  });
}

/** Errors from the transport's send (not JSON-RPC answers, not result parsing, not our own): the request never arrived. */
export function isUndelivered(error: unknown): boolean {
  if (ToolwrightError.isInstance(error) || error instanceof McpError) return false;
  return !(isErrorLike(error) && error.name === 'ZodError');
}
