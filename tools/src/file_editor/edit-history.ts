/** How many edits per file `undo_edit` can revert. */
export const MAX_HISTORY_PER_FILE = 10;

/**
 * The contents files had before each edit (`null`: the file did not exist), newest last, at most
 * {@link MAX_HISTORY_PER_FILE} per file, keyed by the file's real path.
 */
export class EditHistory {
  private readonly entries = new Map<string, Array<string | null>>();

  /** Records what `file` held before an edit. */
  push(file: string, before: string | null): void {
    const stack = this.entries.get(file) ?? [];
    stack.push(before);
    if (stack.length > MAX_HISTORY_PER_FILE) stack.shift();
    this.entries.set(file, stack);
  }

  /** Takes the newest record for `file`; `undefined` when there is none. */
  pop(file: string): string | null | undefined {
    const stack = this.entries.get(file);
    if (!stack || stack.length === 0) return undefined;
    const before = stack.pop();
    if (stack.length === 0) this.entries.delete(file);
    return before;
  }

  /** Puts a record back on top (after an undo that failed). */
  restore(file: string, before: string | null): void {
    const stack = this.entries.get(file) ?? [];
    stack.push(before);
    this.entries.set(file, stack);
  }
}
