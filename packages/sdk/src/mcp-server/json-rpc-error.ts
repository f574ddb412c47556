/**
 * An error a request handler throws to answer with exactly this JSON-RPC `code` and `message`
 * (the MCP SDK sends a thrown error's `code` and `message`; its own `McpError` would put
 * "MCP error -32602: " in front of the message on the wire, and the client adds it again).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}
