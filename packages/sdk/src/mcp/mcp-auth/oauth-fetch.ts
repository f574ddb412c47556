import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { registerOAuthTokens } from '../../secrets/register-credential-headers.js';
import { bearerChallenge } from './bearer-challenge.js';
import type { McpAuthorizer } from './mcp-authorizer.js';

/**
 * A fetch for the MCP SDK's Streamable HTTP transport (given no `authProvider` of its own) that
 * sends the current access token and answers the server's challenges: a request refused with a
 * 401, or a 403 `insufficient_scope`, is authorized as the challenge asks ({@link McpAuthorizer})
 * and sent once more. Refused again, it fails with `AUTH_REQUIRED` saying how.
 */
export function oauthFetch(authorizer: McpAuthorizer, base: FetchLike): FetchLike {
  const send = async (url: string | URL, init: RequestInit | undefined): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const tokens = await authorizer.provider.tokens();
    // A token in use is a secret: masked in every sink from its first request on.
    if (tokens) registerOAuthTokens(tokens);
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    else headers.delete('Authorization');
    return base(url, { ...init, headers });
  };
  return async (url, init) => {
    const first = await send(url, init);
    const challenge = await bearerChallenge(first);
    if (!challenge) return first;
    await first.body?.cancel().catch(() => undefined);
    await authorizer.authorize(challenge);
    const second = await send(url, init);
    const again = await bearerChallenge(second);
    if (!again) {
      authorizer.succeeded();
      return second;
    }
    await second.body?.cancel().catch(() => undefined);
    const asked = again.scope ? ` for scope '${again.scope}'` : '';
    throw new ToolwrightError({
      code: ErrorCode.AUTH_REQUIRED,
      message: `MCP server '${authorizer.server}' refused the request again after authorization (${again.status}${again.error ? ` ${again.error}` : ''}${asked}); the authorization server did not grant what the MCP server asks for.`,
      details: { server: authorizer.server, status: again.status },
    });
  };
}
