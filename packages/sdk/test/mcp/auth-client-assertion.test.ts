import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, verify } from 'node:crypto';
import { bearerChallenge, unionOfScopes } from '../../src/mcp/mcp-auth/bearer-challenge.js';
import { clientAssertionKey, signClientAssertion } from '../../src/mcp/mcp-auth/client-assertion-key.js';

function decode(jwt: string): { header: Record<string, unknown>; claims: Record<string, unknown>; input: Buffer; signature: Buffer } {
  const [h, c, s] = jwt.split('.') as [string, string, string];
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>, claims: JSON.parse(Buffer.from(c, 'base64url').toString()) as Record<string, unknown>, input: Buffer.from(`${h}.${c}`), signature: Buffer.from(s, 'base64url') };
}

describe('private_key_jwt client assertions (RFC 7523)', () => {
  it('signs ES256 with a P-256 key from PEM: a JOSE (r||s) signature the public key verifies, and the claims the RFC asks for', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const signer = clientAssertionKey({ pem: privateKey.export({ type: 'sec1', format: 'pem' }) as string });
    expect(signer.algorithm).toBe('ES256');
    const jwt = decode(signClientAssertion(signer, 'client-1', 'https://auth.example.com/', Date.UTC(2026, 0, 1)));
    expect(jwt.header).toEqual({ alg: 'ES256', typ: 'JWT' });
    expect(jwt.claims).toEqual({ iss: 'client-1', sub: 'client-1', aud: 'https://auth.example.com/', iat: 1767225600, exp: 1767225900, jti: expect.any(String) });
    expect(jwt.signature).toHaveLength(64);
    expect(verify('sha256', jwt.input, { key: publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature)).toBe(true);
  });

  it('signs RS256 with an RSA JWK and sends its kid; every assertion has a jti of its own', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signer = clientAssertionKey({ jwk: { ...privateKey.export({ format: 'jwk' }), kid: 'key-7' } });
    const first = decode(signClientAssertion(signer, 'c', 'https://a.example/'));
    const second = decode(signClientAssertion(signer, 'c', 'https://a.example/'));
    expect(first.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-7' });
    expect(verify('sha256', first.input, publicKey, first.signature)).toBe(true);
    expect(first.claims.jti).not.toBe(second.claims.jti);
  });

  it('refuses keys it cannot sign ES256 or RS256 with, and an algorithm the key does not fit', () => {
    const pem = (key: ReturnType<typeof generateKeyPairSync>['privateKey']): string => key.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => clientAssertionKey({ pem: pem(generateKeyPairSync('ed25519').privateKey) })).toThrow('is a ed25519 key; expected an EC P-256 key (ES256) or an RSA key of 2048 bits or more (RS256)');
    expect(() => clientAssertionKey({ pem: pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey) })).toThrow('is a rsa key of 1024 bits');
    expect(() => clientAssertionKey({ pem: pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey) }, 'RS256')).toThrow('is a key for ES256, but RS256 was asked for');
    expect(() => clientAssertionKey({ pem: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' })).toThrow(/^is not a private key \(/);
  });
});

describe('bearerChallenge', () => {
  const response = (status: number, header?: string): Response => new Response(null, { status, headers: header ? { 'www-authenticate': header } : {} });

  it('reads a 401: the metadata URL, the scope and the error', async () => {
    await expect(bearerChallenge(response(401, 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", scope="files:read files:write", error="invalid_token"'))).resolves.toEqual({
      kind: 'unauthorized',
      status: 401,
      resourceMetadataUrl: new URL('https://mcp.example.com/.well-known/oauth-protected-resource/mcp'),
      scope: 'files:read files:write',
      error: 'invalid_token',
    });
    await expect(bearerChallenge(response(401))).resolves.toEqual({ kind: 'unauthorized', status: 401 });
  });

  it('takes a 403 only with insufficient_scope, and nothing else', async () => {
    await expect(bearerChallenge(response(403, 'Bearer error="insufficient_scope", scope="admin"'))).resolves.toEqual({ kind: 'insufficient_scope', status: 403, scope: 'admin', error: 'insufficient_scope' });
    await expect(bearerChallenge(response(403, 'Bearer error="invalid_token"'))).resolves.toBeUndefined();
    await expect(bearerChallenge(response(403))).resolves.toBeUndefined();
    await expect(bearerChallenge(response(200))).resolves.toBeUndefined();
    await expect(bearerChallenge(response(404, 'Bearer scope="x"'))).resolves.toBeUndefined();
  });

  it('unionOfScopes keeps each scope once, in order of first mention', () => {
    expect(unionOfScopes('a b', undefined, 'b  c', 'a')).toBe('a b c');
    expect(unionOfScopes(undefined, '')).toBeUndefined();
  });
});
