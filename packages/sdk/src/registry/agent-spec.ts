import type { PermissionsConfig } from '../policy/policy-options.js';
import type { ToolSpec } from './tool-spec.js';

/** Options every MCP server entry may carry. */
export interface McpServerCommonConfig {
  /** Skip this server. */
  disabled?: boolean;
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
}

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
}

/** One entry of `mcpServers`. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** The common `{ mcpServers: { name: config } }` format. */
export interface McpServersConfig {
  mcpServers: Record<string, McpServerConfig>;
}

/** What an agent is made of: native tool specs and MCP servers. */
export interface AgentSpec {
  /** Native tools, resolved through a registry. */
  tools: ToolSpec[];
  /** MCP servers whose tools join the tools map directly. */
  mcpServers?: Record<string, McpServerConfig>;
  /** Keep only tools whose name matches this regular expression. */
  filterToolsRegex?: string;
  /** Permission mode, rules, grants file and audit log (`permissions:` section). */
  permissions?: PermissionsConfig;
  /** The file the spec came from, when it came from one. */
  source?: string;
}
