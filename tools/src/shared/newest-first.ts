import { statSync } from 'node:fs';

/** The outcome of {@link newestFirst}. */
export interface NewestFirst {
  /** At most `limit` paths, newest modification first (ties by path). */
  paths: string[];
  /** True when more than `limit` paths were given. */
  truncated: boolean;
}

/**
 * Collects paths with their modification times, one synchronous `stat` each (about 2.5 µs here,
 * against about 10 µs for a promise-based stat through the thread pool), so paths can be added
 * while a search is still producing them. Paths that can no longer be stat'ed sort last.
 */
export class MtimeOrder {
  private readonly entries = new Map<string, number>();

  /** Adds a path (again: no effect). */
  add(path: string): void {
    if (this.entries.has(path)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    this.entries.set(path, stat ? stat.mtimeMs : Number.NEGATIVE_INFINITY);
  }

  /** The first `limit` paths, newest first (equal times by path, so the order is stable). */
  take(limit: number): NewestFirst {
    const order = [...this.entries];
    order.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return { paths: order.slice(0, limit).map(([path]) => path), truncated: order.length > limit };
  }
}

/** `paths` ordered newest first, the first `limit` kept. */
export function newestFirst(paths: Iterable<string>, limit: number): NewestFirst {
  const order = new MtimeOrder();
  for (const path of paths) order.add(path);
  return order.take(limit);
}
