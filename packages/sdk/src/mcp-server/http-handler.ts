import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, SetLevelRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { allowedHostNames, isLoopbackHost } from './host-names.js';
import { checkHttpRequest } from './http-guard.js';
import { MemoryEventStore } from './memory-event-store.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S } from './session-limits.js';
import { SessionTable } from './session-table.js';
import { sendError } from './send-error.js';
import type { NodeStreamableHttpTransport } from './node-streamable-http-transport.js';


/**
 * The Streamable HTTP transport, imported on the first HTTP request: a process serving over
 * stdio only never loads it (nor the media-type parsing it brings).
 */
let nodeTransport: Promise<typeof NodeStreamableHttpTransport> | undefined;
function loadTransport(): Promise<typeof NodeStreamableHttpTransport> {
  return (nodeTransport ??= import('./node-streamable-http-transport.js').then((module) => module.NodeStreamableHttpTransport));
}

/** Answers one request with a session's (or a stateless request's) transport. */
function answer(transport: NodeStreamableHttpTransport, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  return transport.handleRequest(req, res, body, (req as { auth?: AuthInfo }).auth);
}

/** The reconnect delay sent to SSE clients by default, in ms. */
export const DEFAULT_RETRY_INTERVAL_MS = 1_000;

/** What a client that sends `logging/setLevel` to a stateless server is told (JSON-RPC -32600). */
export const STATELESS_SET_LEVEL_MESSAGE =
  'logging/setLevel cannot take effect on a stateless server: no session keeps the level between requests (the next one may reach another replica), so every log message is sent. Filter by level on the client, or serve without --stateless.';

/** Per-call metadata from a request's HTTP headers (undefined over stdio), given to every tools/call of that request. */
export type CallMetadataFromHeaders = (headers: Record<string, string | string[] | undefined> | undefined) => Record<string, unknown> | undefined;

/** Options of the Streamable HTTP side of `createMcpServer` (its `http` option). */
export interface McpHttpOptions {
  /**
   * Bearer token every request must carry (`Authorization: Bearer <token>`). Needed to serve off
   * loopback: `listen` on another address, or a mounted handler reached on one, is refused
   * without it unless `token: false` says that something in front authenticates.
   */
  token?: string | false;
  /** Extra `Host` names (or `name:port`) to accept besides loopback and the bound address (DNS rebinding protection). */
  allowedHosts?: readonly string[];
  /** Extra browser origins to accept. */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes (default 4 MiB). */
  maxBodyBytes?: number;
  /** Most sessions open at once (default {@link DEFAULT_MAX_SESSIONS}); an initialize beyond it gets HTTP 503. */
  maxSessions?: number;
  /** A session with no request for this long (ms) is closed (default {@link DEFAULT_SESSION_IDLE_S} s). */
  sessionIdleMs?: number;
  /**
   * Keeps each session's SSE events so a dropped stream resumes with `Last-Event-ID`: a factory
   * called once per session (default: a {@link MemoryEventStore} of the last 1,000 events), or
   * `false` for none.
   */
  eventStore?: (() => EventStore) | false;
  /** The reconnect delay (ms) sent to clients on SSE streams (`retry:`; default 1,000). */
  retryIntervalMs?: number;
  /**
   * No sessions: every POST is answered by a fresh MCP server over the shared tools (so replicas
   * behind any load balancer are interchangeable); GET and DELETE get 405. Nothing outlives a
   * request: no event store, `logging/setLevel` is answered with an error
   * ({@link STATELESS_SET_LEVEL_MESSAGE}), no resource subscriptions, and a tool's sampling or
   * elicitation fails with `NOT_SUPPORTED`.
   */
  stateless?: boolean;
  /**
   * Checks a request's headers after the Host/Origin/token guard (e.g. a per-request provider
   * header): a message refuses the request with HTTP 400 and that message as a JSON-RPC error.
   */
  checkHeaders?: (headers: IncomingHttpHeaders) => string | undefined;
  /** Per-call metadata from a request's headers, given to every tools/call of that request. */
  callMetadata?: CallMetadataFromHeaders;
  /**
   * Other routes on the same listener (`listen` only), asked after the Host/Origin/token guard
   * and before the MCP path: return true when it answered the request (e.g. a `/console` page),
   * false to go on (the MCP endpoint, else 404).
   */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /**
   * Routes that authenticate their requests themselves (`listen` only), asked after the Host/Origin
   * check and BEFORE the bearer-token check: a browser page cannot send `Authorization` when it is
   * opened, so such a route checks the token its own way (the web console: the bearer header or a
   * cookie it set after `?token=`). Return true when it answered the request. Never use it for a
   * route that does not check the token.
   */
  selfAuthenticatedRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

/** One MCP session's server, as the handler opens it. */
export interface OpenedSession {
  readonly server: Server;
  /** Closes what the session owns besides the server (its own tools). */
  close(): Promise<void>;
}

/** How the handler gets MCP servers: one per session, or one per request when stateless. */
export interface SessionFactory {
  /** A server (and what it owns) for a new session. */
  open(): Promise<OpenedSession>;
  /** A server for one stateless request. */
  stateless(): Server;
}

/**
 * A `node:http` (and Express) request handler for MCP Streamable HTTP: `(req, res, body?)`,
 * where `body` (or `req.body`, as `express.json()` leaves it) is the parsed JSON body when the
 * request was read already.
 */
export interface McpHttpHandler {
  (req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
  /** Open MCP sessions. */
  sessionCount(): number;
  /** Closes every session (new ones are refused). */
  close(): Promise<void>;
}

/** Where the handler listens when `createMcpServer(…).listen` made it (the guard's host and port, and the MCP path). */
export interface BoundAddress {
  host: string;
  /** The bound port, known once listening. */
  port(): number;
  path: string;
}

interface Session {
  transport: NodeStreamableHttpTransport;
  server: Server;
  /** The protocol version the session's initialize agreed on. */
  protocolVersion: string;
  close(): Promise<void>;
}

/** The version the SDK's server answers an initialize with: the client's when supported, else the latest. */
function negotiatedVersion(body: unknown): string {
  const asked = (body as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
  return typeof asked === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
}

/**
 * A request of a session that agreed on 2025-11-25 or later but names an older (supported)
 * version in its header is taken at the session's version: the transport decides by the header (as the SDK's does)
 * whether a POST stream gets its priming event (an id, empty data and the retry interval) and
 * whether ctx.closeStream() may end it, and a client of such a session polls and resumes.
 */
function atSessionVersion(req: IncomingMessage, session: Session): void {
  const header = req.headers['mcp-protocol-version'];
  if (typeof header === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(header) && header < session.protocolVersion && session.protocolVersion >= '2025-11-25') {
    req.headers['mcp-protocol-version'] = session.protocolVersion;
  }
}

type BodyRead = { ok: true; body: unknown } | { ok: false; status: number; message: string };

/**
 * Reads and parses a request's JSON body, refusing one over `limit` bytes (HTTP 413) as soon as
 * its `Content-Length` says so or its bytes pass the limit. Read with 'data' events, not an async
 * iterator (a promise per chunk and an iterator per request).
 */
function readJson(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const tooLarge: BodyRead = { ok: false, status: 413, message: `Request body over ${limit} bytes.` };
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (read: BodyRead): void => {
      req.off('data', onData).off('end', onEnd).off('error', onFailure).off('close', onFailure);
      resolve(read);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle(tooLarge);
      } else chunks.push(chunk);
    };
    const onEnd = (): void => {
      try {
        settle({ ok: true, body: JSON.parse((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')) as unknown });
      } catch (error) {
        settle({ ok: false, status: 400, message: `Parse error: the body is not JSON (${(error as Error).message}).` });
      }
    };
    // The client went away (or the stream broke) before the body ended.
    const onFailure = (): void => settle({ ok: false, status: 400, message: 'Bad Request: the request body ended before it was complete.' });
    req.on('data', onData).on('end', onEnd).on('error', onFailure).on('close', onFailure);
  });
}

/**
 * The MCP Streamable HTTP endpoint of `createMcpServer`: one MCP session (a `Server` and a
 * transport, with what `sessions.open` gave it) per client, every request first checked by
 * {@link checkHttpRequest} (Host and Origin against DNS rebinding, then the bearer token when
 * one is set). Sessions are capped (`maxSessions`: an initialize beyond it gets HTTP 503 with a
 * JSON-RPC error naming the limit) and closed after `sessionIdleMs` without a request. `bound`:
 * the listener `listen` made (its host for the guard, and the only path served); without it (a
 * handler mounted in an app) the guard takes the port the request arrived on and the app routes.
 */
export function createMcpHttpHandler(sessions: SessionFactory, options: McpHttpOptions = {}, bound?: BoundAddress): McpHttpHandler {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_S * 1000;
  for (const [name, value] of [['maxSessions', maxSessions], ['sessionIdleMs', idleMs]] as const) {
    if (!(typeof value === 'number' && value > 0 && (name !== 'maxSessions' || Number.isInteger(value)))) {
      throw new TypeError(`http.${name}: expected ${name === 'maxSessions' ? 'an integer' : 'a number'} > 0, got ${String(value)}.`);
    }
  }
  const table = new SessionTable<Session>({ maxSessions, idleMs });
  const allowedHosts = allowedHostNames(bound?.host ?? '127.0.0.1', options.allowedHosts);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const token = typeof options.token === 'string' ? options.token : undefined;
  const path = bound?.path;

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (!table.reserve()) {
      const idle = Math.ceil(idleMs / 1000);
      sendError(
        res,
        503,
        `Too many sessions: this server keeps at most ${maxSessions} MCP sessions open (--max-sessions). Close one (HTTP DELETE ${path ?? 'to this endpoint'} with its mcp-session-id) or retry later: a session idle for ${idle} s is closed (--session-idle).`,
        { 'retry-after': String(Math.min(idle, 60)) },
        { id: (body as { id?: unknown }).id, data: { maxSessions, sessionIdleSeconds: idle } },
      );
      return;
    }
    let added = false;
    let opened: OpenedSession | undefined;
    try {
      opened = await sessions.open();
      const { server } = opened;
      const owned = opened;
      const Transport = await loadTransport();
      const transport: NodeStreamableHttpTransport = new Transport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: options.eventStore === false ? undefined : (options.eventStore ?? (() => new MemoryEventStore()))(),
        retryInterval: options.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS,
        onsessioninitialized: (id) => {
          added = true;
          table.add(id, {
            transport,
            server,
            protocolVersion: negotiatedVersion(body),
            // The session's own tools (MCP children, terminal) are closed before this settles.
            close: async () => {
              await server.close();
              await owned.close();
            },
          });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) table.delete(transport.sessionId);
        void owned.close();
      };
      await server.connect(transport);
      await answer(transport, req, res, body);
    } finally {
      if (!added) {
        table.unreserve();
        await opened?.server.close().catch(() => undefined);
        await opened?.close();
      }
    }
  };

  const serveStateless = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (req.method !== 'POST') {
      sendError(res, 405, 'Method not allowed: this server is stateless (no session, no SSE stream to open or delete); send POST requests only.', { allow: 'POST' });
      return;
    }
    const server = sessions.stateless();
    // Said, not silently dropped: a level set here would be forgotten when this request ends.
    server.setRequestHandler(SetLevelRequestSchema, () => {
      // A plain error with a code: McpError would prefix its message ("MCP error -32600: …") on the wire.
      throw Object.assign(new Error(STATELESS_SET_LEVEL_MESSAGE), { code: ErrorCode.InvalidRequest });
    });
    // No event store: nothing outlives the request, so its stream cannot be resumed (no event
    // ids, no retry; ctx.closeStream() returns false) and a dropped call must be sent again.
    const Transport = await loadTransport();
    const transport = new Transport({ sessionIdGenerator: undefined });
    res.once('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    await answer(transport, req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, given?: unknown): Promise<void> => {
    const port = bound ? bound.port() : (req.socket.localPort ?? 0);
    if (bound && options.selfAuthenticatedRoutes && checkHttpRequest(req.headers, { allowedHosts, allowedOrigins, port }).ok) {
      if (await options.selfAuthenticatedRoutes(req, res)) return;
    }
    const verdict = checkHttpRequest(req.headers, { allowedHosts, allowedOrigins, port, token });
    if (!verdict.ok) {
      sendError(res, verdict.status, verdict.message, verdict.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      return;
    }
    if (!bound && token === undefined && options.token !== false && !isLoopbackHost(req.socket.localAddress ?? '')) {
      sendError(res, 403, 'Forbidden: this MCP endpoint has no bearer token and serves loopback only; give createMcpServer http.token (or http.token: false when something in front authenticates).');
      return;
    }
    const refused = options.checkHeaders?.(req.headers);
    if (refused !== undefined) {
      sendError(res, 400, refused, {}, { code: -32600 });
      return;
    }
    if (bound) {
      if (options.extraRoutes && (await options.extraRoutes(req, res))) return;
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (pathname !== path) {
        sendError(res, 404, `Not found: the MCP endpoint is ${path}.`);
        return;
      }
    }
    // Express calls a handler with (req, res, next): a function is not a body.
    let body: unknown = (typeof given === 'function' ? undefined : given) ?? (req as { body?: unknown }).body;
    if (req.method === 'POST' && body === undefined) {
      const read = await readJson(req, limit);
      if (!read.ok) {
        // The rest of an oversized body is not read: the connection closes after the answer.
        sendError(res, read.status, read.message, read.status === 413 ? { connection: 'close' } : {});
        return;
      }
      body = read.body;
    }
    if (options.stateless) {
      await serveStateless(req, res, body);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = table.get(sessionId);
      if (!session) {
        sendError(res, 404, `Session not found: '${sessionId}' is unknown, closed or expired (idle ${Math.ceil(idleMs / 1000)} s); initialize a new session.`);
        return;
      }
      // In flight until the response ends (an SSE stream keeps its session alive while open).
      res.once('close', table.begin(sessionId));
      atSessionVersion(req, session);
      await answer(session.transport, req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      sendError(res, 400, 'Bad Request: no valid mcp-session-id header; send an initialize request first.');
      return;
    }
    await openSession(req, res, body);
  };

  const handler = ((req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void> =>
    handle(req, res, body).catch((error: unknown) => sendError(res, 500, `Internal error: ${(error as Error)?.message ?? String(error)}`))) as McpHttpHandler;
  handler.sessionCount = () => table.size;
  handler.close = () => table.closeAll();
  return handler;
}
