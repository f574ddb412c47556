import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { McpOAuthConfig } from '../registry/mcp-oauth-config.js';

/** The default redirect URI of a client that registers itself. */
export const DEFAULT_OAUTH_REDIRECT_URL = 'http://127.0.0.1:8976/callback';

/** Largest token file read back, in bytes. */
const MAX_TOKEN_FILE_BYTES = 256 * 1024;

interface Stored {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
}

/**
 * The MCP SDK's `OAuthClientProvider` for one server from an {@link McpOAuthConfig}: a
 * pre-registered client, a client ID metadata document, or dynamic registration, authorization code with PKCE (the user
 * authorizes through `authorize`), tokens and registration kept in `tokenFile` (mode 0600).
 * Discovery, the `resource` parameter, token exchange and refresh are the SDK's `auth()`.
 */
export class FileOAuthClientProvider implements OAuthClientProvider {
  private stored: Stored = {};
  private verifier?: string;
  private expectedState?: string;
  private pending?: Promise<string>;

  constructor(
    private readonly server: string,
    private readonly config: McpOAuthConfig,
  ) {
    if (config.tokenFile) this.stored = readStore(server, config.tokenFile);
    if (config.clientId) this.stored.client = { client_id: config.clientId, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}) };
  }

  get redirectUrl(): string {
    return this.config.redirectUrl ?? DEFAULT_OAUTH_REDIRECT_URL;
  }

  /** The client ID metadata document's URL, when configured: the SDK's `auth()` uses it as `client_id` where the authorization server supports it. */
  get clientMetadataUrl(): string | undefined {
    return this.config.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const metadata: OAuthClientMetadata = {
      client_name: this.config.clientName ?? 'toolwright',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.config.clientSecret ? 'client_secret_basic' : 'none',
    };
    if (this.config.scope) metadata.scope = this.config.scope;
    return metadata;
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  /**
   * The client: configured, or registered earlier. A registration made for another redirect URI
   * (the configured one changed) is not used: the client registers again.
   */
  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.stored.client;
    // A client ID that is a metadata document's URL is this client only while that URL is configured.
    if (!this.config.clientId && client && /^https?:/.test(client.client_id) && client.client_id !== this.config.clientMetadataUrl) return undefined;
    if (this.config.clientId || !client || !('redirect_uris' in client) || !Array.isArray(client.redirect_uris)) return client;
    return client.redirect_uris.includes(this.redirectUrl) ? client : undefined;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.stored.client = client;
    this.persist();
  }

  tokens(): OAuthTokens | undefined {
    return this.stored.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.stored.tokens = tokens;
    this.persist();
  }

  /**
   * Forgets the tokens in memory only (the token file keeps them until new ones are saved), so
   * the next `auth()` signs the user in again; a failed new sign-in leaves the old tokens usable.
   */
  forgetTokensForSignIn(): void {
    delete this.stored.tokens;
  }

  /** The token file, when configured. */
  get tokenFile(): string | undefined {
    return this.config.tokenFile;
  }

  /** Hands the URL to `authorize`; {@link FileOAuthClientProvider.authorizationCode} waits for its answer. */
  redirectToAuthorization(authorizationUrl: URL): void {
    const authorize = this.config.authorize;
    this.pending = authorize
      ? Promise.resolve().then(() => authorize(authorizationUrl))
      : Promise.reject(
          new ToolwrightError({
            code: ErrorCode.AUTH_REQUIRED,
            message: `MCP server '${this.server}' needs a user to authorize this client at ${authorizationUrl.origin}${authorizationUrl.pathname}; give the server's auth an authorize handler (code), or a token file that holds a valid token.`,
            details: { server: this.server },
          }),
        );
    this.pending.catch(() => undefined);
  }

  /** The authorization code from the user's redirect, with its `state` checked. */
  async authorizationCode(): Promise<string> {
    if (!this.pending) throw new Error('no authorization is under way');
    const redirected = new URL(await this.pending);
    this.pending = undefined;
    const error = redirected.searchParams.get('error');
    if (error) throw authError(this.server, `the authorization server refused: ${error.slice(0, 100)}`);
    if (redirected.searchParams.get('state') !== this.expectedState) throw authError(this.server, 'the redirect carries a state this client did not send (possible CSRF); start again.');
    const code = redirected.searchParams.get('code');
    if (!code) throw authError(this.server, 'the redirect carries no authorization code.');
    return code;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier saved');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') delete this.stored.tokens;
    if ((scope === 'all' || scope === 'client') && !this.config.clientId) delete this.stored.client;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    this.persist();
  }

  private persist(): void {
    const file = this.config.tokenFile;
    if (!file) return;
    const temp = `${file}.${process.pid}.tmp`;
    // Only what was obtained at run time: a configured secret stays in the config.
    const store: Stored = { tokens: this.stored.tokens };
    if (!this.config.clientId) store.client = this.stored.client;
    writeFileSync(temp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  }
}

function authError(server: string, problem: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.AUTH_REQUIRED, message: `OAuth for MCP server '${server}' failed: ${problem}`, details: { server } });
}

function readStore(server: string, file: string): Stored {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw authError(server, `cannot read the token file ${file}: ${(error as Error).message}`);
  }
  if (text.length > MAX_TOKEN_FILE_BYTES) throw authError(server, `the token file ${file} is larger than ${MAX_TOKEN_FILE_BYTES} bytes; it is not one this client wrote.`);
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Stored;
  } catch {
    throw authError(server, `the token file ${file} is not JSON this client wrote; delete it to authorize again.`);
  }
}
