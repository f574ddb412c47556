import type { IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { PolicyOptions } from '../policy/policy-options.js';
import { Agent } from '../runtime/agent.js';
import { ConversationState } from '../state/conversation-state.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { AgentSpec } from '../registry/agent-spec.js';
import { agentTools } from './agent-tools.js';
import { servedCatalogFromSpec } from './catalog-from-spec.js';
import type { PromptDefinition } from './define-prompt.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from './define-resource.js';
import { hostForUrl, isLoopbackHost, isWildcardHost } from './host-names.js';
import { createMcpHttpHandler } from './http-handler.js';
import type { McpHttpHandler, McpHttpOptions, OpenedSession } from './http-handler.js';
import type { McpServerExtension } from './mcp-server-extension.js';
import { NativeCatalog } from './native-catalog.js';
import type { ServedToolset } from './served-tools.js';
import { statelessToolset } from './stateless-tools.js';
import { createToolServer } from './tool-server.js';

/** Tools that belong to one MCP session and are closed with it. */
export interface SessionToolset extends ServedToolset {
  close(): Promise<void>;
}

/** Options of {@link createMcpServer}: the tools (exactly one of `agent`, `tools`, `toolset`), and what is served beside them. */
export interface CreateMcpServerOptions {
  /** Serve this Agent's tools (its current view); calls go through `agent.executeToolCall`. Initialized on first need when it is not. */
  agent?: Agent;
  /** Serve these tools (decorated or `defineTool`), through an Agent the server makes with `policy`. */
  tools?: readonly ToolDefinition[];
  /** With `tools`: the permission mode, rules and approvals served calls pass (default: no checks). */
  policy?: PolicyOptions;
  /** With `tools`: the directory the tools work in (default `process.cwd()`). */
  workingDir?: string;
  /**
   * Lower level (what `toolwright serve` passes): the served tools themselves, or a function that
   * opens fresh ones (their own conversation) for each HTTP session.
   */
  toolset?: ServedToolset | (() => Promise<SessionToolset>);
  /** Native prompts (`definePrompt`). */
  prompts?: readonly PromptDefinition[];
  /** Native resources and resource templates (`defineResource`, `defineResourceTemplate`). */
  resources?: readonly (ResourceDefinition | ResourceTemplateDefinition)[];
  /**
   * An agent spec (`loadAgentSpec`) whose `prompts:` and `resources:` are served too, after
   * `prompts` and `resources` (its tools are the agent's business: pass `agent`).
   */
  spec?: Pick<AgentSpec, 'prompts' | 'resources' | 'source'>;
  /** Instructions for the client's model, sent in the initialize result. */
  instructions?: string;
  /** Server name announced at initialization (default `toolwright`). */
  name?: string;
  /** Server version announced at initialization. */
  version?: string;
  /** Streamable HTTP: guards, limits, sessions (see {@link McpHttpOptions}). */
  http?: McpHttpOptions;
  /**
   * Served beside the native prompts and resources (the CLI's proxy of upstream MCP servers): one
   * for every session, or a function of the session's tools (each session's own upstreams).
   */
  extension?: McpServerExtension | ((toolset: ServedToolset) => McpServerExtension | undefined);
}

/** Options of {@link ToolwrightMcpServer.listen}. */
export interface McpListenOptions {
  /** Address to bind (default `127.0.0.1`). Off loopback, `http.token` is required (or `http.token: false`). */
  host?: string;
  /** Port (default 0: a free one). */
  port?: number;
}

/** A running listener of {@link ToolwrightMcpServer.listen}. */
export interface RunningMcpHttpServer {
  /** `http://host:port/mcp` (with 127.0.0.1 for a wildcard bind). */
  readonly url: string;
  /** The port actually bound. */
  readonly port: number;
  /** The Node HTTP server. */
  readonly httpServer: NodeHttpServer;
  /** Open MCP sessions. */
  sessionCount(): number;
  /** Closes every session and the listener. */
  close(): Promise<void>;
}

/** What {@link createMcpServer} returns: one definition of a server, served over any number of transports. */
export interface ToolwrightMcpServer {
  /** Resolves when the tools are ready (an Agent initialized); rejects with its configuration error. */
  ready(): Promise<void>;
  /** A new MCP SDK `Server` for one connection (any transport: `server.connect(transport)`). Call after {@link ready}. */
  newServer(): Server;
  /** Connects a new `Server` to a transport (stdio: `new StdioServerTransport()`), after {@link ready}. */
  connect(transport: Transport): Promise<Server>;
  /**
   * The Streamable HTTP endpoint as a request handler for `node:http` (`createServer(handler)`)
   * or Express (`app.all('/mcp', express.json(), handler)`): sessions, Host/Origin/token guards and
   * limits from `options.http`. One handler per server (the same object on every access).
   */
  readonly handleRequest: McpHttpHandler;
  /** Serves the Streamable HTTP endpoint at `/mcp` on its own listener. */
  listen(options?: McpListenOptions): Promise<RunningMcpHttpServer>;
  /** Tells the sessions subscribed to resource `uri` that it changed (`notifications/resources/updated`); returns how many. */
  resourceUpdated(uri: string): number;
  /** Closes every HTTP session (and the Agent the server made for `tools`). */
  close(): Promise<void>;
}

function optionsError(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_OPTIONS, message });
}

/** The tools a server's options name, and how to get them ready. */
function toolsOf(options: CreateMcpServerOptions): { source: ServedToolset | (() => Promise<SessionToolset>); ready: () => Promise<void>; close: () => Promise<void> } {
  const given = (['agent', 'tools', 'toolset'] as const).filter((key) => options[key] !== undefined);
  if (given.length !== 1) {
    throw optionsError(`createMcpServer needs exactly one of agent, tools or toolset; got ${given.length === 0 ? 'none' : given.join(' and ')}.`);
  }
  if (options.policy !== undefined && options.tools === undefined) {
    throw optionsError('createMcpServer: policy goes with tools (an agent has its own policy: new Agent({ policy })).');
  }
  if (options.toolset !== undefined) return { source: options.toolset, ready: () => Promise.resolve(), close: () => Promise.resolve() };
  let agent: Agent;
  let owned = false;
  if (options.agent !== undefined) {
    if (!(options.agent instanceof Agent)) throw optionsError('createMcpServer: agent must be an Agent (new Agent({ tools, policy })).');
    agent = options.agent;
  } else {
    if (!Array.isArray(options.tools)) throw optionsError('createMcpServer: tools must be an array of tools (ToolDefinition or defineTool(…)).');
    agent = new Agent(options.policy === undefined ? { extraTools: [...options.tools] } : { extraTools: [...options.tools], policy: options.policy });
    owned = true;
  }
  let initializing: Promise<void> | undefined;
  const ready = (): Promise<void> =>
    (initializing ??= agent.initialize(agent.state ?? new ConversationState({ workingDir: options.workingDir ?? process.cwd() })));
  // A configuration mistake (two tools with one name) is found at once, not at the first request.
  if (owned) void ready().catch(() => undefined);
  return {
    source: agentTools(agent),
    ready,
    close: async () => {
      if (owned) await agent.close();
    },
  };
}

/**
 * An MCP server over Toolwright tools, with native prompts, resources (and templates, with
 * subscriptions) and completions, built once and served over any transport: `connect(transport)`
 * for stdio (or any MCP SDK transport), `handleRequest` to mount the Streamable HTTP endpoint in
 * a `node:http` server or an Express app, or `listen()` for a listener of its own. Over HTTP each
 * client gets a session; Host and Origin are checked against DNS rebinding, a bearer token is
 * required off loopback, sessions are capped and expire when idle (`options.http`).
 * `toolwright serve` is this server (its proxy of the spec's MCP servers is an `extension`).
 * Configuration mistakes (not exactly one of agent/tools/toolset, two prompts with one name,
 * a resource that is not one) throw here.
 *
 * ```ts
 * const server = createMcpServer({ tools: [weather], prompts: [review], resources: [guide] });
 * const running = await server.listen({ port: 3000 });   // http://127.0.0.1:3000/mcp
 * // or: app.all('/mcp', express.json(), server.handleRequest)
 * // or: await server.connect(new StdioServerTransport())
 * ```
 */
export function createMcpServer(options: CreateMcpServerOptions): ToolwrightMcpServer {
  if (typeof options !== 'object' || options === null) throw optionsError('createMcpServer needs options { agent | tools, prompts?, resources? }.');
  const tools = toolsOf(options);
  const fromSpec = options.spec ? servedCatalogFromSpec(options.spec) : { prompts: [], resources: [] };
  // A non-array is passed on as given, for NativeCatalog's message.
  const joined = <T>(given: readonly T[] | undefined, spec: readonly T[]): readonly T[] => (given === undefined ? spec : Array.isArray(given) ? [...given, ...spec] : given);
  const catalog = new NativeCatalog(joined(options.prompts, fromSpec.prompts), joined(options.resources, fromSpec.resources));
  const http = options.http ?? {};
  if (http.stateless && typeof tools.source === 'function') throw new TypeError('A stateless server needs one shared toolset, not a toolset per session.');
  const base = { name: options.name, version: options.version, instructions: options.instructions, catalog, callMetadata: http.callMetadata };
  const extensionOf = typeof options.extension === 'function' ? options.extension : () => options.extension as McpServerExtension | undefined;
  const serverFor = (toolset: ServedToolset, stateless = false): Server => createToolServer(toolset, { ...base, extension: extensionOf(toolset), stateless });
  const shared = typeof tools.source === 'function' ? undefined : tools.source;
  const statelessSource = http.stateless && shared ? statelessToolset(shared) : undefined;
  const sessions = {
    open: async (): Promise<OpenedSession> => {
      await tools.ready();
      if (shared) return { server: serverFor(shared), close: () => Promise.resolve() };
      const owned = await (tools.source as () => Promise<SessionToolset>)();
      try {
        return { server: serverFor(owned), close: () => owned.close() };
      } catch (error) {
        await owned.close();
        throw error;
      }
    },
    stateless: (): Server => serverFor(statelessSource!, true),
  };
  const handlers: McpHttpHandler[] = [];
  const listeners: RunningMcpHttpServer[] = [];
  let mounted: McpHttpHandler | undefined;
  const mount = (): McpHttpHandler => {
    if (mounted) return mounted;
    const inner = createMcpHttpHandler(sessions, http);
    handlers.push(inner);
    const handler = (async (req: IncomingMessage, res: ServerResponse, body?: unknown) => {
      await tools.ready();
      await inner(req, res, body);
    }) as McpHttpHandler;
    handler.sessionCount = () => inner.sessionCount();
    handler.close = () => inner.close();
    return (mounted = handler);
  };
  return {
    ready: tools.ready,
    newServer: () => {
      if (!shared) throw optionsError('newServer() needs shared tools: with a toolset per session, serve over HTTP.');
      return serverFor(shared);
    },
    async connect(transport) {
      await tools.ready();
      if (!shared) throw optionsError('connect() needs shared tools: with a toolset per session, serve over HTTP.');
      const server = serverFor(shared);
      await server.connect(transport);
      return server;
    },
    get handleRequest() {
      return mount();
    },
    async listen(listen = {}) {
      const host = listen.host ?? '127.0.0.1';
      if (!isLoopbackHost(host) && http.token === undefined) {
        throw optionsError(`listen on ${host}: off loopback every request needs a bearer token; give http.token (or http.token: false when something in front authenticates).`);
      }
      await tools.ready();
      let port = listen.port ?? 0;
      const handler = createMcpHttpHandler(sessions, http, { host, port: () => port, path: '/mcp' });
      handlers.push(handler);
      // node:http only for a server that listens: serving over stdio never needs it.
      const httpServer = process.getBuiltinModule('node:http').createServer((req, res) => void handler(req, res));
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          resolve();
        });
      });
      port = (httpServer.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;
      const running: RunningMcpHttpServer = {
        url: `http://${isWildcardHost(host) ? '127.0.0.1' : hostForUrl(host)}:${port}/mcp`,
        port,
        httpServer,
        sessionCount: () => handler.sessionCount(),
        close: () =>
          (closing ??= (async () => {
            await handler.close();
            await new Promise<void>((resolve) => {
              httpServer.close(() => resolve());
              httpServer.closeAllConnections();
            });
          })()),
      };
      listeners.push(running);
      return running;
    },
    resourceUpdated: (uri) => catalog.resourceUpdated(uri),
    async close() {
      await Promise.allSettled([...listeners.map((l) => l.close()), ...handlers.map((h) => h.close())]);
      await tools.close();
    },
  };
}
