import { readFileSync } from 'node:fs';
import type { JsonWebKey } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpOAuthConfig } from '../registry/mcp-oauth-config.js';
import { FileOAuthClientProvider } from './file-oauth-provider.js';
import { clientAssertionKey } from './mcp-auth/client-assertion-key.js';
import type { ClientAssertionKey } from './mcp-auth/client-assertion-key.js';
import { ClientCredentialsProvider } from './mcp-auth/client-credentials-provider.js';
import { mcpConfigError } from './mcp-server-plan.js';
import { processSecrets } from '../secrets/process-secrets.js';
import { MIN_SECRET_LENGTH } from '../secrets/secret-masker.js';

/** Largest private key file read, in bytes. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/**
 * The MCP SDK OAuth client provider for one server's checked `auth`: the one given in code, a
 * {@link ClientCredentialsProvider} for `grant: 'client_credentials'` (bound to `issuer`, tokens in
 * memory, authenticated by the secret or by a JWT signed with the private key), else a
 * {@link FileOAuthClientProvider} (authorization code with PKCE: pre-registered client, client ID
 * metadata document or registered client). A private key that cannot be read or used is a
 * configuration error naming the field.
 */
export function oauthProviderFor(server: string, config: McpOAuthConfig): OAuthClientProvider {
  if (config.provider) return config.provider;
  // The client secret is a secret wherever it shows up (an authorization server's error echoing it).
  if (typeof config.clientSecret === 'string' && config.clientSecret.length >= MIN_SECRET_LENGTH && !processSecrets.has(config.clientSecret)) processSecrets.add(config.clientSecret, 'oauth.client_secret');
  if (config.grant === 'client_credentials') {
    // The spec check guarantees clientId, issuer and one credential (see checkMcpClientSpec).
    return new ClientCredentialsProvider({
      clientId: config.clientId!,
      issuer: config.issuer!,
      clientSecret: config.clientSecret,
      assertionKey: assertionKeyOf(server, config),
      scope: config.scope,
      clientName: config.clientName,
    });
  }
  return new FileOAuthClientProvider(server, config);
}

function assertionKeyOf(server: string, config: McpOAuthConfig): ClientAssertionKey | undefined {
  const { privateKeyFile: file, privateKeyJwk: jwk, privateKeyAlgorithm: algorithm } = config;
  if (file !== undefined) {
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw mcpConfigError(server, 'auth.privateKeyFile', `cannot read ${file}: ${(error as Error).message}`);
    }
    if (pem.length > MAX_KEY_FILE_BYTES) throw mcpConfigError(server, 'auth.privateKeyFile', `${file} is larger than ${MAX_KEY_FILE_BYTES} bytes; expected one PEM private key.`);
    try {
      return clientAssertionKey({ pem }, algorithm);
    } catch (error) {
      throw mcpConfigError(server, 'auth.privateKeyFile', `${file} ${(error as Error).message}.`);
    }
  }
  if (jwk === undefined) return undefined;
  let parsed: unknown = jwk;
  if (typeof jwk === 'string') {
    try {
      parsed = JSON.parse(jwk);
    } catch {
      throw mcpConfigError(server, 'auth.privateKeyJwk', 'is not JSON; expected a private JWK object (with "kty" and "d"), or its JSON text.');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || typeof (parsed as JsonWebKey).d !== 'string') {
    throw mcpConfigError(server, 'auth.privateKeyJwk', 'expected a private JWK (an object with "kty" and the private part "d").');
  }
  try {
    return clientAssertionKey({ jwk: parsed as JsonWebKey }, algorithm);
  } catch (error) {
    throw mcpConfigError(server, 'auth.privateKeyJwk', `${(error as Error).message}.`);
  }
}
