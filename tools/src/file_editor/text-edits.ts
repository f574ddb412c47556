import { ErrorCode } from '@toolwright/sdk';
import { editorError } from './editor-error.js';
import { linesOf } from './file-content.js';

/** The result of a text edit. */
export interface TextEdit {
  /** The new file content. */
  content: string;
  /** First line (1-based) of the edited region. */
  line: number;
}

/** Start indexes of `needle` in `content`; an empty needle would match everywhere, so it is refused. */
function occurrences(content: string, needle: string): number[] {
  if (needle === '') throw editorError('Invalid `old_str` parameter: it must not be empty.', ErrorCode.INVALID_ARGUMENTS);
  const found: number[] = [];
  for (let at = content.indexOf(needle); at !== -1; at = content.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function lineAt(content: string, index: number): number {
  let line = 1;
  for (let i = content.indexOf('\n'); i !== -1 && i < index; i = content.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Replaces the one occurrence of `oldStr` with `newStr`. When `oldStr` is absent as given, its
 * trimmed form is tried (the model often adds stray blank lines); zero or several occurrences are
 * errors naming the lines.
 */
export function replaceOnce(content: string, oldStr: string, newStr: string, shown: string): TextEdit {
  let needle = oldStr;
  let found = occurrences(content, needle);
  if (found.length === 0 && oldStr.trim() !== oldStr && oldStr.trim() !== '') {
    needle = oldStr.trim();
    found = occurrences(content, needle);
  }
  if (found.length === 0) {
    throw editorError(`No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${shown}.`, ErrorCode.INVALID_ARGUMENTS);
  }
  if (found.length > 1) {
    const lines = [...new Set(found.map((i) => lineAt(content, i)))];
    throw editorError(
      `No replacement was performed. Multiple occurrences of old_str \`${needle}\` in lines [${lines.join(', ')}]. Please ensure it is unique.`,
      ErrorCode.INVALID_ARGUMENTS,
    );
  }
  const at = found[0]!;
  return { content: content.slice(0, at) + newStr + content.slice(at + needle.length), line: lineAt(content, at) };
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
