import type { ToolDef } from './tool-def.js';
import type { RegisteredToolGroup } from './tool-group.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

/** What a provider gets with each call. */
export interface InvocationContext {
  /** The tool's group (its fixed `args` are already merged into the kwargs). */
  readonly group: RegisteredToolGroup;
  /** Per-request settings and credentials (`{ brave_api_key: … }`); never log them. */
  readonly providerData: Readonly<Record<string, unknown>>;
  /** Cancels the call. */
  readonly signal?: AbortSignal;
  /** The caller's session, when there is one. */
  readonly sessionId?: string;
  /** The model's tool-call id, when the call came from a model. */
  readonly callId?: string;
}

/** What a provider gets when it lists a group's tools. */
export interface ListingContext {
  readonly providerData: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
}

/** The tools a provider lists, without their group (the runtime adds it). */
export type ProvidedToolDef = Omit<ToolDef, 'toolgroupId'>;

/**
 * A plugin that serves tool groups. Providers throw `ToolwrightError`s for failures (the runtime
 * turns them into error results; `AUTH_REQUIRED` is never hidden) and may return error results
 * themselves.
 */
export interface ToolGroupProvider {
  /** The id groups name in `providerId`. */
  readonly id: string;
  /** Checks a group at registration; throws a configuration error. Must not do I/O. */
  checkGroup?(group: RegisteredToolGroup): void;
  /**
   * The names of the group's tools when the provider knows them without contacting anything (a
   * web search provider's `web_search`), so that a clash with another group is told at
   * registration. Absent or undefined: known only once the group is listed.
   */
  knownToolNames?(group: RegisteredToolGroup): readonly string[] | undefined;
  /**
   * The settings the provider's tools (for `group`, or any group) still need before they can run
   * (`['brave_api_key']`): neither configured nor in `providerData`. Empty or absent: nothing
   * missing. Shown by `listToolGroups` as the `needs-settings` status and by `listProviderStatus`.
   * Must not do I/O.
   */
  missingSettings?(providerData: Readonly<Record<string, unknown>>, group?: RegisteredToolGroup): readonly string[];
  /** The group's tools. Called lazily, once per group until it succeeds (then cached). */
  listTools(group: RegisteredToolGroup, ctx: ListingContext): readonly ProvidedToolDef[] | Promise<readonly ProvidedToolDef[]>;
  /**
   * Runs one tool. `kwargs` are the model's arguments merged with the group's fixed args. A
   * provider that has the answer at hand returns it (the runtime then settles the call without a
   * promise hop of its own); one that must wait returns a promise.
   */
  invoke(tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): ToolInvocationResult | Promise<ToolInvocationResult>;
  /**
   * Subscribes the runtime to "this group's tools changed" (an MCP server's
   * `notifications/tools/list_changed`): the runtime then lists the group again on next need.
   */
  onToolsChanged?(listener: (toolgroupId: string) => void): void;
  /** Releases what the provider holds for a group (connections) when it is unregistered. */
  releaseGroup?(group: RegisteredToolGroup): void | Promise<void>;
  /** Releases everything. */
  close?(): void | Promise<void>;
}
