import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { DEFAULT_SSE_KEEP_ALIVE_MS } from '@modelcontextprotocol/sdk/server/sseKeepAlive.js';
import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, isInitializeRequest, JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId, RequestInfo } from '@modelcontextprotocol/sdk/types.js';
import { MemoryEventStore } from './memory-event-store.js';
import { sendError } from './send-error.js';

/** Options of a {@link NodeStreamableHttpTransport}. */
export interface NodeStreamableHttpTransportOptions {
  /** Makes the session id at initialize; undefined: stateless (one request per transport, no session header). */
  sessionIdGenerator?: () => string;
  /** Keeps SSE events so a dropped stream resumes with `Last-Event-ID` (and POST streams get a priming event). */
  eventStore?: EventStore;
  /** The reconnect delay (ms) sent in priming events (`retry:`). */
  retryInterval?: number;
  /** Interval (ms) of the SSE keep-alive comment on open streams (default the SDK's, 15 s; < 1: none). */
  keepAliveMs?: number;
  /** Called with the new session id when an initialize request opens the session, before it is answered. */
  onsessioninitialized?: (sessionId: string) => void | Promise<void>;
}

/** An event stored, with the JSON of its message when the store made it here. */
interface StoredEvent {
  eventId: EventId;
  json: string | undefined;
}

/** The standalone (GET) stream's id in the event store, as the SDK's transport names it. */
const STANDALONE_STREAM = '_GET_stream';
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' } as const;
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

// Messages are classified after JSONRPCMessageSchema (strict objects) parsed them, or are the
// protocol's own outgoing messages: the keys tell the four kinds apart without another zod parse.
const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } => 'method' in message && 'id' in message;
const isResponse = (message: JSONRPCMessage): message is JSONRPCMessage & { id?: RequestId } => 'result' in message || 'error' in message;
const isInitialize = (message: JSONRPCMessage): message is JSONRPCMessage & { params: { protocolVersion: string } } => 'method' in message && message.method === 'initialize' && isInitializeRequest(message);

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : value;
}

/** The request's headers as the SDK's `requestInfo` gives them: lower-case names, repeated values joined. */
function headersRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

/**
 * The `requestInfo` a message's handlers get: its headers record and URL made when first read
 * (most calls read neither).
 */
function requestInfoOf(req: IncomingMessage): RequestInfo {
  let headers: Record<string, string> | undefined;
  let url: URL | undefined;
  return {
    get headers() {
      return (headers ??= headersRecord(req.headers));
    },
    get url() {
      return (url ??= requestUrl(req));
    },
  };
}

function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(req.url ?? '/', 'http://localhost');
  }
}

/**
 * One SSE response: the events written as they come, corked until the check phase of the loop
 * iteration (the head, a priming event, the result and the end of a call answered within one
 * iteration leave in one packet). Events written before {@link open} wait for it (a replay, a
 * priming event stored before the response is decided).
 */
class SseStream {
  keepAlive: NodeJS.Timeout | undefined;
  /** Event ids a resume replayed on this stream (a late send of the same event is skipped). */
  replayedEventIds: Set<EventId> | undefined;
  private pending: string[] | undefined = [];
  private corked = false;
  private done = false;

  /**
   * @param res the HTTP response carrying the stream.
   * @param onCancel called once when the client goes away before the stream ended.
   */
  constructor(
    private readonly res: ServerResponse,
    private readonly onCancel: (stream: SseStream) => void,
  ) {}

  /** True until the stream ended or its client went away. */
  get live(): boolean {
    return !this.done;
  }

  /** Writes the head (200, SSE headers) and what was written before (a stream ended before: an empty one). */
  open(headers: Record<string, string>): void {
    const { res } = this;
    if (this.done) {
      if (!res.headersSent && !res.destroyed) res.writeHead(200, headers).end();
      return;
    }
    if (res.destroyed) {
      this.cancel();
      return;
    }
    res.once('close', this.cancel);
    res.writeHead(200, headers);
    const pending = this.pending!;
    this.pending = undefined;
    this.corked = true;
    res.cork();
    for (const chunk of pending) res.write(chunk);
    // Even with nothing to send yet (a GET stream, a long call), the head leaves now: the
    // client learns its status and session id before the first event.
    if (pending.length === 0) res.flushHeaders();
    setImmediate(this.uncork);
  }

  /** Writes one chunk; false when the stream is over. */
  write(chunk: string): boolean {
    if (this.done) return false;
    if (this.pending) {
      this.pending.push(chunk);
      return true;
    }
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      setImmediate(this.uncork);
    }
    this.res.write(chunk);
    return true;
  }

  /** Ends the stream (the response ends; what was corked leaves with it). */
  end(): void {
    if (this.done) return;
    this.done = true;
    clearInterval(this.keepAlive);
    this.res.off('close', this.cancel);
    // Not opened: the transport never handed this stream out, and answers the request itself.
    if (this.pending === undefined && !this.res.writableEnded) this.res.end();
  }

  private readonly uncork = (): void => {
    this.corked = false;
    this.res.uncork();
  };

  private readonly cancel = (): void => {
    if (this.done) return;
    this.done = true;
    clearInterval(this.keepAlive);
    this.onCancel(this);
  };
}

/**
 * The MCP Streamable HTTP server transport on `node:http`: the behaviour of the SDK's
 * Web-standard transport (POST answered on an SSE stream, or 202 for notifications and
 * responses; a standalone GET stream; DELETE; the session id and protocol-version checks; the
 * Accept and Content-Type refusals; batches; priming events, `Last-Event-ID` resumption from an
 * event store, `closeSSEStream`), written straight to the `ServerResponse`: no Web
 * `ReadableStream`, `Response` or `TextEncoder` per request, and no zod parse to classify the
 * messages it already parsed. The request's body is read (and size-checked) before; the
 * Host/Origin and token guards run before too (`createMcpHttpHandler`).
 *
 * Why not the SDK's transports: its Node transport goes through `@hono/node-server`, which waits a
 * `setTimeout` (≥ 1 ms) before writing a response whose body is not complete within microtasks
 * (every call whose tool takes a macrotask: the ≈ 1.1 ms per call `serve --http` once lost); its
 * Web-standard one, answered onto Node's response, made a `ReadableStream`, an undici `Response`
 * and a `TextEncoder` per POST and classified every message with zod: ≈ 20 % of a busy server's CPU.
 */
export class NodeStreamableHttpTransport implements Transport {
  /** The session id, once an initialize request opened the session (stateful only). */
  sessionId: string | undefined;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly streams = new Map<StreamId, SseStream>();
  private readonly requestStreams = new Map<RequestId, StreamId>();
  /** The requests of each POST stream, answered on it (or, once it is gone, stored for a resume). */
  private readonly streamRequests = new Map<StreamId, RequestId[]>();
  private readonly responses = new Map<RequestId, JSONRPCMessage>();
  /** Streams whose client holds a Last-Event-ID cursor (an event with an id reached it). */
  private readonly resumable = new Set<StreamId>();
  private started = false;
  private handled = false;
  private initialized = false;
  private closed = false;
  private readonly keepAliveMs: number;

  constructor(private readonly options: NodeStreamableHttpTransportOptions = {}) {
    this.keepAliveMs = options.keepAliveMs ?? DEFAULT_SSE_KEEP_ALIVE_MS;
  }

  /** Required by `Transport`; connections are per request. */
  start(): Promise<void> {
    if (this.started) return Promise.reject(new Error('Transport already started'));
    this.started = true;
    return Promise.resolve();
  }

  /**
   * Answers one HTTP request: GET, POST (with its JSON body, already parsed) or DELETE. Resolves
   * once the response is decided (an SSE stream is open, or the answer written); the stream
   * goes on until its requests are answered, the client leaves or the transport closes.
   */
  async handleRequest(req: IncomingMessage, res: ServerResponse, parsedBody: unknown, authInfo?: AuthInfo): Promise<void> {
    if (this.closed) return this.refuse(res, 404, -32001, 'Session not found', false);
    if (!this.options.sessionIdGenerator && this.handled) {
      throw new Error('Stateless transport cannot be reused across requests. Create a new transport per request.');
    }
    this.handled = true;
    switch (req.method) {
      case 'POST':
        try {
          return await this.handlePost(req, res, parsedBody, authInfo);
        } catch (error) {
          this.onerror?.(error as Error);
          return sendError(res, 400, 'Parse error', {}, { code: -32700, data: String(error) });
        }
      case 'GET':
        return this.handleGet(req, res);
      case 'DELETE':
        return this.handleDelete(req, res);
      default:
        return this.refuse(res, 405, -32000, 'Method not allowed.', true, { allow: 'GET, POST, DELETE' });
    }
  }

  /** Sends a message on the stream of the request it answers or relates to, else on the standalone stream. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const response = isResponse(message);
    const requestId = response ? message.id : options?.relatedRequestId;
    const store = this.options.eventStore;
    if (requestId === undefined) {
      if (response) throw new Error('Cannot send a response on a standalone SSE stream unless resuming a previous client request');
      // Stored even with no stream open, so a later GET with Last-Event-ID gets it.
      const pending = store ? this.store(store, STANDALONE_STREAM, message) : undefined;
      const stored = pending instanceof Promise ? await pending : pending;
      const standalone = this.streams.get(STANDALONE_STREAM);
      if (standalone && (stored === undefined || !standalone.replayedEventIds?.has(stored.eventId))) this.writeEvent(standalone, message, stored?.eventId, stored?.json);
      return;
    }
    const streamId = this.requestStreams.get(requestId);
    if (streamId === undefined) throw new Error(`No connection established for request ID: ${String(requestId)}`);
    let stream = this.streams.get(streamId);
    let stored: StoredEvent | undefined;
    if (store) {
      // Stored even when the stream is gone (the client polls after closeSSEStream, or lost it).
      const pending = this.store(store, streamId, message);
      stored = pending instanceof Promise ? await pending : pending;
      // A resume completing meanwhile re-registered the stream: write to the live one.
      stream = this.streams.get(streamId);
    }
    if (stream && (stored === undefined || !stream.replayedEventIds?.has(stored.eventId))) {
      if (this.writeEvent(stream, message, stored?.eventId, stored?.json) && stored !== undefined) this.resumable.add(streamId);
    }
    if (!response) return;
    this.responses.set(requestId, message);
    const related = this.streamRequests.get(streamId) ?? [requestId];
    if (!related.every((id) => this.responses.has(id))) return;
    this.streamRequests.delete(streamId);
    for (const id of related) {
      this.responses.delete(id);
      this.requestStreams.delete(id);
    }
    if (stream) {
      this.endStream(streamId, stream);
      this.resumable.delete(streamId);
      return;
    }
    // close() ran while the event store was written: a late completion does nothing.
    if (this.closed) return;
    // The stream went away but the answer was stored: a resume replays it.
    if (store && this.resumable.delete(streamId)) return;
    throw new Error(`No connection established for request ID: ${String(requestId)}`);
  }

  /** Ends every stream and the session (onclose). */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const [streamId, stream] of this.streams) this.endStream(streamId, stream);
    this.streams.clear();
    this.responses.clear();
    this.resumable.clear();
    this.onclose?.();
    return Promise.resolve();
  }

  /** Ends the SSE stream of a request (the client reconnects after the retry interval and resumes). */
  closeSSEStream(requestId: RequestId): void {
    const streamId = this.requestStreams.get(requestId);
    const stream = streamId === undefined ? undefined : this.streams.get(streamId);
    if (stream) this.endStream(streamId!, stream);
  }

  /** Ends the standalone GET stream (the client reconnects and resumes). */
  closeStandaloneSSEStream(): void {
    const stream = this.streams.get(STANDALONE_STREAM);
    if (stream) this.endStream(STANDALONE_STREAM, stream);
  }

  private refuse(res: ServerResponse, status: number, code: number, message: string, report = true, headers?: Record<string, string>, data?: unknown): void {
    if (report) this.onerror?.(new Error(message));
    sendError(res, status, message, headers, { code, data });
  }

  private sseHeaders(): Record<string, string> {
    return this.sessionId === undefined ? { ...SSE_HEADERS } : { ...SSE_HEADERS, 'mcp-session-id': this.sessionId };
  }

  /** A new stream on `res`, unregistered when its client goes away (if still the one registered). */
  private newStream(res: ServerResponse, streamId: StreamId): SseStream {
    return new SseStream(res, (stream) => {
      if (this.streams.get(streamId) === stream) this.streams.delete(streamId);
    });
  }

  private endStream(streamId: StreamId, stream: SseStream): void {
    if (this.streams.get(streamId) === stream) this.streams.delete(streamId);
    stream.end();
  }

  private armKeepAlive(stream: SseStream): void {
    if (this.closed || !Number.isFinite(this.keepAliveMs) || this.keepAliveMs < 1) return;
    const timer = setInterval(() => {
      if (!stream.write(': keepalive\n\n')) clearInterval(timer);
    }, Math.min(this.keepAliveMs, MAX_TIMER_DELAY_MS));
    timer.unref();
    stream.keepAlive = timer;
  }

  /**
   * Stores an event. A {@link MemoryEventStore} stores it at once with the JSON made here (and
   * written to the stream: stringified once); another store is awaited.
   */
  private store(store: EventStore, streamId: StreamId, message: JSONRPCMessage): StoredEvent | Promise<StoredEvent> {
    if (store instanceof MemoryEventStore) {
      const json = JSON.stringify(message);
      return { eventId: store.storeSerializedEvent(streamId, message, json), json };
    }
    return store.storeEvent(streamId, message).then((eventId) => ({ eventId, json: undefined }));
  }

  private writeEvent(stream: SseStream, message: JSONRPCMessage, eventId: EventId | undefined, json?: string): boolean {
    let data: string;
    try {
      data = json ?? JSON.stringify(message);
    } catch (error) {
      this.onerror?.(error as Error);
      return false;
    }
    return stream.write(eventId ? `event: message\nid: ${eventId}\ndata: ${data}\n\n` : `event: message\ndata: ${data}\n\n`);
  }

  /** 400 / 404 when the request is not of this (initialized) session, else undefined. */
  private checkSession(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.options.sessionIdGenerator === undefined) return true;
    if (!this.initialized) {
      this.refuse(res, 400, -32000, 'Bad Request: Server not initialized');
      return false;
    }
    const sessionId = header(req.headers, 'mcp-session-id');
    if (!sessionId) {
      this.refuse(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return false;
    }
    if (sessionId !== this.sessionId) {
      this.refuse(res, 404, -32001, 'Session not found');
      return false;
    }
    return true;
  }

  private checkProtocolVersion(req: IncomingMessage, res: ServerResponse): boolean {
    const version = header(req.headers, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      this.refuse(res, 400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
      return false;
    }
    return true;
  }

  private async handlePost(req: IncomingMessage, res: ServerResponse, body: unknown, authInfo: AuthInfo | undefined): Promise<void> {
    const accept = header(req.headers, 'accept');
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      return this.refuse(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!isJsonContentType(header(req.headers, 'content-type') ?? null)) {
      return this.refuse(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
      return this.refuse(res, 400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    }
    let messages: JSONRPCMessage[];
    try {
      messages = Array.isArray(body) ? body.map((message) => JSONRPCMessageSchema.parse(message)) : [JSONRPCMessageSchema.parse(body)];
    } catch {
      return this.refuse(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
    }
    const requestInfo = requestInfoOf(req);
    const extra: MessageExtraInfo = authInfo ? { authInfo, requestInfo } : { requestInfo };
    const initialize = messages.find(isInitialize);
    if (initialize) {
      if (this.initialized && this.sessionId !== undefined) return this.refuse(res, 400, -32600, 'Invalid Request: Server already initialized');
      if (messages.length > 1) return this.refuse(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      this.sessionId = this.options.sessionIdGenerator?.();
      this.initialized = true;
      if (this.sessionId !== undefined && this.options.onsessioninitialized) await this.options.onsessioninitialized(this.sessionId);
    } else if (!this.checkSession(req, res) || !this.checkProtocolVersion(req, res)) {
      return;
    }
    // close() may have run while the session was being initialized.
    if (this.closed) return this.refuse(res, 404, -32001, 'Session not found', false);
    if (!messages.some(isRequest)) {
      // Notifications and responses only: accepted, nothing to stream.
      for (const message of messages) this.onmessage?.(message, extra);
      res.writeHead(202).end();
      return;
    }
    const version = initialize ? initialize.params.protocolVersion : (header(req.headers, 'mcp-protocol-version') ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION);
    const streamId = randomUUID();
    const stream = this.newStream(res, streamId);
    this.streams.set(streamId, stream);
    const requestIds: RequestId[] = [];
    for (const message of messages) {
      if (isRequest(message)) {
        this.requestStreams.set(message.id, streamId);
        requestIds.push(message.id);
      }
    }
    this.streamRequests.set(streamId, requestIds);
    const store = this.options.eventStore;
    // Resumable streams (an event store, and a client of 2025-11-25 or later: older ones cannot
    // take an event with empty data) start with a priming event and may be ended early.
    const resumable = store !== undefined && version >= '2025-11-25';
    try {
      if (resumable) {
        const priming = this.store(store, streamId, {} as JSONRPCMessage);
        const primingId = (priming instanceof Promise ? await priming : priming).eventId;
        stream.write(this.options.retryInterval === undefined ? `id: ${primingId}\ndata: \n\n` : `id: ${primingId}\nretry: ${this.options.retryInterval}\ndata: \n\n`);
        this.resumable.add(streamId);
      }
      stream.open(this.sseHeaders());
      for (const message of messages) {
        const closers = resumable && isRequest(message) ? { closeSSEStream: () => this.closeSSEStream(message.id), closeStandaloneSSEStream: () => this.closeStandaloneSSEStream() } : undefined;
        this.onmessage?.(message, closers ? { ...extra, ...closers } : extra);
      }
    } catch (error) {
      // Nothing can answer these requests on this stream now: release them.
      this.endStream(streamId, stream);
      this.resumable.delete(streamId);
      this.streamRequests.delete(streamId);
      for (const id of requestIds) this.requestStreams.delete(id);
      throw error;
    }
    // Keep-alive only for a stream still open (its answers may have been written already).
    if (this.streams.get(streamId) === stream && stream.live) this.armKeepAlive(stream);
  }

  private async handleGet(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!header(req.headers, 'accept')?.includes('text/event-stream')) {
      return this.refuse(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    if (!this.checkSession(req, res) || !this.checkProtocolVersion(req, res)) return;
    const lastEventId = this.options.eventStore ? header(req.headers, 'last-event-id') : undefined;
    if (lastEventId) return this.replay(res, this.options.eventStore!, lastEventId);
    if (this.streams.has(STANDALONE_STREAM)) return this.refuse(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    const stream = this.newStream(res, STANDALONE_STREAM);
    this.streams.set(STANDALONE_STREAM, stream);
    stream.open(this.sseHeaders());
    if (stream.live) this.armKeepAlive(stream);
  }

  /** A GET with Last-Event-ID: the stored events after it, then the stream goes on live. */
  private async replay(res: ServerResponse, store: EventStore, lastEventId: EventId): Promise<void> {
    try {
      if (store.getStreamIdForEventId) {
        const known = await store.getStreamIdForEventId(lastEventId);
        if (!known) return this.refuse(res, 400, -32000, 'Invalid event ID format');
        if (this.streams.has(known)) return this.refuse(res, 409, -32000, 'Conflict: Stream already has an active connection');
      }
      // The stream id is known once the store replayed; a client gone before has nothing registered.
      const registered: { id?: StreamId } = {};
      const stream = new SseStream(res, (gone) => {
        if (registered.id !== undefined && this.streams.get(registered.id) === gone) this.streams.delete(registered.id);
      });
      const replayed = new Set<EventId>();
      const streamId = await store.replayEventsAfter(lastEventId, {
        send: (eventId, message) => {
          if (this.writeEvent(stream, message, eventId)) replayed.add(eventId);
          else {
            this.onerror?.(new Error('Failed replay events'));
            stream.end();
          }
          return Promise.resolve();
        },
      });
      // close() may have run, or the client gone, while the store replayed.
      if (this.closed || res.destroyed) {
        stream.end();
        return this.refuse(res, 404, -32001, 'Session not found', false);
      }
      // A reconnect takes the stream id over: the predecessor ends cleanly.
      const previous = this.streams.get(streamId);
      if (previous) this.endStream(streamId, previous);
      stream.replayedEventIds = replayed;
      registered.id = streamId;
      this.streams.set(streamId, stream);
      // The resume itself proves the client holds a cursor.
      this.resumable.add(streamId);
      stream.open(this.sseHeaders());
      if (stream.live) this.armKeepAlive(stream);
    } catch (error) {
      this.onerror?.(error as Error);
      sendError(res, 500, 'Error replaying events', {}, { code: -32000 });
    }
  }

  private async handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.checkSession(req, res) || !this.checkProtocolVersion(req, res)) return;
    res.writeHead(200).end();
    await this.close();
  }
}
