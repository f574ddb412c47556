import type { PromptSpec, ResourceSpec } from './served-catalog-spec.js';
import type { PermissionsConfig } from '../policy/policy-options.js';
import type { ToolSpec } from './tool-spec.js';
import type { ToolsetSpec } from './toolset-spec.js';
import type { McpConcurrency, McpServerConfig } from './mcp-server-config.js';

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
  /**
   * `'serial'` (the default): the group's tools that may write run one at a time within a
   * conversation; `'parallel'`: they may run at the same time (as an MCP server's `concurrency`).
   */
  concurrency?: McpConcurrency;
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
  /** Prompts `toolwright serve` (and `createMcpServer` given the spec) offers: MCP `prompts/list`, `prompts/get`, completions of `enum` arguments. */
  prompts?: PromptSpec[];
  /** Resources `toolwright serve` offers: MCP `resources/list`, `resources/read`, subscriptions. */
  resources?: ResourceSpec[];
  /** The file the spec came from, when it came from one. */
  source?: string;
}
