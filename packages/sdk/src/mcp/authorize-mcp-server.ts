import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { FileOAuthClientProvider } from './file-oauth-provider.js';

/**
 * Makes sure `provider` holds a token for the server at `url` before connecting: without one,
 * runs the SDK's `auth()` (discovery, registration, PKCE, resource); when that needs the user, waits
 * for the authorize handler's redirect and exchanges its code. Later 401s (expiry) are the
 * transport's: it refreshes through the same provider.
 */
export async function authorizeMcpServer(server: string, provider: OAuthClientProvider, url: URL, scope?: string): Promise<void> {
  if (await provider.tokens()) return;
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
}
