import { promises as fsp } from 'node:fs';

/** The outcome of {@link newestFirst}. */
export interface NewestFirst {
  /** At most `limit` paths, newest modification first (ties by path). */
  paths: string[];
  /** True when more than `limit` paths were given. */
  truncated: boolean;
}

/**
 * Orders `paths` by modification time, newest first (equal times by path, so the order is stable),
 * and keeps the first `limit`. Paths that can no longer be stat'ed sort last.
 */
export async function newestFirst(paths: readonly string[], limit: number): Promise<NewestFirst> {
  const unique = [...new Set(paths)];
  const times = await Promise.all(unique.map((p) => fsp.stat(p).then((s) => s.mtimeMs, () => Number.NEGATIVE_INFINITY)));
  const order = unique.map((path, i) => ({ path, mtime: times[i]! }));
  order.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { paths: order.slice(0, limit).map((o) => o.path), truncated: order.length > limit };
}
