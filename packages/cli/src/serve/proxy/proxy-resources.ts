import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { listAllPages } from './list-all-pages.js';
import { proxiedUri } from './proxied-uri.js';
import type { ProxySession } from './proxy-session.js';
import { routeResourceUri } from './route-resource-uri.js';
import { rpcError, upstreamRpcError } from './upstream-rpc-error.js';

/** Every page of each upstream with resources, `pick`ed; an upstream that fails to list is left out. */
async function fromEach<T>(session: ProxySession, list: (client: MCPClient, cursor: string | undefined) => Promise<{ items: readonly T[]; nextCursor?: string }>): Promise<T[]> {
  const clients = session.upstreams.clients().filter((client) => client.serverCapabilities?.resources !== undefined);
  const listed = await Promise.all(clients.map((client) => listAllPages((cursor) => list(client, cursor)).catch((): T[] => [])));
  return listed.flat();
}

/** Most resources one session may subscribe to at once (each is an upstream subscription). */
export const MAX_SUBSCRIPTIONS = 1_000;

const cursorParams = (cursor: string | undefined): { cursor?: string } => (cursor === undefined ? {} : { cursor });

/**
 * `resources/list`, `resources/templates/list`, `resources/read` and, when some upstream offers
 * them, `resources/subscribe`/`unsubscribe`, with every URI (and URI template) proxied as
 * `toolwright-mcp://<server>/<uri>`.
 */
export function installProxyResources(session: ProxySession): void {
  const { server, upstreams } = session;
  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra): Promise<ListResourcesResult> => ({
    resources: await fromEach(session, async (client, cursor) => {
      const page = await client.send({ method: 'resources/list', params: cursorParams(cursor) }, ListResourcesResultSchema, { signal: extra.signal });
      return { items: page.resources.map((resource) => ({ ...resource, uri: proxiedUri(client.name, resource.uri) })), nextCursor: page.nextCursor };
    }),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (_request, extra): Promise<ListResourceTemplatesResult> => ({
    resourceTemplates: await fromEach(session, async (client, cursor) => {
      const page = await client.send({ method: 'resources/templates/list', params: cursorParams(cursor) }, ListResourceTemplatesResultSchema, { signal: extra.signal });
      return { items: page.resourceTemplates.map((template) => ({ ...template, uriTemplate: proxiedUri(client.name, template.uriTemplate) })), nextCursor: page.nextCursor };
    }),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra): Promise<ReadResourceResult> => {
    const target = routeResourceUri(upstreams, request.params.uri);
    try {
      const result = await target.client.send({ method: 'resources/read', params: { uri: target.uri } }, ReadResourceResultSchema, { signal: extra.signal });
      return { ...result, contents: result.contents.map((content) => ({ ...content, uri: proxiedUri(target.client.name, content.uri) })) };
    } catch (error) {
      throw upstreamRpcError(error);
    }
  });
  if (session.capabilities.resources?.subscribe !== true) return;
  server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    const target = routeResourceUri(upstreams, uri);
    if (session.subscriptions.has(uri)) return {};
    if (session.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw rpcError(ErrorCode.InvalidRequest, `Too many subscriptions: a session may subscribe to at most ${MAX_SUBSCRIPTIONS} resources at once; unsubscribe from some first.`);
    }
    try {
      await upstreams.subscribe(target.client, target.uri, extra.signal);
    } catch (error) {
      throw upstreamRpcError(error);
    }
    session.subscriptions.set(uri, { server: target.client.name, uri: target.uri });
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    const target = routeResourceUri(upstreams, uri);
    if (!session.subscriptions.delete(uri)) return {};
    try {
      await upstreams.unsubscribe(target.client, target.uri, extra.signal);
    } catch (error) {
      throw upstreamRpcError(error);
    }
    return {};
  });
}

/** Ends the session's upstream subscriptions (its server closed). Never throws. */
export async function releaseSubscriptions(session: ProxySession): Promise<void> {
  const held = [...session.subscriptions.values()];
  session.subscriptions.clear();
  await Promise.all(
    held.map(async ({ server, uri }) => {
      const client = session.upstreams.client(server);
      if (client) await session.upstreams.unsubscribe(client, uri).catch(() => undefined);
    }),
  );
}
