import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ClientHandlers } from '@toolwright/sdk';
import type { ClientLogLevelSetting } from '../served-client.js';
import { forwardNotification } from './forward-notifications.js';
import { PromptNames } from './prompt-names.js';
import { installProxyCompletions } from './proxy-completions.js';
import { installProxyPrompts } from './proxy-prompts.js';
import { installProxyResources, releaseSubscriptions } from './proxy-resources.js';
import type { ProxySession } from './proxy-session.js';
import type { UpstreamDirectory } from './upstream-directory.js';

/** The proxy side of one served session (see {@link installProxy}). */
export interface InstalledProxy {
  /**
   * Records a call in flight: `client` is the handlers object the call runs with, `notify` sends
   * on the call's own stream. Returns the function that ends it.
   */
  track(client: ClientHandlers, notify: (notification: ServerNotification) => Promise<void>): () => void;
  /** Ends the proxy for this session (its server closed): no more notifications, subscriptions released. */
  end(): void;
}

/**
 * Makes `server` (one downstream session) a proxy of `upstreams` beyond tools: prompts,
 * resources (with subscriptions) and completions as `capabilities` declares them, and the
 * upstreams' log messages, resource updates and list changes passed on.
 */
export function installProxy(server: Server, upstreams: UpstreamDirectory, capabilities: ServerCapabilities, logLevel: ClientLogLevelSetting): InstalledProxy {
  const session: ProxySession = { server, upstreams, capabilities, logLevel, prompts: new PromptNames(), subscriptions: new Map(), calls: new Map() };
  if (capabilities.prompts) installProxyPrompts(session);
  if (capabilities.resources) installProxyResources(session);
  if (capabilities.completions) installProxyCompletions(session);
  const stop = upstreams.onNotification((event) => forwardNotification(session, event));
  return {
    track(client, notify) {
      session.calls.set(client, notify);
      return () => session.calls.delete(client);
    },
    end() {
      stop();
      session.calls.clear();
      void releaseSubscriptions(session);
    },
  };
}
