/**
 * Serialises async work per key: `run(key, fn)` starts `fn` once every earlier `run` with the same
 * key has settled. Keys with nothing queued are forgotten, so the map holds only busy keys.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `fn` alone for `key`; its result or error is passed through. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with work running or queued (for tests and diagnostics). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

/**
 * The process-wide lock of file edits, keyed by real path: every read-modify-write of a file by a
 * built-in tool runs under it, whichever conversation or entry point the call came from.
 */
export const fileEditLock = new KeyedLock();
