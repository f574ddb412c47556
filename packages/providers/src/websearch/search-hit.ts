/** One web search result, the same shape from every backend. */
export interface SearchHit {
  title: string;
  url: string;
  /** Plain text (markup removed). */
  snippet: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

/** Text without HTML tags and with the common entities decoded (Brave marks matches with `<strong>`). */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]{0,200}>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The model-facing text of the hits: numbered, title, URL, snippet. */
export function formatHits(query: string, hits: readonly SearchHit[]): string {
  if (hits.length === 0) return `No results for ${JSON.stringify(query)}.`;
  return hits.map((hit, i) => `${i + 1}. ${hit.title}\n   ${hit.url}\n   ${hit.snippet}`).join('\n');
}
