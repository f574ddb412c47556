import type { McpConcurrency } from '@toolwright/sdk';

/** Where a `model-context-protocol` group's server is. */
export interface McpEndpoint {
  /** An absolute http(s) URL (`http://127.0.0.1:8000/mcp`). */
  uri: string;
  /** `http` (Streamable HTTP, the default) or `sse` (legacy). */
  transport?: 'http' | 'sse';
  /** Extra request headers. Never `Authorization`: use {@link McpEndpoint.authorization}. */
  headers?: Readonly<Record<string, string>>;
  /** Bearer token sent as `Authorization: Bearer <token>`; kept out of logs and listings. */
  authorization?: string;
}

/** What {@link ToolGroupRuntime.registerToolGroup} takes. */
export interface ToolGroupInput {
  /** The group's id, e.g. `builtin::websearch` or `mcp::docs` (letters, digits, `_ . : -`; no `/`). */
  toolgroupId: string;
  /** The id of a registered {@link ToolGroupProvider} (`brave-search`, `model-context-protocol`, …). */
  providerId: string;
  /** For `model-context-protocol` groups: the server (a URL string or an endpoint object). */
  mcpEndpoint?: string | McpEndpoint;
  /**
   * Fixed arguments merged into every invocation of the group's tools. They win over the model's
   * arguments; the tools' schemas shown to the model leave them out, and a call that sets one
   * anyway is refused with a message naming it.
   */
  args?: Readonly<Record<string, unknown>>;
  /**
   * Put before each of the group's tool names as the model sees them (`bing_` exposes
   * `web_search` as `bing_web_search`): how two groups offering a tool of the same name are both
   * callable by a bare name. The provider still gets its own name.
   */
  toolPrefix?: string;
  /** Exposed names per tool (`{ web_search: 'bing_search' }`); wins over {@link ToolGroupInput.toolPrefix}. */
  toolNames?: Readonly<Record<string, string>>;
  /**
   * `'serial'` (the default): the group's tools that may write run one at a time within a
   * conversation (tools marked read-only, or idempotent and not destructive, run together anyway);
   * `'parallel'`: they may run at the same time — for groups whose tools do not interfere or order
   * their own writes. What it risks: two dependent calls of the model may reach the provider in
   * either order.
   */
  concurrency?: McpConcurrency;
}

/** A registered tool group (checked, endpoint normalised). */
export interface RegisteredToolGroup {
  readonly toolgroupId: string;
  readonly providerId: string;
  readonly mcpEndpoint?: McpEndpoint;
  readonly args: Readonly<Record<string, unknown>>;
  readonly toolPrefix?: string;
  readonly toolNames?: Readonly<Record<string, string>>;
  readonly concurrency?: McpConcurrency;
}

/** Where a group's tool index is. */
export type ToolGroupStatus =
  | { readonly state: 'not-indexed' }
  | { readonly state: 'ready'; readonly toolCount: number }
  /** Listed, but its tools cannot run yet: `settings` names what is missing (`brave_api_key`), `error` says where to set it. */
  | { readonly state: 'needs-settings'; readonly toolCount: number; readonly settings: readonly string[]; readonly error: string }
  | { readonly state: 'unreachable'; readonly error: string }
  | { readonly state: 'auth-required'; readonly error: string };

/**
 * Where one tool of an indexed group stands:
 * - `ready`: callable by its name;
 * - `ambiguous`: another group has a tool of the same name, so it is callable only as `group/tool`;
 * - `failing`: its last call could not reach what it needs (timeout, provider unreachable,
 *   credentials missing or rejected); `error` says why. The next successful call makes it `ready`.
 */
export type ToolStatus =
  | { readonly name: string; readonly state: 'ready' }
  | { readonly name: string; readonly state: 'ambiguous'; readonly error: string }
  | { readonly name: string; readonly state: 'failing'; readonly error: string; readonly errorCode: number };

/** A group as {@link ToolGroupRuntime.listToolGroups} shows it. */
export interface ToolGroupInfo extends RegisteredToolGroup {
  readonly status: ToolGroupStatus;
  /** Each tool's status, once the group is indexed (absent before, and while it cannot be listed). */
  readonly tools?: readonly ToolStatus[];
}
