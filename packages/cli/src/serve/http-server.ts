import { createMcpServer } from '@toolwright/sdk/mcp';
import type { AgentSpec } from '@toolwright/sdk';
import type { McpHttpOptions, SessionToolset as LibrarySessionToolset } from '@toolwright/sdk/mcp';
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

/** Options of {@link startHttpServer}: the flags of `serve --http`, which are the library's `McpHttpOptions` plus where to listen. */
export interface HttpServeOptions extends Omit<McpHttpOptions, 'token'> {
  /** Address to bind. */
  host: string;
  /** Port (0 = a free one). */
  port: number;
  /** Bearer token required on every request, when set. */
  token?: string;
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
