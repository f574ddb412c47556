import type { ConsoleInboxEntry } from '../../src/console/console-api.js';

/**
 * The page's inbox entries with `incoming` (an `inbox` event, or a listing) merged in, newest
 * first. An entry keeps the version the page already has when that one is answered or withdrawn
 * and the incoming one is still pending: an entry never goes back to pending, so such a version is
 * older (a listing taken before the answer but delivered after its event). Entries the page has
 * and `incoming` lacks are kept.
 */
export function mergeEntries(entries: readonly ConsoleInboxEntry[], incoming: readonly ConsoleInboxEntry[]): ConsoleInboxEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  for (const entry of incoming) {
    const known = byId.get(entry.id);
    if (known && known.state !== 'pending' && entry.state === 'pending') continue;
    byId.set(entry.id, entry);
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}
