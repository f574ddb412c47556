import { createHash } from 'node:crypto';

/** How many edits per file `undo_edit` can revert. */
export const MAX_HISTORY_PER_FILE = 10;

/** The most characters of earlier contents kept across all files; the oldest records go first beyond it. */
export const MAX_HISTORY_CHARS = 64 * 1024 * 1024;

/** One recorded edit: what the file held before it, and a digest of what the edit wrote. */
export interface EditRecord {
  /** The content before the edit; `null` when the edit created the file. */
  before: string | null;
  /** SHA-256 of the content the edit wrote, to notice a change made after it by someone else. */
  afterDigest: string;
  /** Order of recording, across files (the oldest is dropped first when over the size budget). */
  seq: number;
}

/** SHA-256 of `text` (hex), the digest {@link EditRecord.afterDigest} holds. */
export function contentDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The edits of each file, newest last, at most {@link MAX_HISTORY_PER_FILE} per file, keyed by the
 * file's real path, and at most `maxChars` characters of earlier contents in all (editing many large
 * files must not grow memory without end): past it the oldest records of any file are dropped.
 */
export class EditHistory {
  private readonly entries = new Map<string, EditRecord[]>();
  private chars = 0;
  private seq = 0;

  constructor(private readonly maxChars = MAX_HISTORY_CHARS) {}

  /** Records an edit of `file`: its content `before` (null: created) and the content written. */
  push(file: string, before: string | null, after: string): void {
    const stack = this.entries.get(file) ?? [];
    stack.push({ before, afterDigest: contentDigest(after), seq: this.seq++ });
    this.chars += before?.length ?? 0;
    if (stack.length > MAX_HISTORY_PER_FILE) this.chars -= stack.shift()!.before?.length ?? 0;
    this.entries.set(file, stack);
    while (this.chars > this.maxChars && this.dropOldest(stack[stack.length - 1]!)) {
      // dropped one
    }
  }

  /** Characters of earlier contents held. */
  get size(): number {
    return this.chars;
  }

  /** Drops the oldest record of any file, never `keep`; false when there is nothing else. */
  private dropOldest(keep: EditRecord): boolean {
    let oldest: { file: string; record: EditRecord } | undefined;
    for (const [file, stack] of this.entries) {
      const first = stack[0];
      if (first !== undefined && first !== keep && (oldest === undefined || first.seq < oldest.record.seq)) oldest = { file, record: first };
    }
    if (oldest === undefined) return false;
    const stack = this.entries.get(oldest.file)!;
    stack.shift();
    this.chars -= oldest.record.before?.length ?? 0;
    if (stack.length === 0) this.entries.delete(oldest.file);
    return true;
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
    this.chars -= record?.before?.length ?? 0;
    return record;
  }
}
