import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ClientAssertionKey } from './client-assertion-key.js';
import { JWT_BEARER_ASSERTION_TYPE, signClientAssertion } from './client-assertion-key.js';

/** A pre-registered machine client: its id, its authorization server, and a secret or a signing key. */
export interface ClientCredentialsOptions {
  clientId: string;
  /** The issuer URL of the authorization server the client is registered with; credentials go to no other. */
  issuer: string;
  clientSecret?: string;
  /** Signs `private_key_jwt` assertions (instead of a secret). */
  assertionKey?: ClientAssertionKey;
  scope?: string;
  clientName?: string;
}

/**
 * The MCP SDK's `OAuthClientProvider` for the client credentials grant (RFC 6749 §4.4), tokens in
 * memory. The client authenticates with its secret (`client_secret_basic`/`_post`, as the
 * authorization server offers) or with a JWT signed by its key (`private_key_jwt`, RFC 7523,
 * `aud` the authorization server's issuer). The scope asked for follows {@link ClientCredentialsProvider.scope},
 * which the authorization step sets from the server's challenge.
 */
export class ClientCredentialsProvider implements OAuthClientProvider {
  /** The scope the next token request asks for. */
  scope: string | undefined;
  private client: OAuthClientInformationMixed;
  private current?: OAuthTokens;
  readonly addClientAuthentication?: OAuthClientProvider['addClientAuthentication'];

  constructor(private readonly options: ClientCredentialsOptions) {
    this.scope = options.scope;
    this.client = { client_id: options.clientId, issuer: options.issuer, ...(options.clientSecret ? { client_secret: options.clientSecret } : {}) };
    const signer = options.assertionKey;
    if (signer) {
      this.addClientAuthentication = (_headers: Headers, params: URLSearchParams, _tokenUrl: string | URL, metadata?: AuthorizationServerMetadata): void => {
        params.set('client_id', options.clientId);
        params.set('client_assertion_type', JWT_BEARER_ASSERTION_TYPE);
        params.set('client_assertion', signClientAssertion(signer, options.clientId, metadata?.issuer ?? options.issuer));
      };
    }
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'toolwright',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: this.options.assertionKey ? 'private_key_jwt' : 'client_secret_basic',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.current;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.current = tokens;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.current = undefined;
  }

  redirectToAuthorization(): void {
    throw new Error('the client credentials grant has no user to redirect');
  }

  saveCodeVerifier(): void {
    // No authorization code, no PKCE.
  }

  codeVerifier(): string {
    throw new Error('the client credentials grant has no PKCE code verifier');
  }

  prepareTokenRequest(): URLSearchParams {
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.scope) params.set('scope', this.scope);
    return params;
  }
}
