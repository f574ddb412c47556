import type { PermissionsConfig } from '../policy/policy-options.js';
import type { ToolSpec } from './tool-spec.js';
import type { ToolsetSpec } from './toolset-spec.js';
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

/** A tool group to register (data only: `@toolwright/providers` turns it into tools). */
export interface ToolGroupRegistration {
  /** The group's id (`builtin::websearch`, `mcp::docs`). */
  toolgroupId: string;
  /** The provider that serves it (`brave-search`, `model-context-protocol`, …). */
  providerId: string;
  /** For MCP groups: the server URL, or `{ uri, transport?, headers?, authorization? }`. */
  mcpEndpoint?: string | { uri: string; transport?: 'http' | 'sse'; headers?: Record<string, string>; authorization?: string };
  /** Fixed arguments merged into every call of the group's tools. */
  args?: Record<string, unknown>;
  /** Put before each of the group's tool names as the model sees them (`bing_` → `bing_web_search`). */
  toolPrefix?: string;
  /** Exposed names per tool (`{ web_search: 'bing_search' }`); wins over `toolPrefix`. */
  toolNames?: Record<string, string>;
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
  /** Tool groups the agent uses (`'builtin::websearch'`, or `'mcp::docs/search'` for one tool); `@toolwright/providers` resolves them. */
  toolgroups?: string[];
  /** Tool groups to register before resolving `toolgroups`. */
  toolGroupRegistry?: ToolGroupRegistration[];
  /** Options per tool provider id (`{ 'brave-search': { apiKey: '${BRAVE_API_KEY}' } }`). */
  toolProviders?: Record<string, Record<string, unknown>>;
  /** Toolsets resolved per turn: tools and MCP servers with a filter, prefix, renames and approval (`toolsets:` section). */
  toolsets?: ToolsetSpec[];
  /**
   * What the spec's `${VAR}`s are: `{ GITHUB_TOKEN: { secret: true } }` registers the variable's
   * value as a secret when the spec loads, so it is shown as `<secret:GITHUB_TOKEN>` in every
   * observation, event, audit line, error, log and trace. A secret must be at least 8 characters.
   */
  variables?: Record<string, { secret?: boolean }>;
  /** The file the spec came from, when it came from one. */
  source?: string;
}
