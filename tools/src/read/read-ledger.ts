import { stat } from 'node:fs/promises';
import { Service } from '@toolwright/sdk';

/** What was known of a file when it was last read or written in this conversation. */
interface Seen {
  mtimeMs: number;
  size: number;
}

/** Most files remembered (the oldest are forgotten first). */
export const MAX_LEDGER_FILES = 1_000;

/**
 * The files this conversation has read (or written), keyed by real path, with their modification
 * time and size at that moment: `write` over an existing file and `edit` need an entry, and refuse
 * when the file has changed since. Our own writes refresh the entry, so edit after edit works.
 */
@Service()
export class ReadLedger {
  private readonly seen = new Map<string, Seen>();

  /** Records the file's current modification time and size (after a read or our own write). */
  async record(realPath: string): Promise<void> {
    const info = await stat(realPath);
    this.seen.delete(realPath);
    this.seen.set(realPath, { mtimeMs: info.mtimeMs, size: info.size });
    if (this.seen.size > MAX_LEDGER_FILES) this.seen.delete(this.seen.keys().next().value!);
  }

  /**
   * `'unread'` when the file was never read in this conversation, `'changed'` when its modification
   * time or size differ from the last read or write, `'current'` otherwise.
   */
  async state(realPath: string): Promise<'unread' | 'changed' | 'current'> {
    const entry = this.seen.get(realPath);
    if (!entry) return 'unread';
    const info = await stat(realPath);
    return info.mtimeMs === entry.mtimeMs && info.size === entry.size ? 'current' : 'changed';
  }
}
