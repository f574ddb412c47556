import { describe, expect, it } from '@jest/globals';
import { listAllPages, MAX_LIST_ITEMS, MAX_LIST_PAGES } from '../../../src/serve/proxy/list-all-pages.js';

describe('listAllPages', () => {
  it('follows cursors to the last page', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = { start: { items: [1, 2], nextCursor: 'b' }, b: { items: [3], nextCursor: 'c' }, c: { items: [4] } };
    const asked: (string | undefined)[] = [];
    expect(await listAllPages(async (cursor) => (asked.push(cursor), pages[cursor ?? 'start']!))).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  it('stops a server that never stops sending cursors after MAX_LIST_PAGES pages', async () => {
    let calls = 0;
    const items = await listAllPages(async () => (calls++, { items: [calls], nextCursor: 'again' }));
    expect(calls).toBe(MAX_LIST_PAGES);
    expect(items).toHaveLength(MAX_LIST_PAGES);
  });

  it('keeps at most MAX_LIST_ITEMS items', async () => {
    const items = await listAllPages(async () => ({ items: Array.from({ length: MAX_LIST_ITEMS + 5 }, (_, i) => i), nextCursor: 'more' }));
    expect(items).toHaveLength(MAX_LIST_ITEMS);
  });
});
