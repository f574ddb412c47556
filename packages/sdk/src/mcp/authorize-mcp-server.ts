import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidClientError, OAuthError, UnauthorizedClientError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError } from './describe-error.js';
import { FileOAuthClientProvider } from './file-oauth-provider.js';

/** How the SDK words a refusal to send stored client credentials to another authorization server. */
const BOUND_ELSEWHERE = /^OAuth client information is bound to authorization server (\S+) and is not presented to (\S+)\. /;

/**
 * Makes sure `provider` holds a token for the server at `url` before connecting: without one,
 * runs the SDK's `auth()` (discovery, registration, PKCE or client credentials, resource); when
 * that needs the user, waits for the authorize handler's redirect and exchanges its code. Later
 * 401s (expiry) are the transport's: it refreshes (or fetches a new client-credentials token)
 * through the same provider. A refusal by the authorization server becomes `AUTH_REQUIRED`
 * naming the server and the settings to fix.
 */
export async function authorizeMcpServer(server: string, provider: OAuthClientProvider, url: URL, scope?: string): Promise<void> {
  if (await provider.tokens()) return;
  try {
    const result = await auth(provider, { serverUrl: url, scope });
    if (result === 'AUTHORIZED') return;
    if (!(provider instanceof FileOAuthClientProvider)) {
      throw new ToolwrightError({
        code: ErrorCode.AUTH_REQUIRED,
        message: `MCP server '${server}' needs a user to authorize this client; your OAuth provider redirected to the authorization page — finish it and connect again.`,
        details: { server },
      });
    }
    const authorizationCode = await provider.authorizationCode();
    await auth(provider, { serverUrl: url, authorizationCode, scope });
  } catch (error) {
    throw oauthFailure(server, error);
  }
}

/** The error to show for a failed authorization: ours as they are, the SDK's and the server's explained. */
export function oauthFailure(server: string, error: unknown): unknown {
  if (ToolwrightError.isInstance(error)) return error;
  const settings = `mcpServers.${server}.auth`;
  let problem: string;
  if (error instanceof InvalidClientError || error instanceof UnauthorizedClientError) {
    problem = `the authorization server refused the client (${error.errorCode}: ${error.message.slice(0, 200)}); check clientId and clientSecret in ${settings} (in a spec file, the environment variables they name).`;
  } else if (error instanceof OAuthError) {
    problem = `the authorization server answered ${error.errorCode}: ${error.message.slice(0, 200)}.`;
  } else {
    const bound = error instanceof Error ? BOUND_ELSEWHERE.exec(error.message) : null;
    problem = bound
      ? `the MCP server names the authorization server ${bound[2]}, but ${settings}.issuer is ${bound[1]}: the client secret is sent to no other; correct the issuer if the authorization server moved.`
      : `${describeError(error).slice(0, 300)}.`;
  }
  return new ToolwrightError({ code: ErrorCode.AUTH_REQUIRED, message: `OAuth for MCP server '${server}' failed: ${problem}`, details: { server }, cause: error });
}
