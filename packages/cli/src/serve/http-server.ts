import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createMcpServer } from '@toolwright/sdk/mcp';
import type { AgentSpec } from '@toolwright/sdk';
import type { CallMetadataFromHeaders, EventStore, SessionToolset as LibrarySessionToolset } from '@toolwright/sdk/mcp';
import { CLI_VERSION } from '../version.js';
import { extensionOf } from './create-tool-server.js';
import type { ServedToolset } from './served-toolset.js';

export { DEFAULT_RETRY_INTERVAL_MS, STATELESS_SET_LEVEL_MESSAGE } from '@toolwright/sdk/mcp';

/** A toolset that belongs to one MCP session and is closed with it. */
export interface SessionToolset extends LibrarySessionToolset, ServedToolset {}

/**
 * Where sessions get their tools: one toolset shared by every session, or a function that opens
 * a fresh toolset (its own conversation: terminal, working state, undo history) per session.
 */
export type ToolsetSource = ServedToolset | (() => Promise<SessionToolset>);

/** Options of {@link startHttpServer} (the flags of `serve --http`; see the library's `McpHttpOptions`). */
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
  /** Most sessions open at once; an initialize beyond it gets HTTP 503. */
  maxSessions?: number;
  /** A session with no request for this long (ms) is closed. */
  sessionIdleMs?: number;
  /** Per-session SSE event store factory, or `false` for none (default: the library's MemoryEventStore). */
  eventStore?: (() => EventStore) | false;
  /** The reconnect delay (ms) sent to clients on SSE streams. */
  retryIntervalMs?: number;
  /** No sessions (`--stateless`). Needs a shared toolset. */
  stateless?: boolean;
  /** Checks a request's headers after the guard; a message refuses it with HTTP 400. */
  checkHeaders?: (headers: IncomingHttpHeaders) => string | undefined;
  /** Per-call metadata from a request's headers. */
  callMetadata?: CallMetadataFromHeaders;
  /**
   * Other routes on the same listener, asked after the Host/Origin/token guard and before `/mcp`:
   * true when it answered the request (e.g. the web console's `/console`).
   */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** The spec whose `prompts:` and `resources:` are served next to the tools. */
  spec?: Pick<AgentSpec, 'prompts' | 'resources' | 'source'>;
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

/**
 * `serve --http`: the library's `createMcpServer` over the CLI's toolset (shared, or one per
 * session), its upstreams proxied as the server's extension, listening at `/mcp` with the
 * guards, limits and sessions of `createMcpServer`'s `http` options.
 */
export async function startHttpServer(source: ToolsetSource, options: HttpServeOptions): Promise<RunningHttpServer> {
  const { host, port, spec, ...http } = options;
  const server = createMcpServer({
    toolset: source,
    ...(spec ? { spec } : {}),
    version: CLI_VERSION,
    extension: (toolset) => extensionOf(toolset as ServedToolset),
    http,
  });
  const running = await server.listen({ host, port });
  return {
    url: running.url,
    port: running.port,
    sessionCount: () => running.sessionCount(),
    close: () => server.close(),
  };
}
