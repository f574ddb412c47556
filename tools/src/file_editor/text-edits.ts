import { ErrorCode } from '@toolwright/sdk';
import { editorError } from './editor-error.js';
import { linesOf } from './file-content.js';
import { quoteClipped } from './quote-clipped.js';

/** The result of a text edit. */
export interface TextEdit {
  /** The new file content. */
  content: string;
  /** First line (1-based) of the edited region. */
  line: number;
}

/** The most line numbers a "multiple occurrences" error lists. */
export const MAX_LISTED_LINES = 20;

/** Occurrences of a needle: how many (counted up to `cap`), and the start index of the first ones. */
interface Occurrences {
  count: number;
  starts: number[];
}

/**
 * Start indexes of `needle` in `content`, non-overlapping (a match is at most one region to
 * replace), counting at most `cap`; an empty needle would match everywhere, so it is refused.
 */
function occurrences(content: string, needle: string, cap: number): Occurrences {
  if (needle === '') throw editorError('Invalid `old_str` parameter: it must not be empty.', ErrorCode.INVALID_ARGUMENTS);
  const starts: number[] = [];
  for (let at = content.indexOf(needle); at !== -1 && starts.length < cap; at = content.indexOf(needle, at + needle.length)) starts.push(at);
  return { count: starts.length, starts };
}

/** The 1-based line of each index (ascending), in one pass over the content. */
function linesAt(content: string, indexes: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const index of indexes) {
    for (let nl = content.indexOf('\n', from); nl !== -1 && nl < index; nl = content.indexOf('\n', nl + 1)) {
      line++;
      from = nl + 1;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Replaces the one occurrence of `oldStr` with `newStr`. When `oldStr` is absent as given, its
 * trimmed form is tried (the model often adds stray blank lines); zero or several occurrences are
 * errors naming the lines (the first {@link MAX_LISTED_LINES}). The work is bounded whatever the
 * file: no more occurrences are looked for than can be listed.
 */
export function replaceOnce(content: string, oldStr: string, newStr: string, shown: string): TextEdit {
  const cap = MAX_LISTED_LINES + 1;
  let needle = oldStr;
  let found = occurrences(content, needle, cap);
  if (found.count === 0 && oldStr.trim() !== oldStr && oldStr.trim() !== '') {
    needle = oldStr.trim();
    found = occurrences(content, needle, cap);
  }
  if (found.count === 0) {
    throw editorError(`No replacement was performed, old_str ${quoteClipped(oldStr)} did not appear verbatim in ${shown}.`, ErrorCode.INVALID_ARGUMENTS);
  }
  if (found.count > 1) {
    const lines = [...new Set(linesAt(content, found.starts.slice(0, MAX_LISTED_LINES)))];
    const more = found.count > MAX_LISTED_LINES ? ', and more' : '';
    throw editorError(
      `No replacement was performed. Multiple occurrences of old_str ${quoteClipped(needle)} in lines [${lines.join(', ')}${more}]. Please ensure it is unique.`,
      ErrorCode.INVALID_ARGUMENTS,
    );
  }
  const at = found.starts[0]!;
  return { content: content.slice(0, at) + newStr + content.slice(at + needle.length), line: linesAt(content, [at])[0]! };
}

/** Inserts `newStr` (as whole lines) after line `insertLine`, which must be within [0, number of lines]. */
export function insertAfter(content: string, insertLine: number, newStr: string): TextEdit {
  const lines = linesOf(content);
  if (insertLine < 0 || insertLine > lines.length) {
    throw editorError(
      `Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of allowed values: [0, ${lines.length}]`,
      ErrorCode.INVALID_ARGUMENTS,
    );
  }
  const inserted = newStr.split('\n');
  const next = [...lines.slice(0, insertLine), ...inserted, ...lines.slice(insertLine)];
  const endsWithNewline = content === '' || content.endsWith('\n') || insertLine === lines.length;
  return { content: next.join('\n') + (endsWithNewline ? '\n' : ''), line: insertLine + 1 };
}
