import { joinPath, preview, typeName } from '../schema/validation-issue.js';
import { isPlainObject as isObject } from '../util/guards.js';

/** Where a server's client-side fields are wrong, and how (as `checkAgentSpec` reports it). */
export interface McpClientSpecProblem {
  path: string;
  message: string;
}

const CAPABILITY_KEYS = ['sampling', 'elicitation', 'roots'];
const MAX_ROOTS = 64;

const expected = (path: string, what: string, got: unknown): McpClientSpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

/**
 * Checks an MCP server entry's `capabilities` (sampling, elicitation, roots). Functions are
 * accepted where code may give a handler; a spec file gives `true` (the Agent's handler),
 * `'defaults'` (elicitation) and root paths or URIs.
 */
export function checkMcpClientSpec(server: Record<string, unknown>, path: string): McpClientSpecProblem | undefined {
  return checkConcurrency(server.concurrency, joinPath(path, 'concurrency')) ?? checkAuth(server.auth, joinPath(path, 'auth')) ?? checkCapabilities(server.capabilities, path);
}

const CONCURRENCY = ['serial', 'parallel'];

/** `concurrency`: `'serial'` (the default) or `'parallel'`. */
function checkConcurrency(value: unknown, at: string): McpClientSpecProblem | undefined {
  if (value === undefined || (typeof value === 'string' && CONCURRENCY.includes(value))) return undefined;
  return { path: at, message: `expected 'serial' (calls that may write run one at a time; the default) or 'parallel' (this server's tools that are not read-only may run at the same time), got ${preview(value)}.` };
}

const AUTH_STRINGS = ['clientId', 'clientSecret', 'scope', 'tokenFile', 'redirectUrl', 'clientName', 'issuer', 'privateKeyFile', 'clientMetadataUrl'];
const ALGORITHMS = ['ES256', 'RS256'];
/** Most authorizations in a row a configuration may allow. */
const MAX_ATTEMPTS_LIMIT = 20;
/** The credentials of a client credentials client: exactly one. */
const MACHINE_CREDENTIALS = ['clientSecret', 'privateKeyFile', 'privateKeyJwk'];
const GRANTS = ['authorization_code', 'client_credentials'];
/** Fields that only the authorization-code grant (a user signing in) takes. */
const USER_SIGN_IN_FIELDS = ['tokenFile', 'redirectUrl', 'authorize'];

/** `auth`: strings from a spec; `authorize` (a function) and `provider` (an object) from code. */
function checkAuth(value: unknown, at: string): McpClientSpecProblem | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return expected(at, 'an object with OAuth settings (grant, clientId, clientSecret, issuer, scope, tokenFile, redirectUrl)', value);
  for (const [key, v] of Object.entries(value)) {
    if (AUTH_STRINGS.includes(key)) {
      if (typeof v !== 'string' || v === '') return expected(joinPath(at, key), 'a non-empty string', v);
    } else if (key === 'grant') {
      if (typeof v !== 'string' || !GRANTS.includes(v)) {
        return { path: joinPath(at, key), message: `expected 'authorization_code' (a user signs in; the default) or 'client_credentials' (machine to machine), got ${preview(v)}.` };
      }
    } else if (key === 'privateKeyJwk') {
      if ((typeof v !== 'string' || v === '') && !isObject(v)) return expected(joinPath(at, key), 'a private JWK object, or its JSON text (e.g. "${MCP_CLIENT_JWK}")', v);
    } else if (key === 'privateKeyAlgorithm') {
      if (typeof v !== 'string' || !ALGORITHMS.includes(v)) return { path: joinPath(at, key), message: `expected 'ES256' (EC P-256 key) or 'RS256' (RSA key), got ${preview(v)}.` };
    } else if (key === 'maxAuthorizationAttempts') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_ATTEMPTS_LIMIT) return { path: joinPath(at, key), message: `expected a whole number from 1 to ${MAX_ATTEMPTS_LIMIT} (authorizations in a row before giving up; default 3), got ${preview(v)}.` };
    } else if (key === 'authorize') {
      if (typeof v !== 'function') return expected(joinPath(at, key), 'a function (authorizationUrl) => redirect URL', v);
    } else if (key === 'provider') {
      if (typeof v !== 'object' || v === null) return expected(joinPath(at, key), 'an OAuth client provider object', v);
    } else {
      return { path: joinPath(at, key), message: `unknown field; allowed: grant, ${[...AUTH_STRINGS, 'privateKeyJwk', 'privateKeyAlgorithm', 'maxAuthorizationAttempts', 'authorize', 'provider'].join(', ')}.` };
    }
  }
  if (value.provider !== undefined) return undefined;
  for (const url of ['issuer', 'redirectUrl'] as const) {
    const text = value[url];
    // `${VAR}` is checked again once interpolated (planMcpServers checks the spec it is given).
    if (typeof text === 'string' && !text.includes('${') && !isHttpUrl(text)) return { path: joinPath(at, url), message: `expected an absolute http(s) URL, got ${JSON.stringify(text.slice(0, 80))}.` };
  }
  const metadataUrl = value.clientMetadataUrl;
  if (typeof metadataUrl === 'string' && !metadataUrl.includes('${') && !isMetadataDocumentUrl(metadataUrl)) {
    return { path: joinPath(at, 'clientMetadataUrl'), message: `expected the https URL of this client's metadata document, with a path (e.g. https://app.example.com/oauth/client.json), got ${JSON.stringify(metadataUrl.slice(0, 80))}.` };
  }
  if (value.grant === 'client_credentials') return checkClientCredentials(value, at);
  for (const key of ['privateKeyFile', 'privateKeyJwk', 'privateKeyAlgorithm']) {
    if (value[key] !== undefined) return { path: joinPath(at, key), message: "only grant 'client_credentials' signs in with a private key (private_key_jwt); a user's sign-in uses clientSecret, or none." };
  }
  if (metadataUrl !== undefined && value.clientId !== undefined) return { path: joinPath(at, 'clientMetadataUrl'), message: 'give clientId (a pre-registered client) or clientMetadataUrl (a client ID metadata document), not both.' };
  if (value.issuer !== undefined) return { path: joinPath(at, 'issuer'), message: "only grant 'client_credentials' takes issuer; a user's sign-in finds the authorization server through the MCP server." };
  if (value.clientSecret !== undefined && value.clientId === undefined) return { path: joinPath(at, 'clientSecret'), message: 'a client secret needs its clientId.' };
  return undefined;
}

/** `grant: 'client_credentials'`: a pre-registered client with its secret and its authorization server, and nothing of a user's sign-in. */
function checkClientCredentials(value: Record<string, unknown>, at: string): McpClientSpecProblem | undefined {
  for (const key of USER_SIGN_IN_FIELDS) {
    if (value[key] !== undefined) return { path: joinPath(at, key), message: `grant 'client_credentials' takes no ${key}: no user signs in, and a token is fetched with the client secret at every start.` };
  }
  if (value.clientMetadataUrl !== undefined) return { path: joinPath(at, 'clientMetadataUrl'), message: "grant 'client_credentials' takes no clientMetadataUrl: its client is pre-registered (clientId)." };
  if (value.clientId === undefined) return { path: joinPath(at, 'clientId'), message: "grant 'client_credentials' needs the clientId the authorization server issued (in a spec file, e.g. \"${MCP_CLIENT_ID}\")." };
  const credentials = MACHINE_CREDENTIALS.filter((key) => value[key] !== undefined);
  if (credentials.length === 0) return { path: joinPath(at, 'clientSecret'), message: "grant 'client_credentials' needs the client's secret (in a spec file, as \"${MCP_CLIENT_SECRET}\" so it stays out of the file), or its private key for private_key_jwt (privateKeyFile or privateKeyJwk)." };
  if (credentials.length > 1) return { path: joinPath(at, credentials[1]!), message: `give one credential, not ${credentials.join(' and ')}.` };
  if (value.privateKeyAlgorithm !== undefined && credentials[0] === 'clientSecret') return { path: joinPath(at, 'privateKeyAlgorithm'), message: 'is for a private key (privateKeyFile or privateKeyJwk), not a clientSecret.' };
  if (value.issuer === undefined) return { path: joinPath(at, 'issuer'), message: "grant 'client_credentials' needs the issuer URL of the authorization server the client is registered with (e.g. https://auth.example.com), so the secret is sent to no other." };
  return undefined;
}

/** An https URL with a path: what the MCP SDK takes as a client ID metadata document's URL. */
function isMetadataDocumentUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return false;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkCapabilities(caps: unknown, path: string): McpClientSpecProblem | undefined {
  if (caps === undefined) return undefined;
  const at = joinPath(path, 'capabilities');
  if (!isObject(caps)) return expected(at, 'an object with sampling, elicitation and/or roots', caps);
  for (const key of Object.keys(caps)) {
    if (!CAPABILITY_KEYS.includes(key)) return { path: joinPath(at, key), message: `unknown capability; allowed: ${CAPABILITY_KEYS.join(', ')}.` };
  }
  const { sampling, elicitation, roots } = caps;
  if (sampling !== undefined && typeof sampling !== 'boolean' && typeof sampling !== 'function') {
    return expected(joinPath(at, 'sampling'), "true (the Agent's onSample) or a handler function", sampling);
  }
  if (elicitation !== undefined && typeof elicitation !== 'boolean' && elicitation !== 'defaults' && typeof elicitation !== 'function') {
    return expected(joinPath(at, 'elicitation'), "true (the Agent's onElicit), 'defaults' or a handler function", elicitation);
  }
  if (roots !== undefined) {
    const rootsAt = joinPath(at, 'roots');
    if (!Array.isArray(roots)) return expected(rootsAt, 'an array of directory paths, file:// URIs or { uri, name? }', roots);
    if (roots.length > MAX_ROOTS) return { path: rootsAt, message: `has ${roots.length} roots; at most ${MAX_ROOTS} are allowed.` };
    for (const [i, root] of roots.entries()) {
      const uri: unknown = isObject(root) ? root.uri : root;
      if (typeof uri !== 'string' || uri === '') return expected(joinPath(rootsAt, i), 'a non-empty path or URI string, or { uri, name? }', root);
      if (isObject(root)) {
        for (const key of Object.keys(root)) if (key !== 'uri' && key !== 'name') return { path: joinPath(joinPath(rootsAt, i), key), message: 'unknown field; allowed: uri, name.' };
        if (root.name !== undefined && typeof root.name !== 'string') return expected(joinPath(joinPath(rootsAt, i), 'name'), 'a string', root.name);
      }
    }
  }
  return undefined;
}
