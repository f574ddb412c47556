import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ClientHandlers } from '@toolwright/sdk';
import type { ClientLogLevelSetting } from '../served-client.js';
import type { PromptNames } from './prompt-names.js';
import type { UpstreamDirectory } from './upstream-directory.js';

/** What one downstream session of the proxy keeps: its server, the upstreams, its names and subscriptions. */
export interface ProxySession {
  server: Server;
  upstreams: UpstreamDirectory;
  /** What this session's server declared. */
  capabilities: ServerCapabilities;
  /** The level the client set with `logging/setLevel`. */
  logLevel: ClientLogLevelSetting;
  prompts: PromptNames;
  /** The client's subscriptions: the URI it subscribed to → the upstream server and URI. */
  subscriptions: Map<string, { server: string; uri: string }>;
  /** This session's calls in flight: each call's client handlers → how to notify on that call's own stream. */
  calls: Map<ClientHandlers, (notification: ServerNotification) => Promise<void>>;
}
