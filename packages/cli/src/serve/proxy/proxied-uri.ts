/** The scheme of proxied resource URIs: `toolwright-mcp://<server>/<upstream URI>`. */
export const PROXIED_URI_PREFIX = 'toolwright-mcp://';

/**
 * The URI (or URI template) under which the proxy offers `uri` of upstream `server`:
 * `toolwright-mcp://<server, percent-encoded>/<uri unchanged>`. The server part never holds a
 * `/`, so the first `/` after it ends it, and the upstream URI follows verbatim: two servers never
 * share a proxied URI, and a template stays a template (its expansions are proxied URIs).
 */
export function proxiedUri(server: string, uri: string): string {
  return `${PROXIED_URI_PREFIX}${encodeURIComponent(server)}/${uri}`;
}

/** The server and upstream URI of a proxied URI, or undefined when `uri` is not one. */
export function upstreamOfUri(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(PROXIED_URI_PREFIX)) return undefined;
  const rest = uri.slice(PROXIED_URI_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  try {
    return { server: decodeURIComponent(rest.slice(0, slash)), uri: rest.slice(slash + 1) };
  } catch {
    return undefined;
  }
}
