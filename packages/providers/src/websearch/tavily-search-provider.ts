import { plainText } from './search-hit.js';
import type { SearchHit } from './search-hit.js';
import { recordOf, recordsOf, WebSearchProvider } from './web-search-provider.js';
import type { WebSearchOptions } from './web-search-provider.js';

/**
 * `tavily-search`: Tavily's `POST /search` with a JSON body `{ query, max_results }` and the key
 * as `Authorization: Bearer …`; results from `results[]` (`title`, `url`, `content`). Errors come
 * as `{ detail: { error } }`. Key setting: `tavily_api_key`.
 */
export class TavilySearchProvider extends WebSearchProvider {
  constructor(options: WebSearchOptions = {}) {
    super({ id: 'tavily-search', service: 'Tavily Search', keySetting: 'tavily_api_key', baseUrl: 'https://api.tavily.com', maxResults: 20 }, options);
  }

  protected request(query: string, maxResults: number, apiKey: string) {
    return { url: new URL('/search', this.baseUrl), method: 'POST' as const, headers: { Authorization: `Bearer ${apiKey}` }, json: { query, max_results: maxResults } };
  }

  protected hits(body: Record<string, unknown>): SearchHit[] {
    return recordsOf(body.results).map((r) => ({ title: plainText(r.title), url: String(r.url ?? ''), snippet: plainText(r.content) }));
  }

  protected errorDetail(body: Record<string, unknown>): string | undefined {
    const detail = body.detail;
    if (typeof detail === 'string') return detail;
    const error = recordOf(detail).error;
    return typeof error === 'string' ? error : undefined;
  }
}
