import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { ClientLogLevelSetting } from '../served-client.js';
import { forwardNotification } from './forward-notifications.js';
import { PromptNames } from './prompt-names.js';
import { installProxyCompletions } from './proxy-completions.js';
import { installProxyPrompts } from './proxy-prompts.js';
import { installProxyResources, releaseSubscriptions } from './proxy-resources.js';
import type { ProxySession } from './proxy-session.js';
import type { UpstreamDirectory } from './upstream-directory.js';

/**
 * Makes `server` (one downstream session) a proxy of `upstreams` beyond tools: prompts,
 * resources (with subscriptions) and completions as `capabilities` declares them, and the
 * upstreams' log messages, resource updates and list changes passed on. Returns the function
 * that ends it (called when the session closes).
 */
export function installProxy(server: Server, upstreams: UpstreamDirectory, capabilities: ServerCapabilities, logLevel: ClientLogLevelSetting): () => void {
  const session: ProxySession = { server, upstreams, capabilities, logLevel, prompts: new PromptNames(), subscriptions: new Map() };
  if (capabilities.prompts) installProxyPrompts(session);
  if (capabilities.resources) installProxyResources(session);
  if (capabilities.completions) installProxyCompletions(session);
  const stop = upstreams.onNotification((event) => forwardNotification(session, event));
  return () => {
    stop();
    void releaseSubscriptions(session);
  };
}
