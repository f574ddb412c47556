import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';

/** How the client gets its tokens. */
export type McpOAuthGrant = 'authorization_code' | 'client_credentials';

/** The signature of a `private_key_jwt` client assertion (RFC 7523): ECDSA P-256 or RSA, with SHA-256. */
export type ClientAssertionAlgorithm = 'ES256' | 'RS256';

/** Default for {@link McpOAuthConfig.maxAuthorizationAttempts}. */
export const DEFAULT_MAX_AUTHORIZATION_ATTEMPTS = 3;

/**
 * OAuth for an HTTP MCP server (MCP authorization: protected-resource and authorization-server
 * discovery, the `resource` parameter, PKCE), through the MCP SDK's OAuth client.
 *
 * Two grants: `authorization_code` (the default: a user signs in once, tokens are kept in
 * `tokenFile` and refreshed) and `client_credentials` (machine to machine: a pre-registered
 * client's id and secret get a token at every start and again when it expires; needs
 * `clientId`, `issuer` and one credential, `clientSecret` or a private key for `private_key_jwt`;
 * takes no `tokenFile`, `redirectUrl` or `authorize`).
 *
 * The client starts unauthenticated and follows the server's challenge (`WWW-Authenticate:
 * Bearer resource_metadata=…, scope=…`): discovery from the challenge's metadata URL (else the
 * well-known ones), the challenge's scope, and on a 403 `insufficient_scope` a new authorization
 * with the union of the scopes, after which the refused request is sent once more. The client is
 * pre-registered (`clientId`), else identified by a client ID metadata document
 * (`clientMetadataUrl`, when the authorization server supports them), else registers itself.
 */
export interface McpOAuthConfig {
  /** `authorization_code` (default) or `client_credentials`. */
  grant?: McpOAuthGrant;
  /** A pre-registered client's id. Absent (authorization code only): the client registers itself (dynamic client registration) and keeps the result in `tokenFile`. */
  clientId?: string;
  /** The pre-registered client's secret (confidential clients; `client_credentials` takes it or a private key). In a spec file, write it as `${VAR}`. */
  clientSecret?: string;
  /**
   * `client_credentials` only: a PEM file (PKCS#8, SEC1 or PKCS#1) holding the client's private
   * key; the client authenticates with a signed JWT (`private_key_jwt`, RFC 7523) instead of a
   * secret. Relative paths resolve like `tokenFile`.
   */
  privateKeyFile?: string;
  /** `client_credentials` only: the private key as a JWK (an object, or its JSON text, e.g. `${MCP_CLIENT_JWK}`), instead of `privateKeyFile`. */
  privateKeyJwk?: string | Record<string, unknown>;
  /** The assertion's algorithm (default: from the key, ES256 for a P-256 key, RS256 for RSA). */
  privateKeyAlgorithm?: ClientAssertionAlgorithm;
  /**
   * Authorization code only: the HTTPS URL of this client's client ID metadata document, used as
   * its `client_id` with authorization servers that say `client_id_metadata_document_supported`
   * (others get a dynamic registration). Not with `clientId`.
   */
  clientMetadataUrl?: string;
  /**
   * Authorizations in a row that may fail to get a refused request through (counted across
   * the connection's reconnects) before the client gives up with `AUTH_REQUIRED`; default 3.
   */
  maxAuthorizationAttempts?: number;
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
