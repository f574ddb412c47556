import { ErrorCode, ToolwrightError } from '@toolwright/sdk';

/** Where a provider's key comes from, for {@link resolveApiKey}. */
export interface ApiKeySource {
  /** The service's name (`Brave Search`). */
  service: string;
  /** The provider id (`brave-search`). */
  providerId: string;
  /** The per-request setting (`brave_api_key`). */
  setting: string;
  /** The key from the provider's configuration. */
  configured?: string;
}

/**
 * The API key of a call: the per-request provider data's `setting` (so one server can serve
 * several tenants) or else the configured key. None: `AUTH_REQUIRED` naming both settings.
 */
export function resolveApiKey(source: ApiKeySource, providerData: Readonly<Record<string, unknown>>): string {
  const fromRequest = providerData[source.setting];
  if (typeof fromRequest === 'string' && fromRequest !== '') return fromRequest;
  if (source.configured) return source.configured;
  throw new ToolwrightError({
    code: ErrorCode.AUTH_REQUIRED,
    message: `${source.service} needs an API key: set apiKey in the '${source.providerId}' provider's configuration, or send ${JSON.stringify(source.setting)} in the provider data (header X-Toolwright-Provider-Data: {"${source.setting}": "…"}).`,
    details: { service: source.service, setting: source.setting },
  });
}
