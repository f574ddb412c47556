import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';

/**
 * OAuth for an HTTP MCP server (MCP authorization: protected-resource and authorization-server
 * discovery, the `resource` parameter, PKCE), through the MCP SDK's OAuth client.
 */
export interface McpOAuthConfig {
  /** A pre-registered client's id. Absent: the client registers itself (dynamic client registration) and keeps the result in `tokenFile`. */
  clientId?: string;
  /** The pre-registered client's secret (confidential clients). */
  clientSecret?: string;
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
