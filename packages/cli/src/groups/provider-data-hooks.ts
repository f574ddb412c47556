import type { IncomingHttpHeaders } from 'node:http';
import { parseProviderData, PROVIDER_DATA_HEADER } from '@toolwright/providers/provider-data';

/** Request headers as the HTTP server or the MCP SDK's `requestInfo` give them (lower-case names). */
type Headers = IncomingHttpHeaders | Record<string, string | string[] | undefined>;

/**
 * What `serve --http` needs for per-request provider credentials (`X-Toolwright-Provider-Data:
 * {"brave_api_key": "…"}`), for `startHttpServer`'s options:
 * - `checkHeaders`: refuses a malformed header before the request is served (not JSON, not an
 *   object, a value that is not a string/number/boolean, over 16 KiB, sent twice) with a message
 *   naming the header and what is expected, never its value;
 * - `callMetadata`: the call's `metadata.providerData`, which group tools pass to their provider.
 */
export function providerDataHooks(): {
  checkHeaders: (headers: Headers) => string | undefined;
  callMetadata: (headers: Headers | undefined) => Record<string, unknown> | undefined;
} {
  return {
    checkHeaders: (headers) => {
      if (headers[PROVIDER_DATA_HEADER] === undefined) return undefined;
      try {
        parseProviderData(headers[PROVIDER_DATA_HEADER]);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },
    callMetadata: (headers) => {
      const raw = headers?.[PROVIDER_DATA_HEADER];
      if (raw === undefined) return undefined;
      try {
        return { providerData: parseProviderData(raw) };
      } catch {
        // checkHeaders already refused the request; a transport without that check gets no credentials.
        return undefined;
      }
    },
  };
}
