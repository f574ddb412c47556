/** The result of {@link replaceExact}. */
export interface ExactReplacement {
  /** The new text. */
  text: string;
  /** How many occurrences were replaced. */
  count: number;
  /** Where the first replacement starts in the new text. */
  firstIndex: number;
}

/** Counts the non-overlapping occurrences of `needle` (not empty) in `text`. */
export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Replaces the first or every occurrence of `oldText` literally (no `$&`-style patterns). */
export function replaceExact(text: string, oldText: string, newText: string, all: boolean): ExactReplacement {
  const firstIndex = text.indexOf(oldText);
  if (firstIndex === -1) return { text, count: 0, firstIndex: -1 };
  if (!all) return { text: text.slice(0, firstIndex) + newText + text.slice(firstIndex + oldText.length), count: 1, firstIndex };
  const parts = text.split(oldText);
  return { text: parts.join(newText), count: parts.length - 1, firstIndex };
}
