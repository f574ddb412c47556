import type { McpClientCapabilitiesConfig } from './mcp-client-capabilities-config.js';
import type { McpOAuthConfig } from './mcp-oauth-config.js';

/** Options every MCP server entry may carry. */
export interface McpServerCommonConfig {
  /** Skip this server. */
  disabled?: boolean;
  /**
   * When true, an unreachable server makes `initialize` fail. Default false: the agent starts
   * without its tools, `agent.status()` says why, and `agent.reconnect(name)` tries again.
   */
  required?: boolean;
  /** Per-call time limit in ms (default 300,000). */
  timeoutMs?: number;
  /** Connect + first tool list limit in ms (default 30,000). */
  connectTimeoutMs?: number;
  /** Only these tools (by MCP name). */
  enabledTools?: string[];
  /** All but these tools (by MCP name). */
  disabledTools?: string[];
  /** Prefix for this server's tool names (`<prefix>_<tool>`). */
  prefix?: string;
  /** What the agent offers this server as its client: sampling, elicitation, roots (default: none). */
  capabilities?: McpClientCapabilitiesConfig;
  /**
   * Whether this server's tools that are not read-only may run at the same time. `'serial'` (the
   * default): each such call waits for the calls before it in the conversation that may write, as
   * any tool that does not say what it touches does. `'parallel'`: they run concurrently with each
   * other (the server orders its own writes); they still wait for other tools that may write anything.
   */
  concurrency?: McpConcurrency;
}

/** How the calls of one MCP server's tools that are not read-only are ordered (see `McpServerCommonConfig.concurrency`). */
export type McpConcurrency = 'serial' | 'parallel';

/** An MCP server started as a child process, spoken to over stdio. */
export interface McpStdioServerConfig extends McpServerCommonConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** An MCP server reached over HTTP: Streamable HTTP (default) or legacy SSE. */
export interface McpHttpServerConfig extends McpServerCommonConfig {
  url: string;
  transport?: 'http' | 'sse';
  headers?: Record<string, string>;
  /** OAuth (MCP authorization) for this server. */
  auth?: McpOAuthConfig;
  /** A stateless server: every call opens a session of its own (initialize, call, close). Default false. */
  stateless?: boolean;
}

/** One entry of `mcpServers`. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** The common `{ mcpServers: { name: config } }` format. */
export interface McpServersConfig {
  mcpServers: Record<string, McpServerConfig>;
}
