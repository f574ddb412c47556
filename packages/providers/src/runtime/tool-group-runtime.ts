import { closestMatch, ErrorCode, formatIssues, ToolwrightError } from '@toolwright/sdk';
import { builtinProviders } from './builtin-providers.js';
import { checkOptions } from './check-arguments.js';
import { checkToolGroup, sameToolGroup } from './check-tool-group.js';
import { exposedName } from './expose-tool.js';
import { ambiguousToolMessage } from './ambiguous-tool-message.js';
import { GroupEntry } from './group-entry.js';
import type { IndexedTool } from './group-entry.js';
import { failedResult, resultFromError } from './invocation-error.js';
import { parseToolRef } from './parse-tool-ref.js';
import type { InvocationContext, ListingContext, ToolGroupProvider } from './tool-group-provider.js';
import type { ToolDef } from './tool-def.js';
import type { RegisteredToolGroup, ToolGroupInfo, ToolGroupInput, ToolGroupStatus, ToolStatus } from './tool-group.js';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';
import { mergeFixedArgs } from './merge-fixed-args.js';
import { messageOf } from './message-of.js';
import { toolSettler } from './tool-settler.js';

/** Options of {@link ToolGroupRuntime}. */
export interface ToolGroupRuntimeOptions {
  /** Providers available to groups (more can be added with `registerProvider`); one with a built-in id replaces the built-in one. */
  providers?: readonly ToolGroupProvider[];
  /**
   * Register a default instance of every built-in provider not given in `providers`
   * (`model-context-protocol`, `code-interpreter`, `memory`, `brave-search`, `bing-search`,
   * `tavily-search`, `wolfram-alpha`; see `BUILTIN_PROVIDER_IDS`). Default true. Keyed ones list
   * their tools but show `needs-settings` until a key comes per request (provider data) or from a
   * provider given here with `apiKey`.
   */
  builtinProviders?: boolean;
  /** Receives warnings (a skipped group). Default: `process.emitWarning`. */
  onWarning?: (message: string) => void;
  /**
   * After a group's listing failed, lookups across all groups (`listTools()`, `invokeTool` of a name
   * not yet known) reuse that failure for this long instead of contacting the group again
   * (default 30 s). Asking for the group itself (`listTools({ toolgroupId })`) always retries.
   */
  retryFailedGroupsAfterMs?: number;
}

/** A provider as {@link ToolGroupRuntime.listProviderStatus} shows it. */
export interface ProviderStatus {
  readonly id: string;
  /** A default instance the runtime registered (see `ToolGroupRuntimeOptions.builtinProviders`). */
  readonly builtin: boolean;
  /** Settings its tools still need (empty: ready). */
  readonly needs: readonly string[];
}

/** Options of {@link ToolGroupRuntime.listTools}. */
export interface ListToolsOptions {
  /** Only this group's tools; `group/tool` gives that one tool. */
  toolgroupId?: string;
  /** Per-request credentials for providers that need them to list. */
  providerData?: Readonly<Record<string, unknown>>;
  signal?: AbortSignal;
}

/** Options of {@link ToolGroupRuntime.invokeTool}. */
export interface InvokeToolOptions {
  /** Per-request settings and credentials (`{ brave_api_key }`); never logged. */
  providerData?: Readonly<Record<string, unknown>>;
  signal?: AbortSignal;
  sessionId?: string;
  /** The model's tool-call id (client tools' pending calls carry it). */
  callId?: string;
}

const NO_DATA: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_OPTIONS: InvokeToolOptions = Object.freeze({});

/** A value as an already-settled promise. */
const settled = <T>(value: T): Promise<T> => Promise.resolve(value);

/**
 * Tool groups served by provider plugins (the Llama Stack model): register groups, list their
 * tools, invoke a tool by name. Named `ToolGroupRuntime` rather than Llama's `ToolRuntime` because
 * the SDK's `runtime/` is the Agent's call loop; this is the runtime of *groups*.
 *
 * - Groups are indexed lazily (nothing is contacted at registration) and cached per group.
 * - `listTools()` skips a group that cannot be listed, with a warning, and `listToolGroups()`
 *   shows its status; an auth failure (`AUTH_REQUIRED`) is never skipped.
 * - `invokeTool` never throws: failures are results with `errorCode` and `errorMessage`.
 * - Argument precedence: the group's fixed `args` > the call's arguments. Fixed args are removed
 *   from the schema the model sees, and a call that sets one is refused, naming it.
 */
export class ToolGroupRuntime {
  private readonly providers = new Map<string, ToolGroupProvider>();
  private readonly groups = new Map<string, GroupEntry>();
  private byName = new Map<string, IndexedTool[]>();
  private readonly warn: (message: string) => void;
  private readonly retryAfterMs: number;
  /** Ids of the built-in providers registered by default (a provider registered with one of them replaces it). */
  private readonly defaults = new Set<string>();
  /** Clashes of exposed names already told (`name` + the groups), so each is told once. */
  private readonly toldClashes = new Set<string>();

  constructor(options: ToolGroupRuntimeOptions = {}) {
    checkOptions('new ToolGroupRuntime(options?)', options, { providers: 'array', builtinProviders: 'boolean', onWarning: 'function', retryFailedGroupsAfterMs: 'positive number' });
    (options.providers ?? []).forEach((provider: unknown, i) => {
      const p = provider as Partial<ToolGroupProvider> | null;
      if (typeof p !== 'object' || p === null || typeof p.id !== 'string' || typeof p.listTools !== 'function' || typeof p.invoke !== 'function') {
        throw new ToolwrightError({
          code: ErrorCode.INVALID_PARAMS,
          message: `new ToolGroupRuntime(options?): options.providers[${i}] must be a tool group provider { id, listTools, invoke } (e.g. new BraveSearchProvider({ apiKey })), got ${p === null ? 'null' : typeof p === 'object' ? 'an object without id, listTools and invoke' : `a ${typeof p}`}.`,
          details: { option: `providers[${i}]` },
        });
      }
      this.registerProvider(provider as ToolGroupProvider);
    });
    if (options.builtinProviders !== false) {
      for (const provider of builtinProviders()) {
        if (this.providers.has(provider.id)) continue;
        this.registerProvider(provider);
        this.defaults.add(provider.id);
      }
    }
    this.warn = options.onWarning ?? ((message) => process.emitWarning(message, 'ToolwrightWarning'));
    this.retryAfterMs = options.retryFailedGroupsAfterMs ?? 30_000;
  }

  /**
   * Adds a provider plugin. One with the id of a built-in provider registered by default replaces
   * it (before any group uses it). Throws `INVALID_SPEC` when its id is taken otherwise.
   */
  registerProvider(provider: ToolGroupProvider): this {
    if (this.defaults.has(provider.id) && ![...this.groups.values()].some((entry) => entry.group.providerId === provider.id)) {
      this.defaults.delete(provider.id);
      void this.providers.get(provider.id)?.close?.();
      this.providers.delete(provider.id);
    }
    if (this.providers.has(provider.id)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `A provider with id '${provider.id}' is already registered.`, details: { providerId: provider.id } });
    }
    this.providers.set(provider.id, provider);
    provider.onToolsChanged?.((toolgroupId) => {
      const entry = this.groups.get(toolgroupId);
      if (entry?.provider !== provider) return;
      entry.invalidate();
      this.rebuildNames();
    });
    return this;
  }

  /** The ids of the registered providers. */
  listProviders(): string[] {
    return [...this.providers.keys()];
  }

  /**
   * Each registered provider and whether its tools can run as configured: `needs` names the
   * settings still missing (`['brave_api_key']`, which a request may still bring in its provider
   * data); `builtin` is true for a default instance the runtime registered itself.
   */
  listProviderStatus(): ProviderStatus[] {
    return [...this.providers.values()].map((provider) => ({ id: provider.id, builtin: this.defaults.has(provider.id), needs: [...(provider.missingSettings?.(NO_DATA) ?? [])] }));
  }

  /**
   * Registers a group; contacts nothing (its tools are listed on first need). Registering the
   * same definition again returns the existing group; a different one under a taken id throws
   * `DUPLICATE_TOOL_GROUP`. An unknown provider throws `NOT_REGISTERED` with a suggestion.
   */
  registerToolGroup(input: ToolGroupInput): RegisteredToolGroup {
    const group = checkToolGroup(input);
    const existing = this.groups.get(group.toolgroupId);
    if (existing) {
      if (sameToolGroup(existing.group, group)) return existing.group;
      throw new ToolwrightError({
        code: ErrorCode.DUPLICATE_TOOL_GROUP,
        message: `Tool group '${group.toolgroupId}' already exists with a different definition (provider '${existing.group.providerId}'); unregister it first or pick another id.`,
        details: { toolgroupId: group.toolgroupId },
      });
    }
    const provider = this.providers.get(group.providerId);
    if (!provider) {
      const known = [...this.providers.keys()];
      const guess = closestMatch(group.providerId, known);
      throw new ToolwrightError({
        code: ErrorCode.NOT_REGISTERED,
        message: `Tool group '${group.toolgroupId}' names provider '${group.providerId}', which is not registered.${guess ? ` Did you mean '${guess}'?` : ''} Available providers: ${known.join(', ') || '(none)'}.`,
        details: { toolgroupId: group.toolgroupId, providerId: group.providerId },
      });
    }
    provider.checkGroup?.(group);
    this.groups.set(group.toolgroupId, new GroupEntry(group, provider, this.retryAfterMs, this.warn));
    this.tellKnownClashes(group, provider);
    return group;
  }

  /**
   * Tells (a warning) when a new group offers a tool name another registered group offers too,
   * for names the providers know without contacting anything; other clashes are told when the
   * groups are listed. A bare call of such a name is refused as ambiguous; the warning names both
   * groups and the registration options that give each its own name.
   */
  private tellKnownClashes(group: RegisteredToolGroup, provider: ToolGroupProvider): void {
    const mine = provider.knownToolNames?.(group)?.map((name) => exposedName(name, group));
    if (!mine || mine.length === 0) return;
    for (const other of this.groups.values()) {
      if (other.group === group) continue;
      const theirs = other.tools ? [...other.tools.keys()] : other.provider.knownToolNames?.(other.group)?.map((name) => exposedName(name, other.group));
      for (const name of mine) if (theirs?.includes(name)) this.tellClash(name, [other.group, group]);
    }
  }

  private tellClash(name: string, groups: readonly RegisteredToolGroup[]): void {
    const key = `${name}\u0000${groups.map((g) => g.toolgroupId).sort().join('\u0000')}`;
    if (this.toldClashes.has(key)) return;
    this.toldClashes.add(key);
    this.warn(ambiguousToolMessage(name, groups));
  }

  /** Removes a group and releases what its provider holds for it. Throws `UNKNOWN_TOOL_GROUP`. */
  async unregisterToolGroup(toolgroupId: string): Promise<void> {
    const entry = this.entry(toolgroupId);
    this.groups.delete(toolgroupId);
    this.rebuildNames();
    await entry.provider.releaseGroup?.(entry.group);
  }

  /** A group with its status. Throws `UNKNOWN_TOOL_GROUP` (with a suggestion). */
  getToolGroup(toolgroupId: string): ToolGroupInfo {
    return this.infoOf(this.entry(toolgroupId));
  }

  /** Every group with its index status (`not-indexed`, `ready`, `unreachable`, `auth-required`). */
  listToolGroups(): ToolGroupInfo[] {
    return [...this.groups.values()].map((entry) => this.infoOf(entry));
  }

  /** A group's info: its status, and each tool's once it is indexed. */
  private infoOf(entry: GroupEntry): ToolGroupInfo {
    if (!entry.tools) return { ...entry.group, status: entry.status };
    const missing = entry.status.state === 'ready' ? (entry.provider.missingSettings?.(NO_DATA, entry.group) ?? []) : [];
    const status: ToolGroupStatus =
      missing.length > 0 && entry.status.state === 'ready'
        ? {
            state: 'needs-settings',
            toolCount: entry.status.toolCount,
            settings: missing,
            error: `needs ${missing.join(', ')}: configure the '${entry.provider.id}' provider (toolProviders.${entry.provider.id}.apiKey in a spec), or send ${missing.map((s) => JSON.stringify(s)).join(', ')} per request in the provider data (header X-Toolwright-Provider-Data).`,
          }
        : entry.status;
    const tools = [...entry.tools.values()].map((tool): ToolStatus => {
      const name = tool.def.name;
      if (tool.lastFailure) return { name, state: 'failing', ...tool.lastFailure };
      const others = (this.byName.get(name) ?? []).filter((t) => t !== tool).map((t) => t.entry.group.toolgroupId);
      if (others.length > 0) return { name, state: 'ambiguous', error: `Also provided by tool group ${others.map((id) => `'${id}'`).join(', ')}; call it as '${entry.group.toolgroupId}/${name}', or register the group with toolPrefix or toolNames to give it its own name.` };
      return { name, state: 'ready' };
    });
    return { ...entry.group, status, tools };
  }

  /** Lists the group's tools again on next need. */
  refreshToolGroup(toolgroupId: string): void {
    this.entry(toolgroupId).invalidate();
    this.rebuildNames();
  }

  /**
   * Tools as the model sees them. With `toolgroupId`, that group's tools (or with `group/tool`,
   * that one tool); its failure throws. Without, every group's tools: a group that fails is
   * skipped with a warning, except for `AUTH_REQUIRED`, which throws.
   */
  async listTools(options: ListToolsOptions = {}): Promise<ToolDef[]> {
    const ctx: ListingContext = { providerData: options.providerData ?? NO_DATA, signal: options.signal };
    if (options.toolgroupId !== undefined) {
      const ref = parseToolRef(options.toolgroupId);
      const tools = await this.entry(ref.toolgroupId).index(ctx);
      if (ref.tool === undefined) return [...tools.values()].map((t) => t.def);
      return [this.toolInGroup(ref.toolgroupId, tools, ref.tool).def];
    }
    const entries = [...this.groups.values()];
    const settled = await Promise.allSettled(entries.map((entry) => entry.index(ctx, false)));
    this.rebuildNames();
    const out: ToolDef[] = [];
    settled.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') {
        for (const tool of outcome.value.values()) out.push(tool.def);
        return;
      }
      if (ToolwrightError.hasCode(outcome.reason, ErrorCode.AUTH_REQUIRED)) throw outcome.reason;
      const text = messageOf(outcome.reason);
      this.warn(`Skipping tool group '${entries[i]!.group.toolgroupId}': its tools could not be listed: ${text}`);
    });
    return out;
  }

  /** One tool by name (or `group/tool`). Throws `UNKNOWN_TOOL` / `UNKNOWN_TOOL_GROUP` with suggestions. */
  async getTool(name: string, options: Omit<ListToolsOptions, 'toolgroupId'> = {}): Promise<ToolDef> {
    const found = await this.findTool(name, { providerData: options.providerData ?? NO_DATA, signal: options.signal });
    if ('def' in found) return found.def;
    throw found.error;
  }

  /**
   * Runs a tool: checks the call's arguments against the schema the model saw, merges the
   * group's fixed args over them, and calls the provider. Never throws.
   */
  invokeTool(name: string, kwargs: Record<string, unknown>, options: InvokeToolOptions = NO_OPTIONS): Promise<ToolInvocationResult> {
    const providerData = options.providerData ?? NO_DATA;
    const hits = this.byName.get(name);
    // A known name, or a `group/tool` of an indexed group (what an agent's group tools call), stays
    // synchronous up to the provider (no extra promise hops per call).
    const known = hits === undefined ? this.indexedRef(name) : hits.length === 1 ? hits[0] : undefined;
    if (known) {
      try {
        return this.invokeIndexed(known, kwargs, providerData, options);
      } catch (error) {
        return settled(resultFromError(error, name));
      }
    }
    return this.findTool(name, { providerData, signal: options.signal }).then((found) =>
      'def' in found ? this.invokeIndexed(found, kwargs, providerData, options) : resultFromError(found.error, name),
    );
  }

  /** The tool `group/tool` names when its group is indexed; anything else (not a reference, not indexed) is left to `findTool`. */
  private indexedRef(name: string): IndexedTool | undefined {
    const slash = name.indexOf('/');
    if (slash <= 0 || name.includes('/', slash + 1)) return undefined;
    return this.groups.get(name.slice(0, slash))?.tools?.get(name.slice(slash + 1));
  }

  private invokeIndexed(tool: IndexedTool, kwargs: Record<string, unknown>, providerData: Readonly<Record<string, unknown>>, options: InvokeToolOptions): Promise<ToolInvocationResult> {
    const group = tool.entry.group;
    if (typeof kwargs !== 'object' || kwargs === null || Array.isArray(kwargs)) {
      return settled(failedResult(`Arguments for tool '${tool.def.name}' must be a JSON object, got ${Array.isArray(kwargs) ? 'an array' : typeof kwargs}.`, InvocationErrorCode.INVALID_ARGUMENTS, { toolgroupId: group.toolgroupId, code: ErrorCode.INVALID_ARGUMENTS }));
    }
    // The group's fixed keys, listed once per tool (most groups have none: no loop, no copy).
    const fixedKeys = (tool.fixedKeys ??= Object.keys(group.args));
    const fixed = fixedKeys.length > 0;
    for (const key of fixedKeys) {
      if (Object.hasOwn(kwargs, key)) {
        return settled(failedResult(
          `Argument '${key}' of tool '${tool.def.name}' is fixed by tool group '${group.toolgroupId}' and cannot be set by the call; call it again without '${key}'.`,
          InvocationErrorCode.INVALID_ARGUMENTS,
          { toolgroupId: group.toolgroupId, code: ErrorCode.INVALID_ARGUMENTS },
        ));
      }
    }
    const check = (tool.check ??= tool.entry.validators!.get(tool.def.inputSchema));
    const issues = check(kwargs);
    if (issues.length > 0) {
      return settled(failedResult(`Invalid arguments for tool '${tool.def.name}':\n${formatIssues(issues)}`, InvocationErrorCode.INVALID_ARGUMENTS, { toolgroupId: group.toolgroupId, code: ErrorCode.INVALID_ARGUMENTS }));
    }
    const merged = fixed ? mergeFixedArgs(kwargs, fixedKeys, group.args) : kwargs;
    // A call without options shares the tool's frozen default context (no allocation per call).
    const ctx: InvocationContext =
      options === NO_OPTIONS && providerData === NO_DATA
        ? (tool.plainContext ??= Object.freeze({ group, providerData: NO_DATA }))
        : { group, providerData, signal: options.signal, sessionId: options.sessionId, callId: options.callId };
    // Settling handlers made once per tool (no closures per call); each result gets its own metadata object.
    const settle = (tool.settle ??= toolSettler(tool.def.name, group.toolgroupId, tool));
    let outcome: ToolInvocationResult | PromiseLike<ToolInvocationResult>;
    try {
      outcome = tool.entry.provider.invoke(tool.providerDef, merged, ctx);
    } catch (error) {
      return settled(settle.error(error));
    }
    // A provider that answered at once is settled at once: no promise hop on top of the caller's await.
    if (typeof (outcome as { then?: unknown } | null)?.then !== 'function') return settled(settle.result(outcome as ToolInvocationResult));
    return Promise.resolve(outcome).then(settle.result, settle.error);
  }

  /** Closes every provider. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.providers.values()].map((provider) => provider.close?.()));
  }

  private entry(toolgroupId: string): GroupEntry {
    const entry = this.groups.get(toolgroupId);
    if (entry) return entry;
    throw this.unknownGroup(toolgroupId);
  }

  /** `UNKNOWN_TOOL_GROUP`: names the id, suggests the closest, lists the registered ones. */
  unknownGroup(toolgroupId: string): ToolwrightError {
    const known = [...this.groups.keys()];
    const guess = closestMatch(toolgroupId, known);
    return new ToolwrightError({
      code: ErrorCode.UNKNOWN_TOOL_GROUP,
      message: `Tool group '${toolgroupId}' not found.${guess ? ` Did you mean '${guess}'?` : ''} Available tool groups: ${known.join(', ') || '(none registered)'}.`,
      details: { toolgroupId, suggestion: guess },
    });
  }

  private toolInGroup(toolgroupId: string, tools: ReadonlyMap<string, IndexedTool>, name: string): IndexedTool {
    const tool = tools.get(name);
    if (tool) return tool;
    const guess = closestMatch(name, tools.keys());
    throw new ToolwrightError({
      code: ErrorCode.UNKNOWN_TOOL,
      message: `Tool '${name}' not found in tool group '${toolgroupId}'.${guess ? ` Did you mean '${guess}'?` : ''} Its tools: ${[...tools.keys()].join(', ') || '(none)'}.`,
      details: { toolgroupId, tool: name, suggestion: guess },
    });
  }

  private async findTool(name: string, ctx: ListingContext): Promise<IndexedTool | { error: ToolwrightError }> {
    try {
      if (name.includes('/')) {
        const ref = parseToolRef(name);
        const tools = await this.entry(ref.toolgroupId).index(ctx);
        return this.toolInGroup(ref.toolgroupId, tools, ref.tool ?? '');
      }
      await this.indexAll(ctx);
    } catch (error) {
      return { error: ToolwrightError.isInstance(error) ? error : new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: String(error) }) };
    }
    const hits = this.byName.get(name) ?? [];
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) {
      return {
        error: new ToolwrightError({
          code: ErrorCode.DUPLICATE_TOOL,
          message: ambiguousToolMessage(name, hits.map((t) => t.entry.group)),
          details: { tool: name, toolgroupIds: hits.map((t) => t.def.toolgroupId) },
        }),
      };
    }
    const guess = closestMatch(name, this.byName.keys());
    return {
      error: new ToolwrightError({
        code: ErrorCode.UNKNOWN_TOOL,
        message: `Tool '${name}' not found.${guess ? ` Did you mean '${guess}'?` : ''} Available tools: ${[...this.byName.keys()].join(', ') || '(none)'}.`,
        details: { tool: name, suggestion: guess },
      }),
    };
  }

  /** Indexes every group not yet indexed (failures skipped, except auth) and rebuilds the name map. */
  private async indexAll(ctx: ListingContext): Promise<void> {
    const pending = [...this.groups.values()].filter((entry) => !entry.tools);
    const settled = await Promise.allSettled(pending.map((entry) => entry.index(ctx, false)));
    for (const outcome of settled) {
      if (outcome.status === 'rejected' && ToolwrightError.hasCode(outcome.reason, ErrorCode.AUTH_REQUIRED)) throw outcome.reason;
    }
    this.rebuildNames();
  }

  /** The name → tools map over every indexed group (a name in two groups has two entries). */
  private rebuildNames(): void {
    const byName = new Map<string, IndexedTool[]>();
    for (const entry of this.groups.values()) {
      if (!entry.tools) continue;
      for (const tool of entry.tools.values()) {
        const list = byName.get(tool.def.name);
        if (list) list.push(tool);
        else byName.set(tool.def.name, [tool]);
      }
    }
    this.byName = byName;
    for (const [name, tools] of byName) if (tools.length > 1) this.tellClash(name, tools.map((t) => t.entry.group));
  }
}
