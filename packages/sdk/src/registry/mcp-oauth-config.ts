import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';

/** How the client gets its tokens. */
export type McpOAuthGrant = 'authorization_code' | 'client_credentials';

/**
 * OAuth for an HTTP MCP server (MCP authorization: protected-resource and authorization-server
 * discovery, the `resource` parameter, PKCE), through the MCP SDK's OAuth client.
 *
 * Two grants: `authorization_code` (the default: a user signs in once, tokens are kept in
 * `tokenFile` and refreshed) and `client_credentials` (machine to machine: a pre-registered
 * client's id and secret get a token at every start and again when it expires; needs
 * `clientId`, `clientSecret` and `issuer`, takes no `tokenFile`, `redirectUrl` or `authorize`).
 */
export interface McpOAuthConfig {
  /** `authorization_code` (default) or `client_credentials`. */
  grant?: McpOAuthGrant;
  /** A pre-registered client's id. Absent (authorization code only): the client registers itself (dynamic client registration) and keeps the result in `tokenFile`. */
  clientId?: string;
  /** The pre-registered client's secret (confidential clients; required for `client_credentials`). In a spec file, write it as `${VAR}`. */
  clientSecret?: string;
  /**
   * `client_credentials` only, required: the issuer URL of the authorization server the client is
   * registered with. The secret is sent to no other (an MCP server naming another one is refused).
   */
  issuer?: string;
  /** Scopes to ask for (space-separated). */
  scope?: string;
  /** Where client registration and tokens are kept between runs (JSON, written with mode 0600). Absent: in memory only. */
  tokenFile?: string;
  /** The redirect URI registered for the client (default `http://127.0.0.1:8976/callback`). */
  redirectUrl?: string;
  /** The client's name at dynamic registration (default `toolwright`). */
  clientName?: string;
  /**
   * Lets the user authorize (code only): gets the authorization URL to open, resolves with the URL
   * the authorization server redirected the browser to (its `code` and `state` are checked).
   */
  authorize?: (authorizationUrl: URL) => Promise<string>;
  /** Code only: any OAuth client provider of the MCP SDK, used as it is (the other fields are then ignored). */
  provider?: OAuthClientProvider;
}
