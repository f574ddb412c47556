import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ApprovalAnswer } from '../policy/approval-answer.js';
import type { PendingApproval } from '../policy/pending-approval.js';
import type { ConversationState } from '../state/conversation-state.js';
import type { ClientHandlers, ClientLogLevel, ElicitRequest, ElicitResult, SampleRequest, SampleResult } from './client-handlers.js';
import type { Content } from './content.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { accessOf, LockEntry, locksFor } from './resource-locks.js';
import type { AccessDeclaring, Reservation, ResourceAccess, ResourceLocks } from './resource-locks.js';
import { processSecrets } from '../secrets/process-secrets.js';
import type { StreamingMasker } from '../secrets/streaming-masker.js';

/** A progress report from a running tool. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
  /** A piece of the result, when the tool streams (also carried in `message` as its text). */
  chunk?: readonly Content[];
}

/** A progress report, tagged with the call it belongs to (useful when several calls run at once). */
export interface ToolCallProgress extends ProgressReport {
  /** The call's id (`''` when the caller gave none). */
  toolCallId: string;
  /** The tool's name. */
  toolName: string;
}

/**
 * Options of one call, for `ToolDefinition.call(action, options)` and
 * `Agent.executeToolCall(call, options)`. They become the call's {@link ToolContext}.
 */
export interface CallOptions {
  /** The conversation. */
  state?: ConversationState;
  /** Cancels the call: a running call ends with an `ABORTED` error Observation. */
  signal?: AbortSignal;
  /**
   * Time limit in ms; overrides the tool's own (0 = none). Must be a finite number from 0 to
   * 2^31-1 (Node's timers turn anything larger into 1 ms); otherwise the call is refused with `INVALID_OPTIONS`.
   */
  timeoutMs?: number;
  /** The model's tool-call id. */
  toolCallId?: string;
  /** Receives progress reports (and streamed chunks), tagged with the call. */
  onProgress?: (report: ToolCallProgress) => void;
  /** Per-call data seen by every hook, middleware and the executor (copied, never mutated). */
  metadata?: Record<string, unknown>;
  /**
   * What the client offers: log, sample, elicit. Without a `log`, `ctx.log` only records the
   * message with the call; without `sample`/`elicit`, those answer `NOT_SUPPORTED`.
   */
  client?: ClientHandlers;
}

const NO_OPTIONS: CallOptions = Object.freeze({});

function unsupported(what: string): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.NOT_SUPPORTED,
    message: `${what} is not supported by this client.`,
    details: { capability: what },
  });
}

/**
 * Everything a call carries besides its Action, built once per call (by the runtime, or by
 * `ToolDefinition.call` from plain {@link CallOptions}) and passed to the executor, the tool's
 * middleware and the hooks. The AbortSignal is created only when somebody reads it.
 */
export class ToolContext {
  /** The conversation the call belongs to, when there is one. */
  readonly state: ConversationState | undefined;
  /** The model's tool-call id (`''` when the call came from no model). */
  readonly toolCallId: string;
  /** The tool's name, once known. */
  toolName = '';
  /** The effective time limit in ms, set when the call starts (undefined: none). */
  timeoutMs: number | undefined = undefined;
  /** The resource lock the call holds (see {@link ToolContext.takeLock}). */
  private lockEntry?: LockEntry = undefined;
  /** @internal The call's place in the resource queue until it takes its lock (or ends without). */
  protected lockPlace?: Reservation = undefined;
  /** What the lock is (or is to be) taken for, and the Action that was computed for. */
  private lockAccess?: ResourceAccess = undefined;
  private lockAction?: unknown = undefined;
  private readonly options: CallOptions;
  private controller?: AbortController;
  private forward?: () => void;
  private chunks = 0;
  /** Masks the streamed chunks' text across chunk boundaries (made on the first chunk while secrets are registered). */
  private chunkMasker?: StreamingMasker = undefined;
  /** The per-call data, created on first read when the caller gave none (most calls never read it). */
  private meta?: Record<string, unknown>;

  /**
   * @param options the caller's options.
   * @param toolCallId the call's id (default: `options.toolCallId`).
   * @param state the conversation (overrides `options.state`).
   */
  constructor(options: CallOptions = NO_OPTIONS, toolCallId?: string, state?: ConversationState) {
    this.options = options;
    this.state = state ?? options.state;
    const id = toolCallId ?? options.toolCallId;
    this.toolCallId = typeof id === 'string' ? id : '';
    if (options.metadata) this.meta = { ...options.metadata };
  }

  /** @internal The per-resource write order this call keeps (the conversation's). */
  protected get resourceLocks(): ResourceLocks {
    return locksFor(this.state);
  }

  /** @internal True while this call holds its resource lock (a nested `tool.call` with this context must not take it again). */
  get lockHeld(): boolean {
    return this.lockEntry !== undefined;
  }

  /**
   * @internal Takes the call's resource lock for `action` of `tool` (see `ResourceLocks`), at its
   * reserved place when it has one, and holds it until {@link ToolContext.releaseLock}: the one
   * place a call takes its lock (the agent pipeline's lock step, a pre hook's rewritten Action, and
   * `ToolDefinition.call`). Undefined when granted at once, else a promise settled once held.
   */
  takeLock<A>(tool: AccessDeclaring<A>, action: A): void | Promise<void> {
    const access = this.lockAccess && this.lockAction === action ? this.lockAccess : accessOf(tool, action);
    this.lockAccess = access;
    this.lockAction = action;
    const place = this.lockPlace;
    this.lockPlace = undefined;
    const granted = place ? place.claim(access) : this.resourceLocks.enter(access);
    if (granted instanceof LockEntry) {
      this.lockEntry = granted;
      return undefined;
    }
    return granted.then((entry) => {
      this.lockEntry = entry;
    });
  }

  /**
   * @internal After the Action changed under a held lock (a pre hook rewrote it): undefined when
   * the held lock still covers it; else gives the lock back and takes the new one (never holding
   * one lock while waiting for another, so two such calls cannot deadlock).
   */
  retakeLock<A>(tool: AccessDeclaring<A>, action: A): void | Promise<void> {
    const held = this.lockAccess;
    if (action === this.lockAction || !this.lockEntry || !held) return undefined;
    const access = accessOf(tool, action);
    this.lockAccess = access;
    this.lockAction = action;
    if (covers(held, access)) return undefined;
    this.releaseLock();
    return this.takeLock(tool, action);
  }

  /** @internal Gives the resource lock back (once; nothing when none is held). */
  releaseLock(): void {
    const entry = this.lockEntry;
    if (!entry) return;
    this.lockEntry = undefined;
    entry.release();
  }

  /** @internal Takes a place in the resource queue now (claimed by {@link ToolContext.takeLock}; given up by {@link ToolContext.cancelLockPlace}). */
  reserveLockPlace(): void {
    this.lockPlace ??= this.resourceLocks.reserve();
  }

  /** @internal Tells the resource queue what the reserved place will touch (so later calls on other resources need not wait). */
  declareLockAccess<A>(tool: AccessDeclaring<A>, action: A): void {
    if (!this.lockPlace) return;
    this.lockAccess = accessOf(tool, action);
    this.lockAction = action;
    this.lockPlace.declare(this.lockAccess);
  }

  /** @internal Gives an unclaimed place up (the call ended without taking its lock). */
  cancelLockPlace(): void {
    this.lockPlace?.cancel();
    this.lockPlace = undefined;
  }

  /** Per-call data shared by the hooks, the middleware and the executor (a copy of the caller's `metadata`). */
  get metadata(): Record<string, unknown> {
    return (this.meta ??= {});
  }

  /** The caller's options this context was built from. */
  get callOptions(): CallOptions {
    return this.options;
  }

  /**
   * Aborted when the call is cancelled or times out; pass it on to I/O. For a call without a time
   * limit it is the caller's own signal (nothing else can stop such a call): no AbortController
   * and no forwarding listener per call.
   */
  get signal(): AbortSignal {
    const outer = this.options.signal;
    if (outer !== undefined && this.timeoutMs === undefined && this.controller === undefined) return outer;
    return this.abortController().signal;
  }

  /**
   * False when the call has neither a time limit nor a caller's signal, so `signal` can never
   * abort. Creating the AbortSignal is not free; a caller may skip reading `signal` then.
   */
  get cancellable(): boolean {
    return this.timeoutMs !== undefined || this.options.signal !== undefined;
  }

  /** True once the call was cancelled or timed out (reading it creates no AbortSignal). */
  get aborted(): boolean {
    return this.controller ? this.controller.signal.aborted : this.options.signal?.aborted === true;
  }

  /** False when nobody receives progress reports (a tool may then skip asking its backend for them). */
  get reportsProgress(): boolean {
    return this.options.onProgress !== undefined;
  }

  /** @internal The controller behind {@link ToolContext.signal}, created on first need. */
  abortController(): AbortController {
    if (!this.controller) {
      const controller = new AbortController();
      const outer = this.options.signal;
      if (outer) {
        if (outer.aborted) controller.abort(outer.reason);
        else {
          this.forward = () => controller.abort(outer.reason);
          outer.addEventListener('abort', this.forward, { once: true });
        }
      }
      this.controller = controller;
    }
    return this.controller;
  }

  /** @internal Stops forwarding the caller's signal once the call settled (a long-lived signal would collect listeners). */
  dispose(): void {
    // Nothing to do for most calls (no caller's signal was forwarded): no store either, so the context keeps its shape.
    if (this.forward === undefined) return;
    this.options.signal?.removeEventListener('abort', this.forward);
    this.forward = undefined;
  }

  /** Reports progress (forwarded to the caller's `onProgress`, e.g. MCP progress notifications). Never throws. */
  reportProgress(progress: number, total?: number, message?: string): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    try {
      onProgress({ progress, total, message: message === undefined ? undefined : processSecrets.mask(message), toolCallId: this.toolCallId, toolName: this.toolName });
    } catch {
      // A failing progress listener must not fail the call.
    }
  }

  /** @internal Reports one streamed chunk as progress (its text as the message). */
  reportChunk(chunk: readonly Content[], text: string): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    this.chunks += 1;
    // With secrets registered, a secret split over two chunks is held back until it can be masked.
    if (processSecrets.size > 0) {
      text = (this.chunkMasker ??= processSecrets.stream()).push(text);
      chunk = processSecrets.maskValue(chunk);
    }
    try {
      onProgress({ progress: this.chunks, message: text, chunk, toolCallId: this.toolCallId, toolName: this.toolName });
    } catch {
      // As above.
    }
  }

  /**
   * Logs a message. It is recorded with the call (under an Agent: a `LogEvent` in the call's
   * events) and passed to the client's listener when there is one (`client.log`, the Agent's
   * `onLog`, an MCP client). Logging never fails a call: with no listener the message is only
   * recorded, and a listener that throws or rejects is ignored.
   */
  async log(level: ClientLogLevel, data: unknown): Promise<void> {
    // The one funnel of a tool's logs (the call's LogEvent and the client's listener): secrets masked.
    data = processSecrets.maskValue(data);
    this.recordLog(level, data);
    const client = this.options.client;
    const handler = client?.log;
    if (!handler) return;
    try {
      await handler.call(client, level, data);
    } catch {
      // A failing log listener must not fail the call.
    }
  }

  /**
   * Keeps a logged message with the call. Here (a bare `ToolDefinition.call`) nothing keeps it;
   * the runtime's call context records it as a `LogEvent`.
   */
  protected recordLog(_level: ClientLogLevel, _data: unknown): void {}

  /**
   * @internal For a tool the caller runs (an external tool): the result the caller gave for this
   * call through `agent.resume` (consumed). Only a call an Agent runs can have one.
   */
  takeCallerResult(): Extract<ApprovalAnswer, { type: 'result' }> | undefined {
    return undefined;
  }

  /**
   * @internal Leaves the call pending for the caller (`agent.resume` finishes it). False when
   * nothing could resume it: a call not run by an Agent.
   */
  leavePending(_pending: PendingApproval): boolean {
    return false;
  }

  /**
   * Ends the call's response stream now, as MCP's Streamable HTTP allows a server to (SSE
   * polling): the client reconnects after the server's retry interval with `Last-Event-ID` and
   * receives everything sent since (progress, logs, the result), so a long call need not hold an
   * HTTP connection (or a proxy's idle timeout) open. Possible only where the stream can be
   * resumed (`serve --http` with its event store, a client on protocol 2025-11-25 or later);
   * elsewhere it does nothing and returns false. Never throws.
   */
  closeStream(): boolean {
    const client = this.options.client;
    if (!client?.closeStream) return false;
    try {
      return client.closeStream() === true;
    } catch {
      return false;
    }
  }

  /** Asks the client's model; `NOT_SUPPORTED` when the client offers no sampling. */
  sample(request: SampleRequest): Promise<SampleResult> {
    const client = this.options.client;
    if (!client?.sample) return Promise.reject(unsupported('Sampling'));
    return client.sample(request);
  }

  /**
   * Asks the user through the client for an answer shaped by `requestedSchema` (a flat object
   * schema); `NOT_SUPPORTED` when the client offers no elicitation.
   */
  elicit(message: string, requestedSchema: JsonSchema): Promise<ElicitResult>;
  /** The same, with both in one request object. */
  elicit(request: ElicitRequest): Promise<ElicitResult>;
  elicit(messageOrRequest: string | ElicitRequest, requestedSchema?: JsonSchema): Promise<ElicitResult> {
    const client = this.options.client;
    if (!client?.elicit) return Promise.reject(unsupported('Elicitation'));
    const request = typeof messageOrRequest === 'string' ? { message: messageOrRequest, requestedSchema: requestedSchema ?? { type: 'object', properties: {} } } : messageOrRequest;
    return client.elicit(request);
  }
}

/** True when a lock for `held` also covers a call touching `access`. */
function covers(held: ResourceAccess, access: ResourceAccess): boolean {
  if (access.write && !held.write) return false;
  if (held.all) return true;
  if (access.all) return false;
  for (const resource of access.resources) if (!held.resources.has(resource)) return false;
  return true;
}
