import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MemoryEventStore } from './memory-event-store.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, SetLevelRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createToolServer } from './create-tool-server.js';
import type { ToolServerOptions } from './create-tool-server.js';
import { allowedHostNames, hostForUrl, isWildcardHost } from './host-names.js';
import { checkHttpRequest } from './http-guard.js';
import type { ServedToolset } from './served-toolset.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S } from './session-limits.js';
import { SessionTable } from './session-table.js';
import { statelessToolset } from './stateless-toolset.js';

/** A toolset that belongs to one MCP session and is closed with it. */
export interface SessionToolset extends ServedToolset {
  close(): Promise<void>;
}

/**
 * Where sessions get their tools: one toolset shared by every session, or a function that opens
 * a fresh toolset (its own conversation: terminal, working state, undo history) per session.
 */
export type ToolsetSource = ServedToolset | (() => Promise<SessionToolset>);


/** The reconnect delay sent to SSE clients by default, in ms. */
export const DEFAULT_RETRY_INTERVAL_MS = 1_000;

/** Options of {@link startHttpServer}. */
export interface HttpServeOptions {
  /** Address to bind. */
  host: string;
  /** Port (0 = a free one). */
  port: number;
  /** Bearer token required on every request, when set. */
  token?: string;
  /** Extra `Host` names to accept. */
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
   * No sessions: every POST is answered by a fresh MCP server over the shared toolset (so replicas
   * behind any load balancer are interchangeable); GET and DELETE get 405. Needs a shared toolset.
   * Nothing outlives a request: no event store (a dropped stream is not resumable),
   * `logging/setLevel` is answered with an error ({@link STATELESS_SET_LEVEL_MESSAGE}), and a
   * tool's sampling or elicitation fails with `NOT_SUPPORTED` (the answer could not reach it).
   */
  stateless?: boolean;
  /**
   * Checks a request's headers after the Host/Origin/token guard (e.g. a per-request provider
   * header): a message refuses the request with HTTP 400 and that message as a JSON-RPC error.
   */
  checkHeaders?: (headers: IncomingHttpHeaders) => string | undefined;
  /** Per-call metadata from a request's headers, given to every tools/call of that request (see `ToolServerOptions.callMetadata`). */
  callMetadata?: ToolServerOptions['callMetadata'];
}

/** A running `serve --http`. */
export interface RunningHttpServer {
  /** `http://host:port/mcp` (with 127.0.0.1 for a wildcard bind). */
  readonly url: string;
  /** The port actually bound. */
  readonly port: number;
  /** Open MCP sessions. */
  sessionCount(): number;
  /** Closes every session and the listener. */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
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
 * version in its header is taken at the session's version: the SDK decides by the header
 * whether a POST stream gets its priming event (an id, empty data and the retry interval) and
 * whether ctx.closeStream() may end it, and a client of such a session polls and resumes.
 */
function atSessionVersion(req: IncomingMessage, session: Session): void {
  const header = req.headers['mcp-protocol-version'];
  if (typeof header === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(header) && header < session.protocolVersion && session.protocolVersion >= '2025-11-25') {
    req.headers['mcp-protocol-version'] = session.protocolVersion;
    // The SDK's Node transport builds its Request from the raw headers.
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]!.toLowerCase() === 'mcp-protocol-version') req.rawHeaders[i + 1] = session.protocolVersion;
    }
  }
}

const MCP_PATH = '/mcp';

/** What a client that sends `logging/setLevel` to a stateless server is told (JSON-RPC -32600). */
export const STATELESS_SET_LEVEL_MESSAGE =
  'logging/setLevel cannot take effect on a stateless server: no session keeps the level between requests (the next one may reach another replica), so every log message is sent. Filter by level on the client, or serve without --stateless.';

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, extra: { id?: unknown; data?: unknown; code?: number } = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  const error: Record<string, unknown> = { code: extra.code ?? (status === 400 ? -32700 : -32000), message };
  if (extra.data !== undefined) error.data = extra.data;
  const id = typeof extra.id === 'string' || typeof extra.id === 'number' ? extra.id : null;
  res.end(JSON.stringify({ jsonrpc: '2.0', error, id }));
}

async function readJson(req: IncomingMessage, limit: number): Promise<{ ok: true; body: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return { ok: false, status: 413, message: `Request body over ${limit} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (error) {
    return { ok: false, status: 400, message: `Parse error: the body is not JSON (${(error as Error).message}).` };
  }
}

/**
 * Serves a toolset over MCP Streamable HTTP at `/mcp`: one MCP session (a `Server` and a
 * transport, and with a per-session source its own toolset) per client, every request first
 * checked by {@link checkHttpRequest} (Host and Origin against DNS rebinding, then the bearer
 * token when one is set). Sessions are capped (`maxSessions`: an initialize beyond it gets HTTP
 * 503 with a JSON-RPC error naming the limit) and closed after `sessionIdleMs` without a request.
 */
export async function startHttpServer(source: ToolsetSource, options: HttpServeOptions): Promise<RunningHttpServer> {
  if (options.stateless && typeof source === 'function') throw new TypeError('A stateless server needs one shared toolset, not a toolset per session.');
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_S * 1000;
  const sessions = new SessionTable<Session>({ maxSessions, idleMs });
  const allowedHosts = allowedHostNames(options.host, options.allowedHosts);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let port = options.port;

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (!sessions.reserve()) {
      const idle = Math.ceil(idleMs / 1000);
      sendError(
        res,
        503,
        `Too many sessions: this server keeps at most ${maxSessions} MCP sessions open (--max-sessions). Close one (HTTP DELETE ${MCP_PATH} with its mcp-session-id) or retry later: a session idle for ${idle} s is closed (--session-idle).`,
        { 'retry-after': String(Math.min(idle, 60)) },
        { id: (body as { id?: unknown }).id, data: { maxSessions, sessionIdleSeconds: idle } },
      );
      return;
    }
    let added = false;
    let toolset: ServedToolset | undefined;
    let owned: SessionToolset | undefined;
    let server: Server | undefined;
    try {
      if (typeof source === 'function') toolset = owned = await source();
      else toolset = source;
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: options.eventStore === false ? undefined : (options.eventStore ?? (() => new MemoryEventStore()))(),
        retryInterval: options.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS,
        onsessioninitialized: (id) => {
          added = true;
          sessions.add(id, {
            transport,
            server: server!,
            protocolVersion: negotiatedVersion(body),
            // The session's own toolset (MCP children, terminal) is closed before this settles.
            close: async () => {
              await server!.close();
              await owned?.close();
            },
          });
        },
      });
      server = createToolServer(toolset, { callMetadata: options.callMetadata });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
        void owned?.close();
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      if (!added) {
        sessions.unreserve();
        await server?.close().catch(() => undefined);
        await owned?.close();
      }
    }
  };

  const statelessSource = options.stateless ? statelessToolset(source as ServedToolset) : undefined;
  const serveStateless = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (req.method !== 'POST') {
      sendError(res, 405, 'Method not allowed: this server is stateless (no session, no SSE stream to open or delete); send POST requests only.', { allow: 'POST' });
      return;
    }
    const server = createToolServer(statelessSource!, { callMetadata: options.callMetadata, stateless: true });
    // Said, not silently dropped: a level set here would be forgotten when this request ends.
    server.setRequestHandler(SetLevelRequestSchema, () => {
      // A plain error with a code: McpError would prefix its message ("MCP error -32600: …") on the wire.
      throw Object.assign(new Error(STATELESS_SET_LEVEL_MESSAGE), { code: ErrorCode.InvalidRequest });
    });
    // No event store: nothing outlives the request, so its stream cannot be resumed (no event
    // ids, no retry; ctx.closeStream() returns false) and a dropped call must be sent again.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.once('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkHttpRequest(req.headers, { allowedHosts, allowedOrigins, port, token: options.token });
    if (!verdict.ok) {
      sendError(res, verdict.status, verdict.message, verdict.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      return;
    }
    const refused = options.checkHeaders?.(req.headers);
    if (refused !== undefined) {
      sendError(res, 400, refused, {}, { code: -32600 });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) {
      sendError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
      return;
    }
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJson(req, limit);
      if (!read.ok) {
        sendError(res, read.status, read.message);
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
      const session = sessions.get(sessionId);
      if (!session) {
        sendError(res, 404, `Session not found: '${sessionId}' is unknown, closed or expired (idle ${Math.ceil(idleMs / 1000)} s); initialize a new session.`);
        return;
      }
      // In flight until the response ends (an SSE stream keeps its session alive while open).
      res.once('close', sessions.begin(sessionId));
      atSessionVersion(req, session);
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      sendError(res, 400, 'Bad Request: no valid mcp-session-id header; send an initialize request first.');
      return;
    }
    await openSession(req, res, body);
  };

  const http: NodeHttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, 500, `Internal error: ${(error as Error)?.message ?? String(error)}`));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${isWildcardHost(options.host) ? '127.0.0.1' : hostForUrl(options.host)}:${port}${MCP_PATH}`,
    port,
    sessionCount: () => sessions.size,
    close: () =>
      (closing ??= (async () => {
        await sessions.closeAll();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })()),
  };
}
