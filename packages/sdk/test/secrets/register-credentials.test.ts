import { afterEach, describe, expect, it } from '@jest/globals';
import { oauthProviderFor } from '../../src/mcp/oauth-provider-for.js';
import { processSecrets } from '../../src/secrets/process-secrets.js';
import { registerCredentialHeaders, registerOAuthTokens } from '../../src/secrets/register-credential-headers.js';

const added: string[] = [];
afterEach(() => {
  for (const value of added.splice(0)) while (processSecrets.has(value)) processSecrets.delete(value);
});

describe('credentials registered where they are used', () => {
  it('registers Authorization and API-key headers, the scheme-less credential too, and takes them back', () => {
    added.push('Bearer tok-0123456789', 'tok-0123456789', 'key-abcdefghij');
    const undo = registerCredentialHeaders({ Authorization: 'Bearer tok-0123456789', 'X-Api-Key': 'key-abcdefghij', Accept: 'application/json-long-value', 'api-key': 'short' });
    expect(processSecrets.mask('h: Bearer tok-0123456789')).toBe('h: <secret:authorization>');
    expect(processSecrets.mask('sent tok-0123456789 and key-abcdefghij')).toBe('sent <secret:authorization> and <secret:x-api-key>');
    expect(processSecrets.mask('application/json-long-value')).toBe('application/json-long-value');
    undo();
    expect(processSecrets.mask('tok-0123456789')).toBe('tok-0123456789');
  });

  it('registers OAuth tokens in use once, and a configured client secret', () => {
    added.push('access-0123456789', 'refresh-0123456789', 'client-secret-0123456789');
    registerOAuthTokens({ access_token: 'access-0123456789', refresh_token: 'refresh-0123456789', token_type: 'Bearer' } as never);
    registerOAuthTokens({ access_token: 'access-0123456789' });
    expect(processSecrets.mask('access-0123456789 refresh-0123456789')).toBe('<secret:oauth.access_token> <secret:oauth.refresh_token>');
    oauthProviderFor('srv', { grant: 'client_credentials', clientId: 'app', clientSecret: 'client-secret-0123456789', issuer: 'https://auth.example' });
    expect(processSecrets.mask('secret=client-secret-0123456789')).toBe('secret=<secret:oauth.client_secret>');
  });
});
