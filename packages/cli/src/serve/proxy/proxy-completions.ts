import { CompleteRequestSchema, CompleteResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { listPrompts } from './proxy-prompts.js';
import type { ProxySession } from './proxy-session.js';
import { routeResourceUri } from './route-resource-uri.js';
import { rpcError, upstreamRpcError } from './upstream-rpc-error.js';

type Ref = CompleteRequest['params']['ref'];

/** The upstream that owns `ref` (a proxied prompt name or resource template URI) and the ref in its own terms. */
async function routeRef(session: ProxySession, ref: Ref, signal: AbortSignal): Promise<{ client: MCPClient; ref: Ref }> {
  if (ref.type === 'ref/prompt') {
    if (!session.prompts.resolve(ref.name)) {
      // The client may complete before listing: list (and name) the prompts first.
      await listPrompts(session, signal);
    }
    const origin = session.prompts.resolve(ref.name);
    if (!origin) throw rpcError(ErrorCode.InvalidParams, `Prompt ${JSON.stringify(ref.name.slice(0, 200))} not found, so it has no completions.`);
    return { client: origin.client, ref: { type: 'ref/prompt', name: origin.name } };
  }
  const target = routeResourceUri(session.upstreams, ref.uri);
  return { client: target.client, ref: { type: 'ref/resource', uri: target.uri } };
}

/** `completion/complete`, routed by its ref to the upstream that owns the prompt or resource template. */
export function installProxyCompletions(session: ProxySession): void {
  session.server.setRequestHandler(CompleteRequestSchema, async (request, extra): Promise<CompleteResult> => {
    const target = await routeRef(session, request.params.ref, extra.signal);
    const params: CompleteRequest['params'] = { ...request.params, ref: target.ref };
    if (target.client.serverCapabilities?.completions === undefined) return { completion: { values: [] } };
    try {
      return await target.client.send({ method: 'completion/complete', params }, CompleteResultSchema, { signal: extra.signal });
    } catch (error) {
      throw upstreamRpcError(error);
    }
  });
}
