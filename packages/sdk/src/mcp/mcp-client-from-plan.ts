import { MCPClient } from './mcp-client.js';
import type { McpTransportFactory } from './mcp-client.js';
import type { McpServerPlan } from './mcp-server-plan.js';
import { StdioProcessTransport } from './stdio-process-transport.js';
import type { McpClientCapabilities } from './mcp-client-capabilities.js';
import { mcpConfigError } from './mcp-server-plan.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import { McpAuthorizer } from './mcp-auth/mcp-authorizer.js';
import { oauthFetch } from './mcp-auth/oauth-fetch.js';
import { oauthProviderFor } from './oauth-provider-for.js';
import { fetchReplacingInvalidResults } from './invalid-result-fetch.js';
import { fetchWithRequestSignals } from './request-signal-fetch.js';
import { registerCredentialHeaders } from '../secrets/register-credential-headers.js';

/** Transport settings shared by all servers of a toolset. */
export interface McpTransportSettings {
  /** Closing a connection, in ms (default 10 s). */
  closeTimeoutMs?: number;
  /** Largest message accepted from a stdio server, in bytes (default 10 MiB). */
  maxMessageBytes?: number;
  /** The host's own sampling/elicitation (an Agent's `onSample`/`onElicit`), used by servers configured with `true`. */
  clientHandlers?: ClientHandlers;
}

/** An (unconnected) {@link MCPClient} for a checked server plan. */
export function mcpClientFromPlan(plan: McpServerPlan, settings: McpTransportSettings = {}): MCPClient {
  return new MCPClient({
    name: plan.name,
    target: targetOf(plan),
    transport: transportFactory(plan, settings),
    connectTimeoutMs: plan.connectTimeoutMs,
    callTimeoutMs: plan.callTimeoutMs,
    closeTimeoutMs: settings.closeTimeoutMs,
    enabledTools: plan.enabledTools,
    disabledTools: plan.disabledTools,
    prefix: plan.prefix,
    concurrency: plan.concurrency,
    capabilities: capabilitiesOf(plan, settings.clientHandlers),
    sessionPerCall: plan.kind !== 'stdio' && plan.stateless === true,
  });
}

/** The plan's capabilities with `true` resolved to the host's handler (a missing one is a configuration error). */
function capabilitiesOf(plan: McpServerPlan, host: ClientHandlers | undefined): McpClientCapabilities | undefined {
  const caps = plan.capabilities;
  if (!caps) return undefined;
  const resolved: McpClientCapabilities = {};
  if (caps.roots) resolved.roots = caps.roots;
  const { sampling, elicitation } = caps;
  if (sampling === true) {
    if (!host?.sample) throw mcpConfigError(plan.name, 'capabilities.sampling', "is true, but the host has no sampling handler; give the Agent an onSample handler, or a handler function here.");
    resolved.sampling = host.sample.bind(host);
  } else if (sampling) {
    resolved.sampling = (request) => sampling(request, plan.name);
  }
  if (elicitation === true) {
    if (!host?.elicit) throw mcpConfigError(plan.name, 'capabilities.elicitation', "is true, but the host has no elicitation handler; give the Agent an onElicit handler, 'defaults', or a handler function here.");
    resolved.elicitation = host.elicit.bind(host);
  } else if (elicitation === 'defaults') {
    resolved.elicitation = 'defaults';
  } else if (elicitation) {
    resolved.elicitation = (request) => elicitation(request, plan.name);
  }
  // `true` stands for the host: during a call, the call's own client (which the host fills in).
  if (sampling === true || elicitation === true) resolved.fromCaller = { sampling: sampling === true, elicitation: elicitation === true };
  return resolved;
}

function transportFactory(plan: McpServerPlan, settings: McpTransportSettings): McpTransportFactory {
  if (plan.kind === 'stdio') {
    const { command, args, env, cwd } = plan;
    return () => new StdioProcessTransport({ command, args, env, cwd, maxMessageBytes: settings.maxMessageBytes, closeTimeoutMs: settings.closeTimeoutMs });
  }
  // Authorization and API-key headers are secrets: masked in every sink.
  registerCredentialHeaders(plan.headers);
  const requestInit: RequestInit | undefined = plan.headers ? { headers: { ...plan.headers } } : undefined;
  if (plan.kind === 'sse') {
    return async () => {
      const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
      // Each request gets a signal of its own: the transport's one signal would collect a listener per request.
      return new SSEClientTransport(plan.url, { requestInit, fetch: fetchWithRequestSignals() });
    };
  }
  const oauth = plan.auth;
  // One provider and one authorizer per server for the client's life: tokens (and refreshes)
  // survive reconnects, and authorizations are counted across them.
  const authorizer = oauth
    ? new McpAuthorizer(plan.name, oauthProviderFor(plan.name, oauth), plan.url, { scope: oauth.scope, maxAttempts: oauth.maxAuthorizationAttempts })
    : undefined;
  return async () => {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    // The fetch reports a malformed response at once; the SDK would drop it and leave its request to time out.
    // With OAuth, the fetch sends the token and answers the server's challenges (the transport gets no authProvider).
    // Each request gets a signal of its own: the transport's one signal would collect a listener per request.
    const network = fetchReplacingInvalidResults();
    const fetch = fetchWithRequestSignals(authorizer ? oauthFetch(authorizer, network) : network);
    return new StreamableHTTPClientTransport(plan.url, { requestInit, fetch });
  };
}

function targetOf(plan: McpServerPlan): string {
  if (plan.kind !== 'stdio') return `${plan.kind === 'sse' ? 'SSE ' : ''}${plan.url.origin}${plan.url.pathname}`;
  const line = [plan.command, ...plan.args].join(' ');
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
