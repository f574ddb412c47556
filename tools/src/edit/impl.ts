import { stat } from 'node:fs/promises';
import { ErrorCode } from '@toolwright/sdk';
import type { ToolExecutor } from '@toolwright/sdk';
import type { ConfinedPath } from '../file_editor/confine-path.js';
import { editorError } from '../file_editor/editor-error.js';
import { checkNewContentSize, linesOf, readText } from '../file_editor/file-content.js';
import { FileToolExecutor } from '../read/file-tool-executor.js';
import { assertReadBeforeWrite } from '../read/read-before-write.js';
import { fileEditLock } from '../shared/keyed-lock.js';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import type { EditAction } from './declarations.js';
import { EditObservation } from './declarations.js';
import { countOccurrences, replaceExact } from './replace-exact.js';

/** Lines of context shown around an edit. */
export const EDIT_SNIPPET_LINES = 4;

/** Replaces exact text in files inside the allowed roots: atomically, one writer per file, only in files read and unchanged since. */
export class EditExecutor extends FileToolExecutor implements ToolExecutor<EditAction, EditObservation> {
  /** Makes the edit; a failure is thrown, worded for the model, and the error funnel makes it an error Observation (`fromError` of its Observation class). */
  async execute(action: EditAction): Promise<EditObservation> {
    if (action.oldString === '') throw editorError('Invalid `old_string` parameter: it is empty. Give the exact text to replace (use write to create a file).', ErrorCode.INVALID_ARGUMENTS);
    if (action.oldString === action.newString) throw editorError('No changes to make: old_string and new_string are exactly the same.', ErrorCode.INVALID_ARGUMENTS);
    const target = await this.roots.confine(action.filePath);
    return await fileEditLock.run(target.real, () => this.edit(target, action));
  }

  private async edit(target: ConfinedPath, action: EditAction): Promise<EditObservation> {
    const existing = await stat(target.real).catch(() => undefined);
    if (!existing) throw editorError(`The file ${target.path} does not exist. Use write to create it.`);
    await assertReadBeforeWrite(this.ledger, target.real, target.path, 'edit');
    const text = await readText(target.real, target.path, this.maxBytes);
    const count = countOccurrences(text, action.oldString);
    if (count === 0) {
      throw editorError(`old_string was not found in ${target.path}. It must match the file exactly, whitespace and indentation included; read the file again to see its current text.`);
    }
    if (count > 1 && !action.replaceAll) {
      throw editorError(`old_string appears ${count} times in ${target.path}. Set replace_all=true to replace every occurrence, or add surrounding lines to old_string so that it matches exactly one place.`);
    }
    const result = replaceExact(text, action.oldString, action.newString, action.replaceAll);
    checkNewContentSize(result.text, target.path, this.maxBytes);
    await writeFileAtomic(target.real, result.text);
    await this.ledger.record(target.real);
    const message = `The file ${target.path} has been edited (${result.count} replacement${result.count === 1 ? '' : 's'}). A snippet of the result:\n${snippet(result.text, result.firstIndex, action.newString)}`;
    return Object.assign(EditObservation.fromText(message), { filePath: target.path, replacements: result.count });
  }
}

/** The lines around the first replacement, numbered like `read` shows them. */
function snippet(text: string, index: number, inserted: string): string {
  const lines = linesOf(text);
  const startLine = text.slice(0, index).split('\n').length;
  const endLine = startLine + inserted.split('\n').length - 1;
  const from = Math.max(1, startLine - EDIT_SNIPPET_LINES);
  const to = Math.min(lines.length, endLine + EDIT_SNIPPET_LINES);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${String(n).padStart(6)}\t${lines[n - 1]!.slice(0, 2000)}`);
  return out.join('\n');
}
