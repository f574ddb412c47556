import { plainText } from './search-hit.js';
import type { SearchHit } from './search-hit.js';
import { recordOf, recordsOf, WebSearchProvider } from './web-search-provider.js';
import type { WebSearchOptions } from './web-search-provider.js';

/**
 * `brave-search`: Brave's Web Search API, `GET /res/v1/web/search?q=…&count=…` with the key in
 * `X-Subscription-Token`; results from `web.results[]` (`title`, `url`, `description` with
 * `<strong>` marks, removed). Key setting: `brave_api_key`.
 */
export class BraveSearchProvider extends WebSearchProvider {
  constructor(options: WebSearchOptions = {}) {
    super({ id: 'brave-search', service: 'Brave Search', keySetting: 'brave_api_key', baseUrl: 'https://api.search.brave.com', maxResults: 20 }, options);
  }

  protected request(query: string, maxResults: number, apiKey: string) {
    const url = new URL('/res/v1/web/search', this.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(maxResults));
    return { url, headers: { 'X-Subscription-Token': apiKey } };
  }

  protected hits(body: Record<string, unknown>): SearchHit[] {
    return recordsOf(recordOf(body.web).results).map((r) => ({ title: plainText(r.title), url: String(r.url ?? ''), snippet: plainText(r.description) }));
  }

  protected errorDetail(body: Record<string, unknown>): string | undefined {
    const error = recordOf(body.error);
    return typeof error.detail === 'string' ? `${String(error.code ?? 'error')}: ${error.detail}` : undefined;
  }
}
