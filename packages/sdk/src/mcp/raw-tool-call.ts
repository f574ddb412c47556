import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode as JsonRpcCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ToolwrightError } from '../errors/toolwright-error.js';
import { callDeadlines } from '../tool/deadlines.js';
import type { Deadline } from '../tool/deadlines.js';
import { isPlainObject } from '../util/guards.js';
import { invalidResponseReplacement } from './incoming-message-gate.js';

/** The transport of a raw channel: an MCP transport that also writes a message at once (`StdioProcessTransport.write`). */
export interface RawCallTransport extends Transport {
  /** Writes `message` without waiting for the pipe to drain; the error saying why it could not (nothing was sent), else undefined. */
  write(message: JSONRPCMessage): Error | undefined;
}

/** What {@link rawToolCall} needs of a connected {@link MCPClient} (see `MCPClient.rawChannel`). */
export interface RawCallChannel {
  /** The connected session's transport (the SDK client keeps using it for everything else). */
  readonly transport: RawCallTransport;
  /** The client's call time limit in ms. */
  readonly timeoutMs: number;
  /** The client's own error for a failed call of `tool` (the same words as `callTool`'s). */
  fail(error: unknown, tool: string, signal: AbortSignal | undefined): ToolwrightError;
}

/** Progress as the server sent it (`notifications/progress` params without the token). */
export interface RawProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of {@link rawToolCall}. */
export interface RawCallOptions {
  /** Cancels the request (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Time limit in ms (default, and for 0: the channel's). */
  timeoutMs?: number;
  /** Receives the server's progress; the request carries a progress token only when given. */
  onProgress?: (progress: RawProgress) => void;
  /** Fields of the request's `params._meta` (the trace context); the progress token is added to them. */
  meta?: Readonly<Record<string, unknown>>;
}

/**
 * One raw call in flight: settled by its response (see `route`), its time limit, its signal (it is
 * the abort listener itself, as `handleEvent`) or the connection closing. One object per call
 * instead of a closure for each of those.
 */
class Pending {
  onProgress?: (progress: RawProgress) => void = undefined;
  deadline?: Deadline = undefined;

  constructor(
    readonly id: string,
    readonly tool: string,
    readonly signal: AbortSignal | undefined,
    readonly channel: RawCallChannel,
    readonly calls: Map<string, Pending>,
    private readonly settle: (result: CallToolResult) => void,
    private readonly refuse: (error: unknown) => void,
  ) {}

  resolve(result: CallToolResult): void {
    this.done();
    this.settle(result);
  }

  reject(error: unknown): void {
    this.done();
    this.refuse(error);
  }

  /** The signal aborted. */
  handleEvent(): void {
    this.cancel(this.signal?.reason);
  }

  /** Ends the call from this side (aborted or timed out): the server is told, the call fails. */
  cancel(reason: unknown): void {
    if (!this.calls.delete(this.id)) return;
    this.channel.transport.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: this.id, reason: String(reason) } });
    this.reject(this.channel.fail(reason instanceof McpError ? reason : new McpError(JsonRpcCode.RequestTimeout, String(reason)), this.tool, this.signal));
  }

  private done(): void {
    if (this.deadline) callDeadlines.cancel(this.deadline);
    this.signal?.removeEventListener('abort', this);
  }
}

/** Ids (and progress tokens) of raw calls: strings, so they never meet the SDK client's numeric ids. */
const ID_PREFIX = 'tw-raw-';
let sequence = 0;
const tables = new WeakMap<Transport, Map<string, Pending>>();

/** A content block the SDK's result schema passes through unchanged: `{ type: 'text', text }` and nothing else. */
function isPlainText(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
  let keys = 0;
  for (const key in block) if (Object.hasOwn(block, key)) keys++;
  return keys === 2;
}

/**
 * A result the SDK's `CallToolResultSchema` would accept unchanged (text blocks, `isError`,
 * an object `structuredContent`): checked by hand, which costs far less than zod. Anything else
 * goes through the schema itself, so the verdict and the output are the SDK's.
 */
function isPlainResult(result: Record<string, unknown>): boolean {
  for (const key in result) {
    if (!Object.hasOwn(result, key)) continue;
    if (key === 'content') {
      const content = result.content;
      if (!Array.isArray(content)) return false;
      for (const block of content) if (!isPlainText(block)) return false;
    } else if (key === 'isError') {
      if (typeof result.isError !== 'boolean') return false;
    } else if (key === 'structuredContent') {
      if (!isPlainObject(result.structuredContent)) return false;
    } else return false;
  }
  return Array.isArray(result.content);
}

/** The table of raw calls of `transport`, its incoming messages and close tapped on first use. */
function tableOf(transport: Transport): Map<string, Pending> {
  let table = tables.get(transport);
  if (table) return table;
  const calls = new Map<string, Pending>();
  table = calls;
  tables.set(transport, calls);
  tapIncoming(transport, (message) => route(calls, message));
  const previousClose = Object.getOwnPropertyDescriptor(transport, 'onclose');
  let onclose = transport.onclose;
  Object.defineProperty(transport, 'onclose', {
    configurable: true,
    enumerable: true,
    get: () => () => {
      // The SDK client first (it records why the connection dropped), then the raw calls.
      (previousClose?.get ? previousClose.get() : onclose)?.();
      const closed = McpError.fromError(JsonRpcCode.ConnectionClosed, 'Connection closed');
      for (const [id, call] of [...calls]) {
        calls.delete(id);
        call.reject(call.channel.fail(closed, call.tool, call.signal));
      }
    },
    set: (next: (() => void) | undefined) => {
      if (previousClose?.set) previousClose.set(next);
      else onclose = next;
    },
  });
  return calls;
}

type Handler = NonNullable<Transport['onmessage']>;

/** Puts `take` in front of the transport's message handler: a message it takes goes no further. */
function tapIncoming(transport: Transport, take: (message: Record<string, unknown>) => boolean): void {
  const previous = Object.getOwnPropertyDescriptor(transport, 'onmessage');
  let handler = transport.onmessage;
  const current = (): Handler | undefined => (previous?.get ? (previous.get() as Handler | undefined) : handler);
  const tapped: Handler = (message, extra) => {
    if (take(message as unknown as Record<string, unknown>)) return;
    current()?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: (): Handler | undefined => (current() ? tapped : undefined),
    set: (next: Handler | undefined) => {
      if (previous?.set) previous.set(next);
      else handler = next;
    },
  });
}

/** Settles the raw call a response belongs to, or passes a progress notification to it; true when the message was one of theirs. */
function route(calls: Map<string, Pending>, message: Record<string, unknown>): boolean {
  if (calls.size === 0) return false;
  const id = message.id;
  if (typeof id === 'string' && id.startsWith(ID_PREFIX) && !('method' in message)) {
    const call = calls.get(id);
    if (!call) return true;
    calls.delete(id);
    const replaced = invalidResponseReplacement(message) as Record<string, unknown> | undefined;
    const response = replaced ?? message;
    if ('error' in response) {
      const error = response.error as { code: number; message: string; data?: unknown };
      call.reject(call.channel.fail(McpError.fromError(error.code, error.message, error.data), call.tool, call.signal));
      return true;
    }
    const result = response.result as Record<string, unknown>;
    if (isPlainResult(result)) {
      call.resolve(result as CallToolResult);
      return true;
    }
    const parsed = CallToolResultSchema.safeParse(result);
    if (parsed.success) call.resolve(parsed.data);
    else call.reject(call.channel.fail(parsed.error, call.tool, call.signal));
    return true;
  }
  if (message.method === 'notifications/progress' && isPlainObject(message.params)) {
    const params = message.params;
    const token = params.progressToken;
    if (typeof token !== 'string' || !token.startsWith(ID_PREFIX)) return false;
    const call = calls.get(token);
    // A progress of a call that ended, or a malformed one, is dropped (as the SDK client does).
    if (!call?.onProgress || typeof params.progress !== 'number') return true;
    if (params.total !== undefined && typeof params.total !== 'number') return true;
    if (params.message !== undefined && typeof params.message !== 'string') return true;
    const progress: RawProgress = { progress: params.progress };
    if (params.total !== undefined) progress.total = params.total;
    if (params.message !== undefined) progress.message = params.message;
    try {
      call.onProgress(progress);
    } catch {
      // A failing progress listener must not fail the call.
    }
    return true;
  }
  return false;
}

/**
 * Sends one `tools/call` straight over a connected client's transport, beside the SDK client's
 * own requests (string ids of its own, so the two never meet): the response is matched by hand,
 * progress goes to `onProgress`, and cancellation, the time limit, a dropped connection and error
 * responses end the call as the SDK client would end it, worded by the channel's `fail` (the
 * same text as `MCPClient.callTool`). A result is checked with the SDK's own schema unless it is
 * plainly valid. Undefined when the transport refused the request (nothing reached the server:
 * another path may send it).
 */
export function rawToolCall(channel: RawCallChannel, tool: string, args: Record<string, unknown>, options: RawCallOptions = {}): Promise<CallToolResult> | undefined {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.reject(channel.fail(signal.reason, tool, signal));
  const calls = tableOf(channel.transport);
  const id = `${ID_PREFIX}${++sequence}`;
  const params: Record<string, unknown> = { name: tool, arguments: args };
  if (onProgress || options.meta) params._meta = onProgress ? { ...options.meta, progressToken: id } : { ...options.meta };
  let pending!: Pending;
  const result = new Promise<CallToolResult>((resolve, reject) => (pending = new Pending(id, tool, signal, channel, calls, resolve, reject)));
  if (onProgress) pending.onProgress = onProgress;
  // The message first: a transport that refuses it leaves nothing to undo.
  if (channel.transport.write({ jsonrpc: '2.0', id, method: 'tools/call', params } as JSONRPCMessage) !== undefined) return undefined;
  calls.set(id, pending);
  const timeoutMs = options.timeoutMs || channel.timeoutMs;
  // On the calls' shared timer (no Node timer made and cleared per call).
  pending.deadline = callDeadlines.add(timeoutMs, () => pending.cancel(McpError.fromError(JsonRpcCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })));
  signal?.addEventListener('abort', pending, { once: true });
  return result;
}
