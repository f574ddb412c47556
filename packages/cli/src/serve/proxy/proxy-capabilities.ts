import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { MCPClient } from '@toolwright/sdk/mcp';

/**
 * What the proxy can honour of its upstreams' capabilities: prompts, resources (with
 * subscriptions and list changes only when some upstream offers them) and completions, each
 * only when some connected upstream declared it. Without a session (`serve --http --stateless`)
 * nothing reaches the client outside a request, so no subscriptions and no list changes.
 */
export function proxyCapabilities(upstreams: readonly MCPClient[], sessionless = false): Pick<ServerCapabilities, 'prompts' | 'resources' | 'completions'> {
  const declared = upstreams.map((client) => client.serverCapabilities ?? {});
  const caps: Pick<ServerCapabilities, 'prompts' | 'resources' | 'completions'> = {};
  const prompts = declared.filter((c) => c.prompts !== undefined);
  if (prompts.length > 0) caps.prompts = !sessionless && prompts.some((c) => c.prompts?.listChanged === true) ? { listChanged: true } : {};
  const resources = declared.filter((c) => c.resources !== undefined);
  if (resources.length > 0) {
    caps.resources = {};
    if (sessionless) return withCompletions(caps, declared);
    if (resources.some((c) => c.resources?.subscribe === true)) caps.resources.subscribe = true;
    if (resources.some((c) => c.resources?.listChanged === true)) caps.resources.listChanged = true;
  }
  return withCompletions(caps, declared);
}

function withCompletions<T extends Pick<ServerCapabilities, 'completions'>>(caps: T, declared: readonly ServerCapabilities[]): T {
  if (declared.some((c) => c.completions !== undefined)) caps.completions = {};
  return caps;
}
