import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { DEFAULT_MAX_AUTHORIZATION_ATTEMPTS } from '../../registry/mcp-oauth-config.js';
import { oauthFailure } from './oauth-failure.js';
import { FileOAuthClientProvider } from '../file-oauth-provider.js';
import type { BearerChallenge } from './bearer-challenge.js';
import { unionOfScopes } from './bearer-challenge.js';
import { ClientCredentialsProvider } from './client-credentials-provider.js';

/** Settings of an {@link McpAuthorizer}. */
export interface McpAuthorizerOptions {
  /** The configured scope, asked for besides the challenge's. */
  scope?: string;
  /** Authorizations in a row that may fail to get a request through (default 3). */
  maxAttempts?: number;
  /** The fetch for discovery, registration and tokens. */
  fetch?: FetchLike;
}

/**
 * Authorizes one MCP server's client the way the server's challenges ask, through the MCP SDK's
 * `auth()` (protected-resource metadata from the challenge's URL or the well-known ones,
 * authorization-server metadata by RFC 8414 and OpenID discovery, pre-registered client, client
 * ID metadata document or dynamic registration, PKCE, `resource`). A code flow waits for the
 * provider's redirect and exchanges the code. A 403 `insufficient_scope` forgets the token and
 * authorizes again with the union of the scopes held and asked for.
 *
 * One per server for the client's life: authorizations are counted across reconnects, and once
 * `maxAttempts` in a row did not get a request through, the next refusal ends in `AUTH_REQUIRED`
 * without asking the authorization server again.
 */
export class McpAuthorizer {
  private failedInARow = 0;
  private running?: Promise<void>;
  private asked?: string;
  private readonly maxAttempts: number;

  constructor(
    readonly server: string,
    readonly provider: OAuthClientProvider,
    readonly url: URL,
    private readonly options: McpAuthorizerOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_AUTHORIZATION_ATTEMPTS;
  }

  /** Authorizes for `challenge` (requests refused together share one authorization). */
  authorize(challenge: BearerChallenge | undefined): Promise<void> {
    this.running ??= this.run(challenge).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A request sent after an authorization got through: the count starts again. */
  succeeded(): void {
    this.failedInARow = 0;
  }

  private async run(challenge: BearerChallenge | undefined): Promise<void> {
    if (this.failedInARow >= this.maxAttempts) {
      const refused = challenge ? ` (the server still answers ${challenge.status}${challenge.error ? ` ${challenge.error}` : ''}${challenge.scope ? ` for scope '${challenge.scope}'` : ''})` : '';
      throw new ToolwrightError({
        code: ErrorCode.AUTH_REQUIRED,
        message: `OAuth for MCP server '${this.server}' gave up: ${this.maxAttempts} authorizations in a row did not get a request through${refused}; check the scopes and grants the server needs (mcpServers.${this.server}.auth), or raise auth.maxAuthorizationAttempts.`,
        details: { server: this.server, attempts: this.maxAttempts },
      });
    }
    this.failedInARow += 1;
    const provider = this.provider;
    const tokens = await provider.tokens();
    let scope: string | undefined;
    if (challenge?.kind === 'insufficient_scope') {
      // A refresh keeps the scope: only a new authorization can widen it.
      scope = unionOfScopes(this.asked, tokens?.scope, challenge.scope, this.options.scope);
      if (provider instanceof FileOAuthClientProvider) provider.forgetTokensForSignIn();
      else await provider.invalidateCredentials?.('tokens');
    } else {
      scope = unionOfScopes(challenge?.scope, this.options.scope);
    }
    if (provider instanceof ClientCredentialsProvider) provider.scope = scope ?? provider.scope;
    const request = { serverUrl: this.url, resourceMetadataUrl: challenge?.resourceMetadataUrl, scope, fetchFn: this.options.fetch };
    try {
      // The SDK's OAuth client module loads with the first authorization, not with @toolwright/sdk/mcp.
      const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js');
      let result = await auth(provider, request);
      if (result === 'REDIRECT') {
        if (!(provider instanceof FileOAuthClientProvider)) {
          throw new ToolwrightError({
            code: ErrorCode.AUTH_REQUIRED,
            message: `MCP server '${this.server}' needs a user to authorize this client; your OAuth provider redirected to the authorization page — finish it and connect again.`,
            details: { server: this.server },
          });
        }
        result = await auth(provider, { ...request, authorizationCode: await provider.authorizationCode() });
      }
      if (result !== 'AUTHORIZED') throw new Error(`the authorization ended ${result}`);
      this.asked = scope ?? this.asked;
    } catch (error) {
      throw oauthFailure(this.server, error);
    }
  }
}
