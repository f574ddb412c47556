import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ClientCapabilities, LoggingLevel, ServerCapabilities, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import type { ClientLogLevelSetting } from './served-client.js';

/** What an {@link McpServerExtension} gets when it is installed on one session's server. */
export interface McpExtensionContext {
  /** The capabilities the extension itself declared for this session (its `capabilities()`). */
  readonly capabilities: ServerCapabilities;
  /** The level the client set with `logging/setLevel` (for notifications the extension passes on). */
  readonly logLevel: ClientLogLevelSetting;
}

/** One session's side of an {@link McpServerExtension}. */
export interface McpExtensionSession {
  /**
   * Records a tool call in flight: `client` is the handlers object the call runs with, `notify`
   * sends on the call's own stream. Returns the function that ends it.
   */
  track?(client: ClientHandlers, notify: (notification: ServerNotification) => Promise<void>): () => void;
  /** Runs when the client initialized; `tools/list` and `tools/call` wait for it. Must not reject. */
  onInitialized?(client: ClientCapabilities): Promise<void>;
  /** The client set a log level (after the session's own filter took it). Must not reject. */
  setLogLevel?(level: LoggingLevel): Promise<void>;
  /** The session's server closed. */
  end(): void;
}

/**
 * Something served beside the tools and the native prompts and resources, on every session:
 * `toolwright serve` proxies the spec's MCP servers' prompts, resources and completions this way.
 * Its handlers for `prompts/*`, `resources/*` and `completion/complete`, registered with the
 * session server's `setRequestHandler`, answer what the native catalog does not own: listings are
 * the native entries followed by the extension's, and a name, URI or completion reference the
 * catalog does not know goes to the extension.
 */
export interface McpServerExtension {
  /**
   * What it offers, declared by the server next to the native catalog's. `sessionless`: the
   * server has no session (stateless HTTP), so nothing reaches the client outside a request.
   */
  capabilities(sessionless: boolean): Pick<ServerCapabilities, 'prompts' | 'resources' | 'completions'>;
  /** Installs its handlers on one session's server. */
  install(server: Server, context: McpExtensionContext): McpExtensionSession;
}
