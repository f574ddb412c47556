/** What a refusal of an MCP server asks for (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  /** 401: no or no longer valid token; 403 `insufficient_scope`: a token with more scope. */
  kind: 'unauthorized' | 'insufficient_scope';
  status: number;
  /** Where the server's protected-resource metadata is, when it says. */
  resourceMetadataUrl?: URL;
  /** The scope the server asks for, when it says. */
  scope?: string;
  /** The `error` parameter, when given. */
  error?: string;
}

/**
 * The challenge of a response that asks for (another) authorization: a 401, or a 403 whose
 * `WWW-Authenticate: Bearer` says `error="insufficient_scope"`. Undefined for any other response.
 * The SDK's OAuth client module (with pkce-challenge) is loaded by the first 401 or 403, not with
 * `@toolwright/sdk/mcp`.
 */
export async function bearerChallenge(response: Response): Promise<BearerChallenge | undefined> {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { extractWWWAuthenticateParams } = await import('@modelcontextprotocol/sdk/client/auth.js');
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  if (response.status === 403 && error !== 'insufficient_scope') return undefined;
  const challenge: BearerChallenge = { kind: response.status === 401 ? 'unauthorized' : 'insufficient_scope', status: response.status };
  if (resourceMetadataUrl) challenge.resourceMetadataUrl = resourceMetadataUrl;
  if (scope) challenge.scope = scope;
  if (error) challenge.error = error;
  return challenge;
}

/** The scopes of all `lists` together, each once, in order of first mention; undefined when none. */
export function unionOfScopes(...lists: (string | undefined)[]): string | undefined {
  const all = new Set(lists.flatMap((list) => (list ?? '').split(/\s+/).filter((s) => s !== '')));
  return all.size > 0 ? [...all].join(' ') : undefined;
}
