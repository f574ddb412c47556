import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpOAuthConfig } from '../registry/mcp-oauth-config.js';
import { FileOAuthClientProvider } from './file-oauth-provider.js';

/**
 * The MCP SDK OAuth client provider for one server's checked `auth`: the one given in code, the
 * SDK's `ClientCredentialsProvider` for `grant: 'client_credentials'` (bound to `issuer`, tokens in
 * memory: a new one is fetched with the secret when it expires), else a
 * {@link FileOAuthClientProvider} (authorization code with PKCE, pre-registered or registered client).
 */
export function oauthProviderFor(server: string, config: McpOAuthConfig): OAuthClientProvider {
  if (config.provider) return config.provider;
  if (config.grant === 'client_credentials') {
    // The spec check guarantees these three (see checkMcpClientSpec).
    return new ClientCredentialsProvider({
      clientId: config.clientId!,
      clientSecret: config.clientSecret!,
      expectedIssuer: config.issuer!,
      scope: config.scope,
      clientName: config.clientName ?? 'toolwright',
    });
  }
  return new FileOAuthClientProvider(server, config);
}
