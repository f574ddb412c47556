import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import type { ClientAssertionAlgorithm } from '../../registry/mcp-oauth-config.js';

/** RFC 7523 §2.2: the `client_assertion_type` of a JWT client assertion. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Lifetime of one assertion, in seconds. */
const ASSERTION_LIFETIME_S = 300;

/** A private key that signs `private_key_jwt` client assertions, with its algorithm. */
export interface ClientAssertionKey {
  key: KeyObject;
  algorithm: ClientAssertionAlgorithm;
  /** The JWK's `kid`, sent in the header so the authorization server picks the right public key. */
  keyId?: string;
}

/**
 * The signing key from a PEM text or a JWK, with the algorithm it takes: ES256 for an EC P-256
 * key, RS256 for RSA (2048 bits or more). `algorithm`, when given, must agree. Throws an `Error`
 * saying what is wrong with the key (the caller names the setting).
 */
export function clientAssertionKey(source: { pem: string } | { jwk: JsonWebKey }, algorithm?: ClientAssertionAlgorithm): ClientAssertionKey {
  let key: KeyObject;
  try {
    key = 'pem' in source ? createPrivateKey(source.pem) : createPrivateKey({ key: source.jwk, format: 'jwk' });
  } catch (error) {
    throw new Error(`is not a private key (${(error as Error).message.slice(0, 120)})`);
  }
  const details = key.asymmetricKeyDetails ?? {};
  let fits: ClientAssertionAlgorithm;
  if (key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1') fits = 'ES256';
  else if (key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048) fits = 'RS256';
  else throw new Error(`is a ${key.asymmetricKeyType ?? 'secret'} key${details.namedCurve ? ` on ${details.namedCurve}` : ''}${details.modulusLength ? ` of ${details.modulusLength} bits` : ''}; expected an EC P-256 key (ES256) or an RSA key of 2048 bits or more (RS256)`);
  if (algorithm && algorithm !== fits) throw new Error(`is a key for ${fits}, but ${algorithm} was asked for`);
  const keyId = 'jwk' in source && typeof source.jwk.kid === 'string' ? source.jwk.kid : undefined;
  return keyId ? { key, algorithm: fits, keyId } : { key, algorithm: fits };
}

/**
 * A signed client assertion (RFC 7523 §3): `iss` and `sub` the client id, `aud` the
 * authorization server, `iat`, `exp` five minutes on, and a fresh `jti`.
 */
export function signClientAssertion(signer: ClientAssertionKey, clientId: string, audience: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = { alg: signer.algorithm, typ: 'JWT', ...(signer.keyId ? { kid: signer.keyId } : {}) };
  const claims = { iss: clientId, sub: clientId, aud: audience, iat, exp: iat + ASSERTION_LIFETIME_S, jti: randomUUID() };
  const input = `${base64url(header)}.${base64url(claims)}`;
  // JWS wants the raw r||s form of an ECDSA signature, not DER.
  const signature = sign('sha256', Buffer.from(input), signer.algorithm === 'ES256' ? { key: signer.key, dsaEncoding: 'ieee-p1363' } : signer.key);
  return `${input}.${signature.toString('base64url')}`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
