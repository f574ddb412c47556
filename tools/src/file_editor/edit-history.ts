import { createHash } from 'node:crypto';

/** How many edits per file `undo_edit` can revert. */
export const MAX_HISTORY_PER_FILE = 10;

/** One recorded edit: what the file held before it, and a digest of what the edit wrote. */
export interface EditRecord {
  /** The content before the edit; `null` when the edit created the file. */
  before: string | null;
  /** SHA-256 of the content the edit wrote, to notice a change made after it by someone else. */
  afterDigest: string;
}

/** SHA-256 of `text` (hex), the digest {@link EditRecord.afterDigest} holds. */
export function contentDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The edits of each file, newest last, at most {@link MAX_HISTORY_PER_FILE} per file, keyed by the
 * file's real path.
 */
export class EditHistory {
  private readonly entries = new Map<string, EditRecord[]>();

  /** Records an edit of `file`: its content `before` (null: created) and the content written. */
  push(file: string, before: string | null, after: string): void {
    const stack = this.entries.get(file) ?? [];
    stack.push({ before, afterDigest: contentDigest(after) });
    if (stack.length > MAX_HISTORY_PER_FILE) stack.shift();
    this.entries.set(file, stack);
  }

  /** The newest record for `file` without taking it; `undefined` when there is none. */
  peek(file: string): EditRecord | undefined {
    const stack = this.entries.get(file);
    return stack?.[stack.length - 1];
  }

  /** Takes the newest record for `file`; `undefined` when there is none. */
  pop(file: string): EditRecord | undefined {
    const stack = this.entries.get(file);
    if (!stack || stack.length === 0) return undefined;
    const record = stack.pop();
    if (stack.length === 0) this.entries.delete(file);
    return record;
  }
}
