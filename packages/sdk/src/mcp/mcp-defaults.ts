/** Default limits of MCP connections (each can be overridden per server or per toolset). */
export const MCP_DEFAULTS = Object.freeze({
  /** Connect plus the first `tools/list`, in ms. */
  connectTimeoutMs: 30_000,
  /** One `tools/call`, in ms. */
  callTimeoutMs: 300_000,
  /** Closing a connection (ending a child process), in ms. */
  closeTimeoutMs: 10_000,
  /** The largest JSON-RPC message accepted from a stdio server, in bytes (the MCP SDK's own limit). */
  maxMessageBytes: 10 * 1024 * 1024,
  /**
   * The deepest nesting of a tool call's arguments sent to a server (the arguments object is level
   * 1). Deeper arguments are refused before sending: `JSON.stringify` overflows the stack near
   * 10,000 levels, and no real tool schema needs more than a few.
   */
  maxArgumentDepth: 100,
  /** How many stderr lines of a stdio server are kept for error messages. */
  stderrLines: 20,
});

/** The name and version this client announces to servers. */
export const CLIENT_INFO = Object.freeze({ name: 'toolwright', version: '0.1.0' });
