import { editorError } from '../file_editor/editor-error.js';
import type { ReadLedger } from './read-ledger.js';

/**
 * Throws the error the model can act on when `realPath` (shown as `shown`) may not be changed yet:
 * never read in this conversation, or changed since it was last read.
 */
export async function assertReadBeforeWrite(ledger: ReadLedger, realPath: string, shown: string, verb: 'write' | 'edit'): Promise<void> {
  const state = await ledger.state(realPath);
  if (state === 'unread') {
    throw editorError(
      verb === 'write'
        ? `The file ${shown} exists but has not been read yet. You must read the file first (with the read tool) before writing to it, so that no content you have not seen is overwritten.`
        : `To edit a file, you must first read it using the read tool: ${shown} has not been read in this conversation.`,
    );
  }
  if (state === 'changed') {
    throw editorError(`The file ${shown} has changed since it was last read (its modification time or size differ). Read it again with the read tool before you ${verb} it.`);
  }
}
