import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpServerConfig } from '../registry/agent-spec.js';
import { defaultRegistry } from '../registry/default-registry.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ConversationState } from '../state/conversation-state.js';
import type { ExportOptions, ToolFormat } from '../tool/provider-export.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { AgentOptions } from './agent-options.js';
import { compileToolFilter, enabledMcpServers } from './agent-settings.js';
import { runSteps } from './call-step.js';
import type { CallStep } from './call-step.js';
import { exporterFor } from './export-tool.js';
import { internalErrorMessage, internalErrorResult } from './internal-error.js';
import { loadMcpTools } from './mcp-bridge.js';
import type { CreateMcpToolsOptions, McpToolsChange, McpToolset } from '../mcp/index.js';
import { resolveNativeTools } from './resolve-native-tools.js';
import { scheduleCalls } from './schedule-calls.js';
import { buildAction } from './steps/build-action.js';
import { findTool } from './steps/find-tool.js';
import { invokeTool } from './steps/invoke-tool.js';
import { parseArguments } from './steps/parse-arguments.js';
import type { ExecuteOptions, ToolCall, ToolCallResult } from './tool-call.js';
import { ToolCallContext } from './tool-call-context.js';
import type { ToolCallEnvironment } from './tool-call-context.js';
import { describeOrigin } from './tool-origin.js';
import type { ToolOrigin } from './tool-origin.js';
import { ToolTable } from './tool-table.js';

/**
 * The agent's tool runtime: the tools that exist (native tools resolved through a registry, MCP
 * tools added directly), their provider schemas, and the execution of the model's tool calls.
 * Handling a call is a sequence of small steps over a per-call {@link ToolCallContext}; nothing a
 * model sends makes `executeToolCall` throw.
 */
export class Agent implements ToolCallEnvironment {
  private readonly registry: ToolRegistry;
  private readonly table: ToolTable;
  private readonly listeners = new Set<(change: McpToolsChange) => void>();
  private conversation?: ConversationState;
  private toolset?: McpToolset;
  private initializing?: Promise<void>;
  private ready = false;
  private closing?: Promise<void>;
  private errorsOnClose: unknown[] = [];
  /** Steps before a call is scheduled: they find the tool and build the Action. */
  protected readonly prepareSteps: CallStep[] = [findTool, parseArguments, buildAction];
  /** Steps once the call's turn has come (later: permission, approval, hooks, middleware around invoke). */
  protected readonly executeSteps: CallStep[] = [invokeTool];

  constructor(private readonly options: AgentOptions = {}) {
    this.registry = options.registry ?? defaultRegistry;
    this.table = new ToolTable(compileToolFilter(options.filterToolsRegex));
  }

  /** Every tool that exists, by name (native and MCP). */
  get toolsMap(): ReadonlyMap<string, ToolDefinition> {
    return this.table.tools;
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
   * unknown spec, bad params, two tools with one name (naming both origins), an unreachable server.
   * Calling it again with the same state returns the same promise.
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
    this.initializing = this.build(state);
    return this.initializing;
  }

  private async build(state: ConversationState): Promise<void> {
    const natives = await resolveNativeTools(this.options.tools ?? [], this.options.extraTools ?? [], this.registry, state);
    for (const { tool, origin } of natives.values()) this.table.place(tool, origin);
    const servers = enabledMcpServers(this.options.mcpServers);
    if (servers) {
      const toolset = await this.connectMcpServers(servers, {
        namePolicy: this.options.mcpNamePolicy,
        reservedNames: [...this.table.tools.keys()],
        onToolsChanged: (change) => this.applyToolsChange(change),
        cwd: state.workingDir,
      }).catch((error: unknown) => {
        throw this.withNativeOrigin(error);
      });
      this.toolset = toolset;
      try {
        for (const tool of toolset.tools) this.table.placeMcp(tool);
      } catch (error) {
        this.toolset = undefined;
        await toolset.close();
        throw error;
      }
    }
    this.ready = true;
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
    if (!this.ready || this.closing || !this.toolset) return;
    const applied = this.table.applyMcpChange(change, this.toolset.tools);
    if (applied.added.length + applied.removed.length + applied.changed.length === 0) return;
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

  /** The tools the model sees this turn (today: all of them; later issues narrow this per turn). */
  protected visibleTools(): ToolDefinition[] {
    return [...this.table.tools.values()];
  }

  /** Every visible tool in a provider format, from the tools' cached exports. */
  toolSchemas(format: ToolFormat, options: ExportOptions = {}): unknown[] {
    const exporter = exporterFor(format);
    return this.visibleTools().map((tool) => exporter(tool, options));
  }

  /**
   * Runs one tool call: find the tool, parse the arguments, build the Action (`ActionEvent`),
   * invoke it (`ObservationEvent`); or one `AgentErrorEvent` saying what was wrong and what is
   * expected. Never rejects, whatever `call` is.
   */
  executeToolCall(call: ToolCall, options: ExecuteOptions = {}): Promise<ToolCallResult> {
    let ctx: ToolCallContext;
    try {
      ctx = this.contextFor(call, options);
    } catch (error) {
      return Promise.resolve(internalErrorResult(error));
    }
    try {
      const prepared = runSteps(ctx, this.prepareSteps);
      const executed = prepared ? prepared.then(() => runSteps(ctx, this.executeSteps)) : runSteps(ctx, this.executeSteps);
      if (!executed) return Promise.resolve(this.finish(ctx));
      return executed.then(
        () => this.finish(ctx),
        (error: unknown) => this.finish(ctx, error),
      );
    } catch (error) {
      return Promise.resolve(this.finish(ctx, error));
    }
  }

  /**
   * Runs several tool calls as concurrently as is safe (read-only tools together, writers of a
   * declared resource one after another, undeclared writers alone); results in call order. Never rejects.
   */
  async executeToolCalls(calls: ToolCall[], options: ExecuteOptions = {}): Promise<ToolCallResult[]> {
    let list: unknown[];
    try {
      list = Array.from(calls);
    } catch {
      return [];
    }
    const contexts: (ToolCallContext | ToolCallResult)[] = list.map((call) => {
      try {
        return this.contextFor(call as ToolCall, options);
      } catch (error) {
        return internalErrorResult(error);
      }
    });
    const live = contexts.filter((c): c is ToolCallContext => c instanceof ToolCallContext);
    await Promise.all(live.map((ctx) => this.guarded(ctx, this.prepareSteps)));
    await scheduleCalls(live, (ctx) => this.guarded(ctx, this.executeSteps));
    return contexts.map((c) => (c instanceof ToolCallContext ? this.finish(c) : c));
  }

  /** Runs `steps` over `ctx`; an escaped error finishes the call as an internal error. Never rejects. */
  private async guarded(ctx: ToolCallContext, steps: readonly CallStep[]): Promise<void> {
    try {
      await runSteps(ctx, steps);
    } catch (error) {
      if (!ctx.done) ctx.fail(ErrorCode.INTERNAL, internalErrorMessage(error));
    }
  }

  private contextFor(call: ToolCall, options: ExecuteOptions): ToolCallContext {
    const record: Partial<Record<keyof ToolCall, unknown>> = typeof call === 'object' && call !== null ? call : {};
    const id = record.id;
    const ctx = new ToolCallContext(this, typeof options === 'object' && options !== null ? options : {}, {
      id: typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '',
      name: record.name,
      arguments: record.arguments,
    });
    if (this.closing) ctx.fail(ErrorCode.CLOSED, 'The agent is closed; tool calls can no longer run.');
    else if (!this.ready) ctx.fail(ErrorCode.INTERNAL, 'The agent is not initialized: tool calls run only after `await agent.initialize(state)`.');
    return ctx;
  }

  private finish(ctx: ToolCallContext, error?: unknown): ToolCallResult {
    if (!ctx.done) ctx.fail(ErrorCode.INTERNAL, internalErrorMessage(error ?? new Error('no step produced a result')));
    return ctx.result();
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
    const toolset = this.toolset;
    this.toolset = undefined;
    try {
      await toolset?.close();
    } catch (error) {
      errors.push(error);
    }
    try {
      if (this.conversation) errors.push(...(await this.conversation.close()));
    } catch (error) {
      errors.push(error);
    }
    this.listeners.clear();
    this.errorsOnClose = errors;
  }
}
