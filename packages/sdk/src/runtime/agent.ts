import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpServerConfig } from '../registry/mcp-server-config.js';
import { defaultRegistry } from '../registry/default-registry.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ConversationState } from '../state/conversation-state.js';
import type { ExportOptions, ToolFormat } from '../tool/provider-export.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { AgentOptions } from './agent-options.js';
import { compileToolFilter, enabledMcpServers } from './agent-settings.js';
import { locksFor } from '../tool/resource-locks.js';
import type { ResourceLocks } from '../tool/resource-locks.js';
import type { CallOptions } from '../tool/tool-context.js';
import { CallContext } from './call-context.js';
import type { CallEnvironment } from './call-context.js';
import { CallPipeline } from './call-pipeline.js';
import { PolicyRuntime } from './policy/policy-runtime.js';
import type { Policy } from '../policy/policy.js';
import { resumeCalls } from './policy/resume-calls.js';
import { checkPermission } from './policy/check-permission.js';
import type { PermissionCheck } from './policy/check-permission.js';
import type { PendingApproval } from '../policy/pending-approval.js';
import type { ApprovalAnswer } from '../policy/approval-answer.js';
import { exporterFor } from './export-tool.js';
import { internalErrorResult } from './internal-error.js';
import { agentClientHandlers, withAgentClient } from './agent-client-handlers.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import { loadMcpTools } from './mcp-bridge.js';
import { McpConnections } from './mcp-connections.js';
import type { McpServerStatus } from './mcp-connections.js';
import type { CreateMcpToolsOptions, McpToolsChange, McpToolset } from '../mcp/mcp-toolset.js';
import { resolveNativeTools } from './resolve-native-tools.js';
import type { ToolCall, ToolCallResult } from './tool-call.js';
import { describeOrigin } from './tool-origin.js';
import type { ToolOrigin } from './tool-origin.js';
import { ToolTable } from './tool-table.js';
import { ToolView } from './tool-view.js';
import { ToolsetResolver } from '../toolsets/toolset-resolver.js';
import type { ResolvedToolsets } from '../toolsets/toolset-resolver.js';
import { turnContext } from '../toolsets/turn-context.js';
import type { TurnContext } from '../toolsets/turn-context.js';
import { CallRecording } from '../record/call-recording.js';
import type { Recorder } from '../record/recorder.js';
import { maskedError } from '../secrets/masked-error.js';

/** The options of a call given none (shared and frozen: the default costs no object per call). */
const NO_CALL_OPTIONS: CallOptions = Object.freeze({});

/**
 * The agent's tool runtime: the tools that exist (a {@link ToolTable}: native tools resolved
 * through a registry, MCP tools added directly), what the model sees this turn (a
 * {@link ToolView}), their provider schemas, and the execution of the model's tool calls through
 * one {@link CallPipeline} (configured by `AgentOptions`: middleware, permission, approval,
 * hooks). Nothing a model sends makes `executeToolCall` throw.
 */
export class Agent implements CallEnvironment {
  private readonly registry: ToolRegistry;
  private readonly table: ToolTable;
  private readonly pipeline: CallPipeline;
  private readonly policyRuntime?: PolicyRuntime;
  private readonly toolsetResolver?: ToolsetResolver;
  private turnValues: Readonly<Record<string, unknown>> = {};
  private currentView?: ToolView;
  private readonly listeners = new Set<(change: McpToolsChange) => void>();
  private conversation?: ConversationState;
  /** The conversation's resource locks, looked up once (every call reserves a place in them). */
  private resourceLocks?: ResourceLocks;
  private mcp?: McpConnections;
  private readonly statusListeners = new Set<(status: McpServerStatus) => void>();
  private initializing?: Promise<void>;
  private ready = false;
  private closing?: Promise<void>;
  private errorsOnClose: unknown[] = [];
  /** What `onLog`/`onSample`/`onElicit` offer the tools' `ToolContext`. */
  private readonly clientHandlers: ClientHandlers | undefined;
  /** Writes each finished call to the recorder (`AgentOptions.recorder`, {@link Agent.recordTo}). */
  private recording?: CallRecording;

  /** Throws `INVALID_SPEC` for malformed options (a filter that is not a regex, a middleware or hook that is not a function). */
  constructor(private readonly options: AgentOptions = {}) {
    this.registry = options.registry ?? defaultRegistry;
    this.clientHandlers = agentClientHandlers(options);
    if (options.recorder) this.recording = new CallRecording(options.recorder);
    this.table = new ToolTable(compileToolFilter(options.filterToolsRegex));
    this.toolsetResolver = options.toolsets?.length ? new ToolsetResolver(options.toolsets) : undefined;
    // The policy fills the pipeline's permission slot (its approval step runs inside it).
    this.policyRuntime = options.policy ? new PolicyRuntime(options.policy) : undefined;
    const policy = this.policyRuntime;
    if (policy && options.permission) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: "Agent options 'policy' and 'permission' both fill the permission phase; give one of them." });
    }
    this.pipeline = new CallPipeline(options, policy ? { permission: policy.permissionStep } : {});
    if (options.visible !== undefined && typeof options.visible !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'visible must be a function (tool) => boolean.' });
    }
  }

  /** Every tool that exists, by name (native and MCP). */
  get toolsMap(): ReadonlyMap<string, ToolDefinition> {
    return this.table.tools;
  }

  /**
   * What the model sees this turn: the view of the last {@link Agent.startTurn} (computed on first
   * need, and again after the tools changed). {@link Agent.toolSchemas} exports it; calls may only
   * name tools in it.
   */
  get view(): ToolView {
    return (this.currentView ??= this.computeView());
  }

  /** The per-resource write order of this agent's conversation (shared with direct `tool.call`s given the same state). */
  get locks(): ResourceLocks {
    return this.resourceLocks ?? locksFor(this.conversation);
  }

  /**
   * Computes the view again from the tools and the toolsets' last resolution (`options.visible`
   * asked again) and returns it, without resolving the toolsets.
   * @deprecated Start a turn with {@link Agent.startTurn}: it resolves the toolsets too.
   */
  refreshView(): ToolView {
    return this.recomputeView();
  }

  private computeView(): ToolView {
    const visible = this.options.visible;
    const resolved = this.toolsetResolver?.current;
    // Tools a toolset took over by name (a tool group's) are shown only through it.
    const claimed = this.toolsetResolver?.claimed;
    const own = claimed?.size ? [...this.table.tools.values()].filter((tool) => !claimed.has(tool.name)) : this.table.tools.values();
    const tools = [...own, ...(resolved?.tools ?? [])];
    return new ToolView(visible ? tools.filter((tool) => visible(tool)) : tools, resolved?.unavailable);
  }

  /**
   * Starts a turn, the one way to advance one: resolves the toolsets for `values` (the host's
   * per-turn context: role, flags, …), asks `options.visible` again, and computes the view that
   * {@link Agent.toolSchemas} exports and calls are checked against until the next turn. Call it
   * before each model request. Rejects with `DUPLICATE_TOOL` when a toolset offers a static
   * tool's name, or with a toolset's own error.
   */
  async startTurn(values: Readonly<Record<string, unknown>> = {}): Promise<ToolView> {
    this.turnValues = values;
    const resolver = this.toolsetResolver;
    if (!resolver) return this.recomputeView();
    const before = resolver.current;
    const resolved = await resolver.resolve(this.turnContext());
    // Unchanged toolsets (same resolution) and no visibility filter to ask again: the same view.
    if (resolved === before && this.currentView && this.options.visible === undefined) return this.currentView;
    this.checkToolsetNames(resolved);
    return this.recomputeView();
  }

  private recomputeView(): ToolView {
    this.currentView = this.computeView();
    return this.currentView;
  }

  /** The context toolsets get this turn. */
  turnContext(): TurnContext {
    return { ...turnContext(this.turnValues, this.conversation), policy: this.policyRuntime !== undefined, agentTools: this.table.tools };
  }

  private checkToolsetNames(resolved: ResolvedToolsets): void {
    const claimed = this.toolsetResolver?.claimed;
    for (const tool of resolved.tools) {
      const origin = this.table.originOf(tool.name);
      if (!origin || (claimed?.has(tool.name) && this.table.tools.get(tool.name) === tool)) continue;
      throw new ToolwrightError({
        code: ErrorCode.DUPLICATE_TOOL,
        message: `Tool name '${tool.name}' is produced by both ${describeOrigin(origin)} and a toolset. Rename or prefix one of them.`,
        details: { name: tool.name },
      });
    }
  }

  /**
   * The system-prompt text of this turn's tools: the toolsets' instructions of tools in the view,
   * `<tool-instruction name="g">…</tool-instruction>` per group (first wins), joined by newlines;
   * empty when there are none.
   */
  async instructions(): Promise<string> {
    const resolver = this.toolsetResolver;
    if (!resolver) return '';
    const view = this.view;
    return resolver.instructions(this.turnContext(), (name) => view.has(name));
  }

  /** The conversation, once {@link Agent.initialize} was called. */
  get state(): ConversationState | undefined {
    return this.conversation;
  }

  /** Errors collected by {@link Agent.close} (executors, MCP connections); empty before. */
  get closeErrors(): readonly unknown[] {
    return this.errorsOnClose;
  }

  /** Where a tool came from: a native spec (or `extraTools`), or an MCP server. */
  originOf(name: string): ToolOrigin | undefined {
    return this.table.originOf(name);
  }

  /**
   * Builds the tools map for `state`: native specs through the registry, then `extraTools`, then
   * (only when MCP servers are configured) the MCP tools. Throws for configuration mistakes:
   * unknown spec, bad params, two tools with one name (naming both origins), an unreachable server
   * (the process's registered secrets are masked in the error). Calling it again with the same state returns the same promise.
   */
  initialize(state: ConversationState): Promise<void> {
    if (this.closing) return Promise.reject(this.closedError());
    if (typeof state !== 'object' || state === null || typeof state.workingDir !== 'string' || typeof state.close !== 'function') {
      return Promise.reject(
        new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'agent.initialize(state) needs a ConversationState (new ConversationState({ workingDir })).' }),
      );
    }
    if (this.initializing) {
      if (this.conversation === state) return this.initializing;
      return Promise.reject(
        new ToolwrightError({
          code: ErrorCode.INVALID_SPEC,
          message: `This agent is already initialized for conversation '${this.conversation?.id}'; create a new Agent for conversation '${state?.id}'.`,
        }),
      );
    }
    this.conversation = state;
    this.resourceLocks = locksFor(state);
    // What it rejects with may echo a secret (an MCP server's stderr, a spec's value): masked like every sink.
    this.initializing = this.build(state).catch((error: unknown) => {
      throw maskedError(error);
    });
    return this.initializing;
  }

  private async build(state: ConversationState): Promise<void> {
    await this.policyRuntime?.initialize(state);
    const natives = await resolveNativeTools(this.options.tools ?? [], this.options.extraTools ?? [], this.registry, state);
    for (const { tool, origin } of natives.values()) this.table.place(tool, origin);
    const servers = enabledMcpServers(this.options.mcpServers);
    if (servers) {
      const mcp = new McpConnections(servers, (s, o) => this.connectMcpServers(s, o), (status) => this.reportStatus(status));
      const toolsets = await mcp.start(this.mcpOptions(state)).catch((error: unknown) => {
        throw this.withNativeOrigin(error);
      });
      this.mcp = mcp;
      try {
        for (const tool of toolsets.flatMap((toolset) => toolset.tools)) this.table.placeMcp(tool);
      } catch (error) {
        this.mcp = undefined;
        await mcp.close();
        throw error;
      }
    }
    if (this.toolsetResolver) {
      await this.toolsetResolver.start(this.turnContext());
      this.checkToolsetNames(await this.toolsetResolver.resolve(this.turnContext()));
    }
    this.checkHookNames();
    this.currentView = undefined;
    this.ready = true;
    this.recording?.tools(this.table.tools.values());
  }

  /** The recorder this agent's calls are written to (`runTools` records the model's turns to it too). */
  get recorder(): Recorder | undefined {
    return this.recording?.recorder;
  }

  /**
   * Records this agent's calls to `recorder` from now on (undefined: stops recording), as the
   * `recorder` option does; an initialized agent writes its tools' schema lines at once.
   */
  recordTo(recorder: Recorder | undefined): void {
    this.recording = recorder ? new CallRecording(recorder) : undefined;
    if (this.ready) this.recording?.tools(this.table.tools.values());
  }

  private mcpOptions(state: ConversationState): CreateMcpToolsOptions {
    return {
      namePolicy: this.options.mcpNamePolicy,
      reservedNames: [...this.table.tools.keys()],
      onToolsChanged: (change) => this.applyToolsChange(change),
      cwd: state.workingDir,
      clientHandlers: this.clientHandlers,
    };
  }

  private reportStatus(status: McpServerStatus): void {
    for (const listener of [...this.statusListeners]) {
      try {
        listener(status);
      } catch {
        // A failing listener must not stop the others.
      }
    }
  }

  /** Each enabled MCP server's state: connected (with its tools) or failed (with why). Empty before `initialize`. */
  status(): { mcpServers: McpServerStatus[] } {
    return { mcpServers: this.mcp?.status() ?? [] };
  }

  /** Calls `listener` whenever an MCP server connects or fails (during `initialize` and `reconnect`). Returns an unsubscribe function. */
  onServerStatus(listener: (status: McpServerStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /**
   * Tries a failed MCP server again. On success its tools join the tools map (named against the
   * tools already there), `onToolsChanged` listeners hear of them, and its status is returned.
   * Rejects with the connection error when it still cannot be reached (`status()` says so too),
   * or `INVALID_SPEC` for a name that is not an enabled server. A connected server is left as is.
   */
  async reconnect(name: string): Promise<McpServerStatus> {
    if (this.closing) throw this.closedError();
    if (!this.ready || !this.mcp || !this.conversation) {
      await this.initializing;
      if (!this.mcp || !this.conversation) {
        throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `This agent has no MCP servers to reconnect ('${name}'); give mcpServers and await agent.initialize(state) first.` });
      }
    }
    const toolset = await this.mcp.reconnect(name, this.mcpOptions(this.conversation)).catch((error: unknown) => {
      throw maskedError(error);
    });
    if (toolset) {
      const added: string[] = [];
      for (const tool of toolset.tools) {
        if (this.table.placeMcp(tool)) added.push(tool.name);
      }
      this.currentView = undefined;
      this.notifyToolsChanged({ server: name, added, removed: [], changed: [] });
    }
    return this.mcp.status().find((status) => status.name === name)!;
  }

  /** Hooks for a tool this agent does not have are a configuration mistake (a typo would silently never run). */
  private checkHookNames(): void {
    const named = Object.keys(this.options.hooks?.tools ?? {});
    const missing = named.filter((name) => !this.table.tools.has(name));
    // Toolsets may offer a tool in a later turn (a group activated, a filter passing): not knowable here.
    if (missing.length === 0 || this.toolsetResolver) return;
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `hooks.tools names ${missing.map((n) => `'${n}'`).join(', ')}, which this agent does not have. Tools: ${[...this.table.tools.keys()].join(', ') || '(none)'}.`,
      details: { missing },
    });
  }

  /**
   * Connects to the enabled MCP servers and builds their tools (default: `createMcpTools` from the
   * MCP layer, loaded on first need). A seam for hosts and tests that bring their own transports.
   */
  protected connectMcpServers(servers: Record<string, McpServerConfig>, options: CreateMcpToolsOptions): Promise<McpToolset> {
    return loadMcpTools(servers, options);
  }

  /** A name clash the MCP layer reports against a native tool, retold with the native tool's spec. */
  private withNativeOrigin(error: unknown): unknown {
    if (!ToolwrightError.hasCode(error, ErrorCode.DUPLICATE_TOOL)) return error;
    const { name, sources } = error.details;
    const origin = typeof name === 'string' ? this.table.originOf(name) : undefined;
    if (origin?.type !== 'native' || !Array.isArray(sources) || typeof sources[1] !== 'string') return error;
    return new ToolwrightError({
      code: ErrorCode.DUPLICATE_TOOL,
      message: `Tool name '${name}' is produced by both ${describeOrigin(origin)} and ${sources[1]}. Use mcpNamePolicy 'prefix' or 'prefix-on-conflict', give the server a prefix, or drop one of the tools.`,
      details: { ...error.details, origins: [origin, sources[1]] },
      cause: error,
    });
  }

  private applyToolsChange(change: McpToolsChange): void {
    const toolset = this.mcp?.toolsetOf(change.server);
    if (!this.ready || this.closing || !toolset) return;
    const applied = this.table.applyMcpChange(change, toolset.tools);
    if (applied.added.length + applied.removed.length + applied.changed.length === 0) return;
    this.currentView = undefined;
    this.notifyToolsChanged(applied);
  }

  private notifyToolsChanged(applied: McpToolsChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(applied);
      } catch {
        // A failing listener must not stop the others or the MCP client.
      }
    }
  }

  /** Calls `listener` after an MCP server's tool list changed and the tools map was updated. Returns an unsubscribe function. */
  onToolsChanged(listener: (change: McpToolsChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Every tool of this turn's view ({@link Agent.view}) in a provider format, from the tools'
   * cached exports. Does not start a turn: call {@link Agent.startTurn} first (each turn), so the
   * toolsets and `visible` are asked again; exporting twice in one turn gives the same tools.
   * A tool the format cannot offer is left out (Gemini: a required argument its schema cannot
   * describe), with a warning to `options.onWarning`.
   */
  toolSchemas(format: ToolFormat, options: ExportOptions = {}): unknown[] {
    const exporter = exporterFor(format);
    // A tool the format cannot offer (Gemini: a required argument it cannot describe) is left out; onWarning says why.
    return this.view
      .tools()
      .map((tool) => exporter(tool, options))
      .filter((exported) => exported !== undefined);
  }

  /**
   * Runs one tool call through the pipeline: find the tool in this turn's view, parse the
   * arguments, build the Action (`ActionEvent`), permission, approval, hooks, the tool's middleware,
   * invoke (`ObservationEvent`); or one `AgentErrorEvent` saying what was wrong and what is
   * expected. Calls that touch the same resource run in the order they were started, whatever
   * the entry point. Never rejects, whatever `call` is.
   */
  executeToolCall(call: ToolCall, options: CallOptions = NO_CALL_OPTIONS): Promise<ToolCallResult> {
    const started = this.recording?.started();
    let ctx: CallContext;
    try {
      ctx = this.contextFor(call, options);
      if (ctx.settled) return Promise.resolve(this.finish(ctx, started));
    } catch (error) {
      return Promise.resolve(internalErrorResult(error));
    }
    // A call that finished synchronously (its tool answered at once) makes no promise hop.
    const running = this.pipeline.start(ctx);
    return running ? running.then(() => this.finish(ctx, started)) : Promise.resolve(this.finish(ctx, started));
  }

  /**
   * Runs several tool calls as concurrently as is safe (read-only tools together, writers of a
   * declared resource one after another in call order, undeclared writers alone); results in
   * call order. Never rejects.
   */
  executeToolCalls(calls: ToolCall[], options: CallOptions = {}): Promise<ToolCallResult[]> {
    let list: unknown[];
    try {
      list = Array.from(calls);
    } catch {
      return Promise.resolve([]);
    }
    // Started one after another: each asks for its resource lock synchronously, so the locks are
    // granted in call order.
    return Promise.all(list.map((call) => this.executeToolCall(call as ToolCall, options)));
  }

  /**
   * The agent's policy (engine, rules, grants file, audit log), once initialized with a `policy`
   * option; change `policy.engine.mode` or add rules at any time.
   */
  get policy(): Policy | undefined {
    return this.policyRuntime?.policy;
  }

  /**
   * Finishes calls left pending in deferred mode (`ToolCallResult.pending`, plain JSON, from this
   * process or another) with the user's answers by tool-call id; a call without an answer is asked
   * again or stays pending. The current rules decide first. Each approval envelope must come from
   * this conversation unmodified (its MAC binds call id, tool, arguments and conversation) and is
   * answered once: an altered, foreign, MAC-less or already answered one rejects with
   * `PERMISSION_DENIED` and nothing runs. Also rejects for malformed pending JSON or answers
   * (`INVALID_ARGUMENTS`) or an agent without a policy (`INVALID_SPEC`).
   */
  resume(pending: readonly PendingApproval[], answers: Record<string, ApprovalAnswer>, options?: CallOptions): Promise<ToolCallResult[]> {
    return resumeCalls(this, this.policyRuntime, pending, answers, options);
  }

  /**
   * What the policy would decide about `call` in this turn's view — `allow`, `ask`, `deny` (with
   * the rule and reason), or `invalid` (unknown tool, bad arguments) — without running it: no
   * events, no audit line, no approval asked. For frameworks that ask for approval before they
   * call a tool (AI SDK `needsApproval`, openai-agents interruptions). Never rejects.
   */
  checkPermission(call: ToolCall): Promise<PermissionCheck> {
    return checkPermission(this, this.policyRuntime?.policy, call);
  }

  private finish(ctx: CallContext, started?: number): ToolCallResult {
    try {
      const result = ctx.result();
      if (started !== undefined) this.recording?.finished(ctx, result, started);
      return result;
    } catch (error) {
      return internalErrorResult(error);
    }
  }

  private contextFor(call: ToolCall, options: CallOptions): CallContext {
    const record: Partial<Record<keyof ToolCall, unknown>> = typeof call === 'object' && call !== null ? call : {};
    const id = record.id;
    const ctx = new CallContext(this, withAgentClient(typeof options === 'object' && options !== null ? options : {}, this.clientHandlers), typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '', record.name, record.arguments);
    if (this.closing) ctx.failWith(ErrorCode.CLOSED, 'The agent is closed; tool calls can no longer run.');
    else if (!this.ready) ctx.failWith(ErrorCode.INTERNAL, 'The agent is not initialized: tool calls run only after `await agent.initialize(state)`.');
    // Its place in the resource queue, in call order, taken as soon as it waits before its lock
    // (given up by finish → ctx.result()).
    else ctx.reserveLockOnWait();
    return ctx;
  }

  private closedError(): ToolwrightError {
    return new ToolwrightError({ code: ErrorCode.CLOSED, message: 'The agent is closed; it cannot be initialized. Create a new Agent.' });
  }

  /**
   * Closes the MCP connections and the conversation (every executor its container created), once,
   * even if one of them throws; errors are kept in {@link Agent.closeErrors}, never thrown.
   * Tools passed as `extraTools` or registered as fixed instances belong to their owner and stay open.
   */
  close(): Promise<void> {
    return (this.closing ??= this.shutdown());
  }

  private async shutdown(): Promise<void> {
    await this.initializing?.catch(() => undefined);
    const errors: unknown[] = [];
    const mcp = this.mcp;
    this.mcp = undefined;
    try {
      await mcp?.close();
    } catch (error) {
      errors.push(error);
    }
    try {
      if (this.conversation) errors.push(...(await this.conversation.close()));
    } catch (error) {
      errors.push(error);
    }
    try {
      await this.toolsetResolver?.close();
    } catch (error) {
      errors.push(error);
    }
    this.listeners.clear();
    this.policyRuntime?.close();
    this.errorsOnClose = errors;
  }
}
