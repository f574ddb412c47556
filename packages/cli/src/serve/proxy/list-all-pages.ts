/** Most pages read from one upstream listing (a server that keeps sending cursors is cut off). */
export const MAX_LIST_PAGES = 100;
/** Most items kept from one upstream listing. */
export const MAX_LIST_ITEMS = 10_000;

/**
 * Every item of a paginated upstream listing, page after page, up to {@link MAX_LIST_PAGES}
 * pages and {@link MAX_LIST_ITEMS} items (the proxy answers with one page: its clients never see
 * upstream cursors, which could not say which server they belong to).
 */
export async function listAllPages<T>(page: (cursor: string | undefined) => Promise<{ items: readonly T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
    const next = await page(cursor);
    for (const item of next.items) {
      if (items.length >= MAX_LIST_ITEMS) return items;
      items.push(item);
    }
    cursor = next.nextCursor;
    if (cursor === undefined) break;
  }
  return items;
}
