import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { PROXIED_URI_PREFIX, upstreamOfUri } from './proxied-uri.js';
import { rpcError } from './upstream-rpc-error.js';
import type { UpstreamDirectory } from './upstream-directory.js';

/** Longest piece of a client's URI quoted back in an error. */
const QUOTE = 200;
const quote = (text: string): string => JSON.stringify(text.length > QUOTE ? `${text.slice(0, QUOTE)}…` : text);

/**
 * The upstream server and URI a client's resource URI stands for: a proxied URI
 * (`toolwright-mcp://<server>/<uri>`) names its server; any other URI (e.g. a link inside a
 * tool result, which the proxy passes on unchanged) goes to the only upstream with resources.
 * Otherwise an invalid-params error (-32602) says which form is expected.
 */
export function routeResourceUri(upstreams: UpstreamDirectory, uri: string): { client: MCPClient; uri: string } {
  const withResources = upstreams.clients().filter((client) => client.serverCapabilities?.resources !== undefined);
  const names = withResources.map((client) => client.name).join(', ') || '(none)';
  const parsed = upstreamOfUri(uri);
  if (parsed) {
    const client = withResources.find((c) => c.name === parsed.server);
    if (!client) throw rpcError(ErrorCode.InvalidParams, `Resource ${quote(uri)} names MCP server ${quote(parsed.server)}, which offers no resources here. Servers with resources: ${names}.`);
    return { client, uri: parsed.uri };
  }
  if (withResources.length === 1) return { client: withResources[0]!, uri };
  throw rpcError(ErrorCode.InvalidParams, `Resource ${quote(uri)} is not a URI of this server: proxied resources are named ${PROXIED_URI_PREFIX}<server>/<uri>. Servers with resources: ${names}.`);
}
