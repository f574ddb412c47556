import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ToolwrightError } from '@toolwright/sdk';

/** An error the MCP SDK's server sends as `{ code, message }` (an `McpError` would prefix its message with its code). */
export type RpcError = Error & { code: number };

/** A JSON-RPC error with this code and message. */
export function rpcError(code: number, message: string): RpcError {
  return Object.assign(new Error(message), { code });
}

/**
 * An upstream failure as the JSON-RPC error the downstream client gets: the upstream's own code
 * when it answered with a JSON-RPC error (e.g. -32602 for an unknown prompt), else internal
 * error (-32603), with the MCP client's message (server name, what happened).
 */
export function upstreamRpcError(error: unknown): RpcError {
  if (ToolwrightError.isInstance(error)) {
    const code = error.details.rpcCode;
    return rpcError(typeof code === 'number' && Number.isInteger(code) ? code : ErrorCode.InternalError, error.message);
  }
  return rpcError(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
}
