import { processSecrets } from './process-secrets.js';
import { MIN_SECRET_LENGTH } from './secret-masker.js';

/** Headers that carry credentials. */
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|x-api-key|api-key|x-goog-api-key|cookie)$/i;

/**
 * Registers the credentials in `headers` as the process's secrets, named after the header
 * (`<secret:authorization>`): the whole value, and for `Authorization: <scheme> <credential>`
 * the credential alone. Values shorter than {@link MIN_SECRET_LENGTH} are left out (an empty or
 * placeholder header). Returns a function that takes the registrations back.
 */
export function registerCredentialHeaders(headers: Readonly<Record<string, string>> | undefined): () => void {
  const added: string[] = [];
  const add = (value: string, name: string): void => {
    if (value.length < MIN_SECRET_LENGTH) return;
    processSecrets.add(value, name);
    added.push(value);
  };
  for (const [header, value] of Object.entries(headers ?? {})) {
    if (typeof value !== 'string' || !CREDENTIAL_HEADERS.test(header)) continue;
    const name = header.toLowerCase();
    add(value, name);
    const credential = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined && credential !== value) add(credential, name);
  }
  return () => {
    for (const value of added.splice(0)) processSecrets.delete(value);
  };
}

/**
 * Registers OAuth tokens in use (`access_token`, `refresh_token`, `id_token`) as the process's
 * secrets (`<secret:oauth.access_token>`); a token already registered is left as it is.
 */
export function registerOAuthTokens(tokens: { access_token?: unknown; refresh_token?: unknown; id_token?: unknown }): void {
  for (const key of ['access_token', 'refresh_token', 'id_token'] as const) {
    const value = tokens[key];
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH && !processSecrets.has(value)) processSecrets.add(value, `oauth.${key}`);
  }
}
