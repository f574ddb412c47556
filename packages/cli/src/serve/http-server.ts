import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createToolServer } from './create-tool-server.js';
import { allowedHostNames, hostForUrl, isWildcardHost } from './host-names.js';
import { checkHttpRequest } from './http-guard.js';
import type { ServedToolset } from './served-toolset.js';

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
}

const MCP_PATH = '/mcp';

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: status === 400 ? -32700 : -32000, message }, id: null }));
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
 * transport) per client, every request first checked by {@link checkHttpRequest} (Host and Origin
 * against DNS rebinding, then the bearer token when one is set).
 */
export async function startHttpServer(toolset: ServedToolset, options: HttpServeOptions): Promise<RunningHttpServer> {
  const sessions = new Map<string, Session>();
  const allowedHosts = allowedHostNames(options.host, options.allowedHosts);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let port = options.port;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkHttpRequest(req.headers, { allowedHosts, allowedOrigins, port, token: options.token });
    if (!verdict.ok) {
      sendError(res, verdict.status, verdict.message, verdict.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
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
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        sendError(res, 404, `Session not found: '${sessionId}' is unknown or closed; initialize a new session.`);
        return;
      }
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      sendError(res, 400, 'Bad Request: no valid mcp-session-id header; send an initialize request first.');
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
    });
    const server = createToolServer(toolset);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
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
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.allSettled(open.map((s) => s.server.close()));
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })()),
  };
}
