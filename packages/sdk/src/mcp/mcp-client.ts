import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ListToolsResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, ClientRequest, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpConcurrency } from '../registry/mcp-server-config.js';
import { checkMcpTimeout } from './check-mcp-timeout.js';
import { describeError, isErrorLike } from './describe-error.js';
import { callError, closedError, connectError, describeDrop, isUndelivered, reconnectError, unsendableError } from './mcp-client-errors.js';
import type { McpClientFacts, StartupFacts, StartupStep } from './mcp-client-errors.js';
import { CLIENT_INFO, MCP_DEFAULTS } from './mcp-defaults.js';
import { installIncomingGate } from './incoming-message-gate.js';
import { jsonArgumentsIssue } from './json-arguments-issue.js';
import { StdioProcessTransport } from './stdio-process-transport.js';
import { withTimeout } from './with-timeout.js';
import type { McpCallOptions } from './mcp-call-options.js';
import { rawToolCall } from './raw-tool-call.js';
import type { RawCallChannel } from './raw-tool-call.js';
import { declaredCapabilities, installCapabilityHandlers } from './mcp-client-capabilities.js';
import type { McpClientCapabilities } from './mcp-client-capabilities.js';
import { McpCallerRouter } from './mcp-caller-router.js';
import type { CallerResolution } from './mcp-caller-router.js';
import { installNotificationRelay } from './mcp-server-notification.js';
import type { McpServerNotification } from './mcp-server-notification.js';
import { traceMcpRequest } from '../telemetry/trace-mcp-request.js';
import type { McpTraceMeta } from '../telemetry/trace-mcp-request.js';

/** The connect limit ran out (told apart from the SDK's own errors). */
class ConnectTimeout extends Error {}

/** Makes a fresh, unstarted transport for each (re)connection. */
export type McpTransportFactory = () => Transport | Promise<Transport>;


/**
 * The SDK's `Client` class, imported when a client first connects: a process that only serves
 * (`toolwright serve` without upstream servers) never loads the SDK's client modules.
 */
let clientClass: Promise<typeof Client> | undefined;
function loadClient(): Promise<typeof Client> {
  return (clientClass ??= import('@modelcontextprotocol/sdk/client/index.js').then((module) => module.Client));
}

/** Where an {@link MCPClient} is in its life. */
export type MCPClientState = 'idle' | 'connecting' | 'connected' | 'dropped' | 'closed';

/** Options of {@link MCPClient}. */
export interface MCPClientOptions {
  /** The server's name (from the config); it appears in every error. */
  name: string;
  /** Makes the transport; called again to reconnect after a dropped connection. */
  transport: McpTransportFactory;
  /** Where the server is, for messages (`node server.js`, `http://…/mcp`). */
  target?: string;
  /** Connect plus the first tool list (default 30 s). */
  connectTimeoutMs?: number;
  /** Each call (default 300 s). */
  callTimeoutMs?: number;
  /** Closing the connection (default 10 s). */
  closeTimeoutMs?: number;
  /** Only these tools (by MCP name) become Toolwright tools. */
  enabledTools?: readonly string[];
  /** All tools but these (by MCP name). */
  disabledTools?: readonly string[];
  /** Prefix of this server's tool names (`<prefix>_<tool>`). */
  prefix?: string;
  /** `'parallel'`: this server's tools that are not read-only may run at the same time (default `'serial'`: one at a time). */
  concurrency?: McpConcurrency;
  /** What this client offers the server (sampling, elicitation, roots); declared at `initialize`. */
  capabilities?: McpClientCapabilities;
  /**
   * A new session for every call (initialize, call, close), for stateless servers that keep
   * nothing between requests; the tools are listed once at `connect`. Default false.
   */
  sessionPerCall?: boolean;
}

/** Options of {@link MCPClient.send}. */
export interface McpRequestOptions {
  /** Cancels the request (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Time limit in ms (default: the client's `callTimeoutMs`). */
  timeoutMs?: number;
}

interface Session {
  client: Client;
  transport: Transport;
  /** The session's channel for `rawToolCall` (see {@link MCPClient.rawChannel}), made on first use. */
  raw?: RawCallChannel;
}

/** Output schemas are checked lazily by the tools; the SDK must not compile them all at list time. */
const NO_EAGER_VALIDATION: jsonSchemaValidator = {
  getValidator: () => (input: unknown) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/**
 * One connection to one MCP server, shared by all its tools. Connects (and lists tools) within
 * the connect timeout; calls run under the call timeout and can be cancelled; a dropped connection
 * is reopened once on the next call; `notifications/tools/list_changed` re-lists the tools and
 * tells {@link MCPClient.onToolsChanged} listeners. Errors are `ToolwrightError`s whose message
 * names the server, says what happened and, for stdio servers, ends with their last stderr lines.
 */
export class MCPClient {
  readonly name: string;
  readonly target: string;
  readonly connectTimeoutMs: number;
  readonly callTimeoutMs: number;
  readonly closeTimeoutMs: number;
  readonly enabledTools?: readonly string[];
  readonly disabledTools?: readonly string[];
  readonly prefix?: string;
  /** How calls of this server's tools that are not read-only are ordered (see {@link MCPClientOptions.concurrency}). */
  readonly concurrency: McpConcurrency;

  private readonly factory: McpTransportFactory;
  private readonly capabilities?: McpClientCapabilities;
  private readonly sessionPerCall: boolean;
  private session?: Session;
  private status: MCPClientState = 'idle';
  private dropReason?: string;
  private lastTransport?: Transport;
  private lastError?: Error;
  private opening?: Promise<Session>;
  private closing?: Promise<void>;
  private refreshing?: Promise<void>;
  private refreshAgain = false;
  private listed: readonly Tool[] = [];
  private readonly listeners = new Set<(tools: readonly Tool[]) => void>();
  private readonly notificationListeners = new Set<(notification: McpServerNotification, during: CallerResolution) => void>();
  private readonly callers = new McpCallerRouter();
  private capabilitiesSeen?: ServerCapabilities;
  private offered: { sampling: boolean; elicitation: boolean } = { sampling: true, elicitation: true };

  constructor(options: MCPClientOptions) {
    this.name = options.name;
    this.factory = options.transport;
    this.capabilities = options.capabilities;
    this.sessionPerCall = options.sessionPerCall === true;
    this.target = options.target ?? 'custom transport';
    const limit = (field: 'connectTimeoutMs' | 'callTimeoutMs' | 'closeTimeoutMs'): number | undefined => checkMcpTimeout(options[field], `MCP client '${options.name}': ${field}`);
    this.connectTimeoutMs = limit('connectTimeoutMs') ?? MCP_DEFAULTS.connectTimeoutMs;
    this.callTimeoutMs = limit('callTimeoutMs') ?? MCP_DEFAULTS.callTimeoutMs;
    this.closeTimeoutMs = limit('closeTimeoutMs') ?? MCP_DEFAULTS.closeTimeoutMs;
    if (options.enabledTools) this.enabledTools = options.enabledTools;
    if (options.disabledTools) this.disabledTools = options.disabledTools;
    if (options.prefix !== undefined) this.prefix = options.prefix;
    if (options.concurrency !== undefined && options.concurrency !== 'serial' && options.concurrency !== 'parallel') {
      throw new ToolwrightError({
        code: ErrorCode.MCP_CONFIG,
        message: `MCP client '${options.name}': concurrency ${JSON.stringify(options.concurrency)} is not allowed; expected 'serial' (the default) or 'parallel'.`,
      });
    }
    this.concurrency = options.concurrency ?? 'serial';
  }

  /** Where the client is in its life. */
  get state(): MCPClientState {
    return this.status;
  }

  /** The tools of the last listing (raw MCP tools, unfiltered). */
  get tools(): readonly Tool[] {
    return this.listed;
  }

  /** What the server declared at its last `initialize` (undefined before the first connection). */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.capabilitiesSeen;
  }

  /**
   * Calls `listener` with each logging message, resource update and prompts/resources
   * `list_changed` notification of the server (checked against the protocol's schemas first;
   * tool list changes go to {@link MCPClient.onToolsChanged}), and which call it arrived during:
   * the client of the latest call in flight (see `McpCallOptions.client`) when all calls in flight
   * come from one client scope (`setCallScope`), `ambiguous` when they do not. Returns the
   * unsubscribe function.
   */
  onNotification(listener: (notification: McpServerNotification, during: CallerResolution) => void): () => void {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  /** The stdio server's process id (of the current or last process), if it is one. */
  get pid(): number | undefined {
    return this.lastTransport instanceof StdioProcessTransport ? this.lastTransport.pid : undefined;
  }

  /** The stdio server's last stderr lines (empty for other transports). */
  stderrTail(): string[] {
    return this.lastTransport instanceof StdioProcessTransport ? this.lastTransport.stderr.snapshot() : [];
  }

  /** Connects and lists the tools (once; later calls return the current list). Throws `MCP_CONNECTION` or `CLOSED`. */
  async connect(): Promise<readonly Tool[]> {
    if (this.isClosed()) throw this.closedError();
    if (!this.session) await this.open();
    if (this.sessionPerCall && this.session) {
      // The listing session is not kept: each call opens its own.
      const session = this.session;
      this.session = undefined;
      session.client.onclose = undefined;
      await this.dispose(session.client, session.transport);
    }
    return this.listed;
  }

  /** Lists the tools now; listeners hear about it. */
  async refreshTools(): Promise<readonly Tool[]> {
    const session = this.session ?? (await this.open());
    const tools = await this.fetchTools(session.client, this.connectTimeoutMs);
    if (this.session === session) this.setListed(tools);
    return tools;
  }

  /** Calls `listener` with the new tool list after each re-listing; returns the unsubscribe function. */
  onToolsChanged(listener: (tools: readonly Tool[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls a tool by its MCP name. Resolves with the raw result (including `isError` results);
   * rejects with a `ToolwrightError`: `TIMEOUT`, `ABORTED`, `MCP_CONNECTION`, `CLOSED`,
   * `EXECUTION_FAILED` for a JSON-RPC error or a malformed result, or `INVALID_ARGUMENTS` for
   * arguments JSON cannot carry (nested over `MCP_DEFAULTS.maxArgumentDepth`, a cycle, a BigInt),
   * which are refused before anything is sent.
   */
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions = {}): Promise<CallToolResult> {
    const unsendable = jsonArgumentsIssue(args);
    if (unsendable) return Promise.reject(unsendableError(this.name, name, unsendable));
    if (options.timeoutMs !== undefined && options.timeoutMs !== 0) {
      try {
        checkMcpTimeout(options.timeoutMs, `The call option timeoutMs of '${name}'`, ErrorCode.INVALID_OPTIONS);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const release = options.client ? this.callers.enter(options.client) : undefined;
    // While tracing: a CLIENT span around the round trip, its trace context sent in params._meta.
    const result = traceMcpRequest('tools/call', name, this.name, (meta) => {
      const send = (session: Session): Promise<CallToolResult> => this.request(session, name, args, options, meta);
      // The raw channel when the call needs nothing of the SDK client but the connection; a request
      // the transport refused (nothing reached the server) takes the SDK client after all.
      const channel = this.rawChannel();
      return (channel && rawToolCall(channel, name, args, meta ? { ...options, meta } : options)) ?? this.perform(name, send, options);
    });
    if (!release) return result;
    return result.then(
      (value) => {
        release();
        return value;
      },
      (error: unknown) => {
        release();
        throw error;
      },
    );
  }

  /**
   * Sends any other request of the protocol (prompts, resources, completions, logging level) and
   * checks the result against `resultSchema`, with the same connection handling as `callTool`:
   * a dropped connection is reopened, the time limit is the call timeout unless given, and
   * failures reject with a `ToolwrightError` (a JSON-RPC error keeps its code in `details.rpcCode`).
   */
  send<T extends AnySchema>(request: ClientRequest, resultSchema: T, options: McpRequestOptions = {}): Promise<SchemaOutput<T>> {
    // `request: true` words the errors for a request, not a tool (see callError).
    const labelled = { ...options, request: true };
    return this.perform(request.method, (session) => session.client.request(request, resultSchema, { signal: options.signal, timeout: options.timeoutMs || this.callTimeoutMs }), labelled);
  }

  /** Runs `send` over the session (reconnecting or in a session of its own as configured); `label` names the request in errors. */
  private perform<T>(label: string, send: (session: Session) => Promise<T>, options: McpCallOptions): Promise<T> {
    if (this.sessionPerCall) return this.callInOwnSession(label, send, options);
    const session = this.session;
    if (session && this.status === 'connected') {
      return send(session).catch((error: unknown) => this.recover(session, error, label, send, options));
    }
    return this.callAfterReconnect(label, send, options);
  }

  /**
   * The connected session's transport for `rawToolCall` (which {@link MCPClient.callTool} takes
   * then: it skips the SDK client's request layer), when a call needs nothing of the SDK client
   * but its connection; undefined when the call must take the SDK client: not connected (it
   * would reconnect), a session per call, not a stdio server (HTTP retries an undelivered
   * request), or sampling/elicitation answered by the call's client (`fromCaller`), which only
   * the SDK client's handlers route.
   */
  private rawChannel(): RawCallChannel | undefined {
    const session = this.session;
    if (!session || this.status !== 'connected' || this.sessionPerCall || !(session.transport instanceof StdioProcessTransport)) return undefined;
    // What offeredCapabilities() declares, read without building it (this runs on every proxied call).
    const caps = this.capabilities;
    const from = caps?.fromCaller;
    if (from && ((caps.sampling && from.sampling && this.offered.sampling) || (caps.elicitation && from.elicitation && this.offered.elicitation))) return undefined;
    return (session.raw ??= { transport: session.transport, timeoutMs: this.callTimeoutMs, fail: (error, tool, signal) => this.callError(error, tool, signal ? { signal } : {}) });
  }

  /**
   * Limits the sampling and elicitation declared at the next `initialize` to these (of those
   * configured; default: all), e.g. to what a proxy's downstream client declared. Returns true
   * when that changes what the current connection declared: {@link MCPClient.reconnect} makes
   * the server see it (and re-lists the tools, which may depend on it).
   */
  offer(only: { sampling: boolean; elicitation: boolean }): boolean {
    const before = JSON.stringify(declaredCapabilities(this.offeredCapabilities()));
    this.offered = { sampling: only.sampling, elicitation: only.elicitation };
    return this.session !== undefined && JSON.stringify(declaredCapabilities(this.offeredCapabilities())) !== before;
  }

  /**
   * Ends the current connection and opens a new one (a new `initialize`, the tools listed again:
   * listeners hear of a change). Calls in flight on the old connection fail. Throws like `connect`.
   */
  async reconnect(): Promise<void> {
    if (this.isClosed()) throw this.closedError();
    const session = this.session;
    if (session && !this.sessionPerCall) {
      this.session = undefined;
      session.client.onclose = undefined;
      await this.dispose(session.client, session.transport);
    }
    if (!this.sessionPerCall) await this.open();
  }

  /** The configured capabilities, less the sampling/elicitation not offered (see {@link MCPClient.offer}). */
  private offeredCapabilities(): McpClientCapabilities | undefined {
    const caps = this.capabilities;
    if (!caps || (this.offered.sampling && this.offered.elicitation)) return caps;
    const kept: McpClientCapabilities = { ...caps };
    if (!this.offered.sampling) delete kept.sampling;
    if (!this.offered.elicitation) delete kept.elicitation;
    return kept;
  }

  /** Ends the connection (and the stdio child process), once. Never throws. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.status = 'closed';
    const session = this.session;
    this.session = undefined;
    const pending = this.opening ? this.lastTransport : undefined;
    this.closing = Promise.all([session ? this.dispose(session.client, session.transport) : undefined, pending ? this.dispose(undefined, pending) : undefined]).then(
      () => undefined,
      () => undefined,
    );
    return this.closing;
  }

  private request(session: Session, name: string, args: Record<string, unknown>, options: McpCallOptions, meta?: McpTraceMeta): Promise<CallToolResult> {
    return session.client.request({ method: 'tools/call', params: meta ? { name, arguments: args, _meta: { ...meta } } : { name, arguments: args } }, CallToolResultSchema, {
      signal: options.signal,
      timeout: options.timeoutMs || this.callTimeoutMs,
      onprogress: options.onProgress,
    });
  }

  /** One call in a session of its own (see `sessionPerCall`), closed once the call settled. */
  private async callInOwnSession<T>(name: string, send: (session: Session) => Promise<T>, options: McpCallOptions): Promise<T> {
    if (this.isClosed()) throw this.closedError(name);
    let transport: Transport | undefined;
    let client: Client | undefined;
    try {
      const connecting = (async () => {
        const Client = await loadClient();
        transport = await this.factory();
        installIncomingGate(transport);
        client = new Client(CLIENT_INFO, { capabilities: declaredCapabilities(this.offeredCapabilities()), jsonSchemaValidator: NO_EAGER_VALIDATION });
        installCapabilityHandlers(client, this.offeredCapabilities(), this.callers);
        await client.connect(transport, { timeout: this.connectTimeoutMs + 1_000 });
      })();
      try {
        await withTimeout(connecting, this.connectTimeoutMs, () => new ConnectTimeout());
      } catch (error) {
        connecting.catch(() => undefined);
        throw reconnectError(this.facts(), error, name, undefined);
      }
      try {
        return await send({ client: client!, transport: transport! });
      } catch (error) {
        throw this.callError(error, name, options);
      }
    } finally {
      await this.dispose(client, transport);
    }
  }

  private recover<T>(session: Session, error: unknown, name: string, send: (session: Session) => Promise<T>, options: McpCallOptions): Promise<T> {
    if (!this.isClosed() && !options.signal?.aborted && isUndelivered(error)) {
      // The request never reached the server (HTTP refused, 5xx, unknown session): reopen and retry once.
      this.markDropped(session, describeError(error));
      return this.callAfterReconnect(name, send, options);
    }
    return Promise.reject(this.callError(error, name, options));
  }

  private async callAfterReconnect<T>(name: string, send: (session: Session) => Promise<T>, options: McpCallOptions): Promise<T> {
    if (this.isClosed()) throw this.closedError(name);
    const lost = this.dropReason;
    let session: Session;
    try {
      session = await this.open();
    } catch (error) {
      if (this.isClosed()) throw this.closedError(name);
      throw reconnectError(this.facts(), error, name, lost);
    }
    try {
      return await send(session);
    } catch (error) {
      throw this.callError(error, name, options);
    }
  }

  private open(): Promise<Session> {
    return (this.opening ??= this.openSession().finally(() => {
      this.opening = undefined;
    }));
  }

  private async openSession(): Promise<Session> {
    const wasDropped = this.dropReason !== undefined;
    this.status = 'connecting';
    let transport: Transport | undefined;
    let client: Client | undefined;
    let step: StartupStep = 'start';
    const attempt = (async () => {
      const Client = await loadClient();
      transport = await this.factory();
      this.lastTransport = transport;
      installIncomingGate(transport);
      client = new Client(CLIENT_INFO, { capabilities: declaredCapabilities(this.offeredCapabilities()), jsonSchemaValidator: NO_EAGER_VALIDATION });
      installCapabilityHandlers(client, this.offeredCapabilities(), this.callers);
      installNotificationRelay(client, (notification) => this.relay(notification));
      client.onerror = (error) => {
        this.lastError = error;
      };
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.scheduleRefresh());
      step = 'initialize';
      // The SDK's own request timer stays out of the way: the overall limit below decides.
      await client.connect(transport, { timeout: this.connectTimeoutMs + 1_000 });
      step = 'tools/list';
      this.capabilitiesSeen = client.getServerCapabilities();
      return this.fetchTools(client, this.connectTimeoutMs + 1_000);
    })();
    let tools: Tool[];
    try {
      tools = await withTimeout(attempt, this.connectTimeoutMs, () => new ConnectTimeout());
    } catch (error) {
      attempt.catch(() => undefined);
      // What the process did on its own, read before closing it (closing kills it).
      const startup: StartupFacts = { step, timedOut: error instanceof ConnectTimeout, connectTimeoutMs: this.connectTimeoutMs, ownExit: this.exitOf(transport) };
      await this.dispose(client, transport);
      if (this.isClosed()) throw this.closedError();
      this.status = wasDropped ? 'dropped' : 'idle';
      throw connectError(this.facts(), error, transport, startup);
    }
    const session: Session = { client: client!, transport: transport! };
    if (this.isClosed()) {
      await this.dispose(session.client, session.transport);
      throw this.closedError();
    }
    client!.onclose = () => this.markDropped(session, this.describeDrop(session.transport));
    this.session = session;
    this.status = 'connected';
    this.dropReason = undefined;
    this.setListed(tools);
    return session;
  }

  private async fetchTools(client: Client, timeout: number): Promise<Tool[]> {
    const tools: Tool[] = [];
    // A server that declares prompts or resources but no tools is not asked for tools.
    const caps = client.getServerCapabilities();
    if (caps && caps.tools === undefined && (caps.prompts !== undefined || caps.resources !== undefined)) return tools;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.request({ method: 'tools/list', params: cursor === undefined ? undefined : { cursor } }, ListToolsResultSchema, { timeout });
      for (const tool of page.tools) tools.push(tool);
      cursor = page.nextCursor;
    } while (cursor !== undefined && ++pages < 10_000);
    return tools;
  }

  private setListed(tools: readonly Tool[]): void {
    this.listed = tools;
    for (const listener of this.listeners) {
      try {
        listener(tools);
      } catch {
        // A failing listener must not break the connection.
      }
    }
  }

  private relay(notification: McpServerNotification): void {
    const during = this.callers.resolve();
    for (const listener of [...this.notificationListeners]) {
      try {
        listener(notification, during);
      } catch {
        // A failing listener must not break the connection.
      }
    }
  }

  private scheduleRefresh(): void {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = this.runRefreshes().finally(() => {
      this.refreshing = undefined;
    });
  }

  private async runRefreshes(): Promise<void> {
    do {
      this.refreshAgain = false;
      const session = this.session;
      if (!session) return;
      try {
        const tools = await this.fetchTools(session.client, this.connectTimeoutMs);
        if (this.session === session) this.setListed(tools);
      } catch (error) {
        this.lastError = isErrorLike(error) ? (error as Error) : new Error(String(error));
      }
    } while (this.refreshAgain);
  }

  private markDropped(session: Session, reason: string): void {
    if (this.session !== session) return;
    this.session = undefined;
    if (this.isClosed()) return;
    this.status = 'dropped';
    this.dropReason = reason;
    void this.dispose(session.client, session.transport);
  }

  private async dispose(client: Client | undefined, transport: Transport | undefined): Promise<void> {
    const work = (async () => {
      const http = transport as { sessionId?: string; terminateSession?: () => Promise<void> } | undefined;
      if (http?.sessionId && typeof http.terminateSession === 'function') await http.terminateSession().catch(() => undefined);
      if (client) await client.close().catch(() => undefined);
      if (transport) await transport.close().catch(() => undefined);
    })();
    await withTimeout(work, this.closeTimeoutMs + 1_000, () => new Error('close timed out')).catch(() => undefined);
  }

  private describeDrop(transport: Transport): string {
    return describeDrop(transport, this.lastError);
  }

  private facts(): McpClientFacts {
    return { server: this.name, target: this.target, tail: this.tail(), dropReason: this.dropReason, callTimeoutMs: this.callTimeoutMs };
  }

  private exitOf(transport: Transport | undefined): string | undefined {
    return transport instanceof StdioProcessTransport ? transport.describeExit() : undefined;
  }

  private callError(error: unknown, name: string, options: McpCallOptions): ToolwrightError {
    if (this.isClosed() && !ToolwrightError.isInstance(error)) return this.closedError(name);
    return callError(this.facts(), error, name, options);
  }

  private closedError(tool?: string): ToolwrightError {
    return closedError(this.name, tool);
  }

  /** A method, not a property read, so that TypeScript does not narrow it across awaits. */
  private isClosed(): boolean {
    return this.status === 'closed';
  }

  private tail(): string {
    return this.lastTransport instanceof StdioProcessTransport ? this.lastTransport.stderr.describe() : '';
  }
}
