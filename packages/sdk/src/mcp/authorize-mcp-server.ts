import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { oauthFailure } from './mcp-auth/oauth-failure.js';
import { bearerChallenge } from './mcp-auth/bearer-challenge.js';
import type { BearerChallenge } from './mcp-auth/bearer-challenge.js';
import { McpAuthorizer } from './mcp-auth/mcp-authorizer.js';

/**
 * Signs in to the server at `url` now (as `toolwright auth login` does), on the same path as a
 * connection: one unauthenticated `initialize` reads the server's challenge (`WWW-Authenticate`:
 * protected-resource metadata URL, scope), then {@link McpAuthorizer} discovers, registers (or
 * uses the pre-registered client or the client ID metadata document), waits for the authorize
 * handler's redirect and exchanges its code. A server that lets `initialize` through unchallenged
 * is authorized by discovery alone. Does nothing when `provider` holds a token already. A refusal
 * by the authorization server becomes `AUTH_REQUIRED` naming the server and the settings to fix.
 */
export async function authorizeMcpServer(server: string, provider: OAuthClientProvider, url: URL, scope?: string, fetchFn: FetchLike = (u, init) => fetch(u, init)): Promise<void> {
  if (await provider.tokens()) return;
  let challenge: BearerChallenge | undefined;
  try {
    const probe = await fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(PROBE) });
    challenge = await bearerChallenge(probe);
    await probe.body?.cancel().catch(() => undefined);
  } catch (error) {
    throw oauthFailure(server, error);
  }
  await new McpAuthorizer(server, provider, url, { scope, fetch: fetchFn }).authorize(challenge);
}

/** The request that asks the server for its challenge (an `initialize` it would answer were the client authorized). */
const PROBE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'toolwright-auth', version: '1' } },
};
