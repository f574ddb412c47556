import { ErrorCode, GetPromptRequestSchema, GetPromptResultSchema, ListPromptsRequestSchema, ListPromptsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { GetPromptResult, ListPromptsResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { PromptOrigin } from './prompt-names.js';
import { listAllPages } from './list-all-pages.js';
import type { ProxySession } from './proxy-session.js';
import { rpcError, upstreamRpcError } from './upstream-rpc-error.js';

/**
 * Lists every upstream's prompts, named by the session's {@link ProxySession.prompts} table. An
 * upstream that cannot list them (down, or answering garbage) is left out of the listing.
 */
export async function listPrompts(session: ProxySession, signal: AbortSignal): Promise<Prompt[]> {
  const clients = session.upstreams.clients().filter((client) => client.serverCapabilities?.prompts !== undefined);
  const listed = await Promise.all(
    clients.map(async (client) => {
      try {
        const prompts = await listAllPages(async (cursor) => {
          const page = await client.send({ method: 'prompts/list', params: cursor === undefined ? {} : { cursor } }, ListPromptsResultSchema, { signal });
          return { items: page.prompts, nextCursor: page.nextCursor };
        });
        return prompts.filter((prompt) => prompt.name.trim() !== '').map((prompt) => ({ client, prompt }));
      } catch {
        return [];
      }
    }),
  );
  const all = listed.flat();
  const names = session.prompts.assign(all.map(({ client, prompt }): PromptOrigin => ({ client, name: prompt.name })));
  return all.map(({ prompt }, i) => ({ ...prompt, name: names[i]! }));
}

/** `prompts/list` and `prompts/get` over the upstreams (see {@link PromptNames} for the naming). */
export function installProxyPrompts(session: ProxySession): void {
  const { server } = session;
  server.setRequestHandler(ListPromptsRequestSchema, async (_request, extra): Promise<ListPromptsResult> => ({ prompts: await listPrompts(session, extra.signal) }));
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra): Promise<GetPromptResult> => {
    const { name, arguments: args } = request.params;
    if (!session.prompts.ready || !session.prompts.resolve(name)) await listPrompts(session, extra.signal);
    const origin = session.prompts.resolve(name);
    if (!origin) {
      const known = session.prompts.names();
      throw rpcError(ErrorCode.InvalidParams, `Prompt ${JSON.stringify(name.slice(0, 200))} not found. Available: ${known.length > 0 ? known.join(', ') : '(none)'}.`);
    }
    const params = args === undefined ? { name: origin.name } : { name: origin.name, arguments: args };
    try {
      return await origin.client.send({ method: 'prompts/get', params }, GetPromptResultSchema, { signal: extra.signal });
    } catch (error) {
      throw upstreamRpcError(error);
    }
  });
}
