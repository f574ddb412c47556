import { Action, closestMatch } from '@toolwright/sdk';
import type { Agent, AgentEvent, CallOptions, ConversationState, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ServedCallOptions, ServedToolset } from '../serve/served-toolset.js';
import type { ToolRow } from '../format/tool-table.js';
import type { UpstreamDirectory } from '../serve/proxy/upstream-directory.js';

/**
 * The part of the runtime's `Agent` the CLI uses: the Agent itself, or an object passing these on
 * to one (closing something else after it).
 */
export type ToolRuntime = Pick<Agent, 'toolsMap' | 'view' | 'originOf' | 'executeToolCall' | 'startTurn' | 'onToolsChanged' | 'close'>;

/** Options of {@link OpenedToolset.execute}: the SDK's call options (the conversation is the toolset's own). */
export type ExecuteCallOptions = Omit<CallOptions, 'state'>;

/** The outcome of {@link OpenedToolset.execute}. */
export interface CallOutcome {
  /** What the model would read back. */
  observation: Observation;
  /** The validated Action, when the arguments were valid. */
  action?: Action;
  /** The runtime's events for the call. */
  events: readonly AgentEvent[];
}

/**
 * The toolset a command works on: the runtime's tools map and call path, plus what the CLI
 * shows about each tool (origin label, rows for `list`, name suggestions). Closing it closes the
 * runtime (every MCP connection and child) and the conversation.
 */
export class OpenedToolset implements ServedToolset {
  private calls = 0;
  private closing?: Promise<void>;
  /** Set by {@link OpenedToolset.startTurns}: the turn's context values, and whether each call ends a turn. */
  private turns?: { values: Readonly<Record<string, unknown>>; afterEachCall: boolean; onTurnError?: (error: unknown) => void };
  /** The spec's MCP servers, when the toolset was opened for `serve` (`upstream: true`). */
  upstreams?: UpstreamDirectory;
  /** The Agent behind the toolset (set by `openToolset`), for `run`'s model loop. */
  agent?: Agent;

  constructor(
    private readonly runtime: ToolRuntime,
    private readonly state: ConversationState | undefined,
    private readonly builtinNames: ReadonlySet<string>,
  ) {}

  /**
   * The current tools: in tools-map order, or, once {@link OpenedToolset.startTurns} was called, the
   * turn's view (static tools, then the spec's toolsets resolved for the turn's context).
   */
  tools(): readonly ToolDefinition[] {
    const view = this.turns ? this.runtime.view : undefined;
    return view?.tools ? view.tools() : [...this.runtime.toolsMap.values()];
  }

  /** The names of the current tools. */
  names(): string[] {
    return this.turns ? this.tools().map((tool) => tool.name) : [...this.runtime.toolsMap.keys()];
  }

  /**
   * Resolves the spec's toolsets for the context `values` (`--context key=value`: what their
   * `when:` sees) and lists that turn's view from now on. With `afterEachCall`, every call ends
   * the turn and the next one starts with the same values, so what a call changed (tool groups
   * activated by `reset_tools`) shows in the next listing and call; such a later turn's error goes
   * to `onTurnError` and the last view stays. Rejects like `Agent.startTurn` (a toolset offering a
   * name twice for these values).
   */
  async startTurns(values: Readonly<Record<string, unknown>>, options: { afterEachCall?: boolean; onTurnError?: (error: unknown) => void } = {}): Promise<void> {
    await this.runtime.startTurn?.(values);
    this.turns = { values, afterEachCall: options.afterEachCall ?? false, onTurnError: options.onTurnError };
  }

  /** What a call of `name` is told when the tool exists but is hidden this turn (a tool of an inactive group), else undefined. */
  hiddenMessage(name: string): string | undefined {
    return this.runtime.view?.unavailableMessage?.(name);
  }

  /** The tool called `name`, if any. */
  tool(name: string): ToolDefinition | undefined {
    return this.runtime.toolsMap.get(name) ?? this.runtime.view?.get(name);
  }

  /** The closest tool name to a mistyped one. */
  suggest(name: string): string | undefined {
    return closestMatch(name, this.names());
  }

  /** `builtin` (a built-in tool spec), `native` (any other native tool), `mcp:<server>` or `group:<toolgroupId> (<provider>)`. */
  originLabel(name: string): string {
    const origin = this.runtime.originOf(name);
    if (origin?.type === 'mcp') return `mcp:${origin.server}`;
    // A tool group's tool (a spec's toolgroups or `groups register`): its executor says which group and provider.
    const group = (this.tool(name)?.executor as { toolGroupOrigin?: { toolgroupId: string; providerId: string } } | undefined)?.toolGroupOrigin;
    if (group) return `group:${group.toolgroupId} (${group.providerId})`;
    return origin?.spec !== undefined && this.builtinNames.has(origin.spec) ? 'builtin' : 'native';
  }

  /** The rows of the view of a turn with the context `values` (the spec's toolsets resolved for it). */
  async turnRows(values: Readonly<Record<string, unknown>>): Promise<ToolRow[]> {
    if (!this.runtime.startTurn) return this.rows();
    const view = await this.runtime.startTurn(values);
    return view.tools().map((tool) => ({
      name: tool.name,
      origin: this.runtime.originOf(tool.name) ? this.originLabel(tool.name) : 'toolset',
      title: tool.title,
      description: tool.description,
      annotations: tool.annotations,
    }));
  }

  /** The rows of `toolwright list` (a toolset's tool, in a turn's view, has the origin `toolset`). */
  rows(): ToolRow[] {
    return this.tools().map((tool) => ({
      name: tool.name,
      origin: this.turns && !this.runtime.originOf(tool.name) ? 'toolset' : this.originLabel(tool.name),
      title: tool.title,
      description: tool.description,
      annotations: tool.annotations,
    }));
  }

  /** Runs one call through the runtime, as an agent would. Never rejects. */
  async execute(name: string, args: string | Record<string, unknown>, options: ExecuteCallOptions = {}): Promise<CallOutcome> {
    const id = options.toolCallId ?? `cli-${++this.calls}`;
    const { events, observation } = await this.runtime.executeToolCall(
      { id, name, arguments: args },
      { signal: options.signal, timeoutMs: options.timeoutMs, onProgress: options.onProgress, client: options.client, metadata: options.metadata },
    );
    if (this.turns?.afterEachCall) await this.nextTurn();
    const actionEvent = events.find((e) => (e as { action?: unknown }).action instanceof Action) as { action: Action } | undefined;
    return { observation, action: actionEvent?.action, events };
  }

  /** Starts the next turn; its error goes to `onTurnError` and the last view stays (a call never rejects). */
  private async nextTurn(): Promise<void> {
    const turns = this.turns!;
    try {
      await this.runtime.startTurn?.(turns.values);
    } catch (error) {
      turns.onTurnError?.(error);
    }
  }

  /** {@link ServedToolset.call}: the observation of {@link OpenedToolset.execute}. */
  async call(name: string, args: Record<string, unknown>, options: ServedCallOptions): Promise<Observation> {
    return (await this.execute(name, args, options)).observation;
  }

  /** Calls `listener` after the tools changed (an MCP server's list_changed). */
  onToolsChanged(listener: () => void): () => void {
    return this.runtime.onToolsChanged(() => listener());
  }

  /** Closes the runtime and the conversation, once. Never throws. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.runtime.close().catch(() => undefined);
      await this.state?.close();
    })();
    return this.closing;
  }
}
