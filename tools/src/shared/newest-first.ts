import { statSync } from 'node:fs';

/** The outcome of {@link newestFirst}. */
export interface NewestFirst {
  /** At most `limit` paths, newest modification first (ties by path). */
  paths: string[];
  /** True when more than `limit` paths were given. */
  truncated: boolean;
}

type Entry = [path: string, mtimeMs: number];

const newerFirst = (a: Entry, b: Entry): number => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Collects paths with their modification times, one synchronous `stat` each (cheaper than a
 * promise-based stat through the thread pool: packages/bench/README.md), so paths can be added
 * while a search is still producing them. Paths that can no longer be stat'ed sort last.
 *
 * Memory stays bounded by the limit, whatever the number of matches: past 4 × `limit` entries the
 * collection is cut back to the newest `limit` (a path added again is then not recognised if it was
 * cut; the producers here give each path once).
 */
export class MtimeOrder {
  private entries = new Map<string, number>();
  private dropped = 0;

  constructor(private readonly limit = Number.POSITIVE_INFINITY) {}

  /** Adds a path (again: no effect). */
  add(path: string): void {
    if (this.entries.has(path)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    this.entries.set(path, stat ? stat.mtimeMs : Number.NEGATIVE_INFINITY);
    if (this.entries.size > this.limit * 4) this.compact();
  }

  /** How many distinct paths were added. */
  get size(): number {
    return this.entries.size + this.dropped;
  }

  /** The first `limit` paths, newest first (equal times by path, so the order is stable). */
  take(limit: number = this.limit): NewestFirst {
    const order = [...this.entries].sort(newerFirst);
    return { paths: order.slice(0, limit).map(([path]) => path), truncated: this.size > limit };
  }

  private compact(): void {
    const order = [...this.entries].sort(newerFirst);
    this.dropped += order.length - this.limit;
    this.entries = new Map(order.slice(0, this.limit));
  }
}

/** `paths` ordered newest first, the first `limit` kept. */
export function newestFirst(paths: Iterable<string>, limit: number): NewestFirst {
  const order = new MtimeOrder(limit);
  for (const path of paths) order.add(path);
  return order.take(limit);
}
