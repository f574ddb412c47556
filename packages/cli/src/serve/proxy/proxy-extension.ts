import type { McpServerExtension } from '@toolwright/sdk/mcp';
import { installProxy } from './install-proxy.js';
import { proxyCapabilities } from './proxy-capabilities.js';
import type { UpstreamDirectory } from './upstream-directory.js';

/**
 * The proxy of `toolwright serve` as a `createMcpServer` extension: the upstreams' prompts,
 * resources (with subscriptions) and completions, their notifications passed on, their
 * sampling/elicitation declaration following the one client's (when they serve one client only),
 * and `logging/setLevel` forwarded to them.
 */
export function proxyExtension(upstreams: UpstreamDirectory): McpServerExtension {
  return {
    capabilities: (sessionless) => proxyCapabilities(upstreams.clients(), sessionless),
    install(server, { capabilities, logLevel }) {
      const proxy = installProxy(server, upstreams, capabilities, logLevel);
      return {
        track: (client, notify) => proxy.track(client, notify),
        ...(upstreams.servesOneClient ? { onInitialized: (client: Parameters<UpstreamDirectory['follow']>[0]) => upstreams.follow(client) } : {}),
        setLogLevel: (level) => upstreams.setLogLevel(level),
        end: () => proxy.end(),
      };
    },
  };
}
