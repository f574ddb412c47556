import { plainText } from './search-hit.js';
import type { SearchHit } from './search-hit.js';
import { recordOf, recordsOf, WebSearchProvider } from './web-search-provider.js';
import type { WebSearchOptions } from './web-search-provider.js';

/**
 * `bing-search`: Bing Web Search API v7, `GET /v7.0/search?q=…&count=…&responseFilter=Webpages`
 * with the key in `Ocp-Apim-Subscription-Key`; results from `webPages.value[]` (`name`, `url`,
 * `snippet`). Errors come as `{ errors: [{ code, message }] }` or `{ error: { code, message } }`.
 * Key setting: `bing_api_key`.
 */
export class BingSearchProvider extends WebSearchProvider {
  constructor(options: WebSearchOptions = {}) {
    super({ id: 'bing-search', service: 'Bing Search', keySetting: 'bing_api_key', baseUrl: 'https://api.bing.microsoft.com', maxResults: 50 }, options);
  }

  protected request(query: string, maxResults: number, apiKey: string) {
    const url = new URL('/v7.0/search', this.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(maxResults));
    url.searchParams.set('responseFilter', 'Webpages');
    return { url, headers: { 'Ocp-Apim-Subscription-Key': apiKey } };
  }

  protected hits(body: Record<string, unknown>): SearchHit[] {
    return recordsOf(recordOf(body.webPages).value).map((r) => ({ title: plainText(r.name), url: String(r.url ?? ''), snippet: plainText(r.snippet) }));
  }

  protected errorDetail(body: Record<string, unknown>): string | undefined {
    const first = recordsOf(body.errors)[0] ?? recordOf(body.error);
    return typeof first.message === 'string' ? `${String(first.code ?? 'error')}: ${first.message}` : undefined;
  }
}
