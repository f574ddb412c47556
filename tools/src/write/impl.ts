import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ToolExecutor } from '@toolwright/sdk';
import type { ConfinedPath } from '../file_editor/confine-path.js';
import { editorError } from '../file_editor/editor-error.js';
import { checkNewContentSize } from '../file_editor/file-content.js';
import { FileToolExecutor } from '../read/file-tool-executor.js';
import { assertReadBeforeWrite } from '../read/read-before-write.js';
import { fileEditLock } from '../shared/keyed-lock.js';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import type { WriteAction } from './declarations.js';
import { WriteObservation } from './declarations.js';

/** Writes whole files inside the allowed roots: atomically, one writer per file, never over an unread or changed file. */
export class WriteExecutor extends FileToolExecutor implements ToolExecutor<WriteAction, WriteObservation> {
  /** Writes the file; a failure is thrown, worded for the model, and the error funnel makes it an error Observation (`fromError` of its Observation class). */
  async execute(action: WriteAction): Promise<WriteObservation> {
    const target = await this.roots.confine(action.filePath);
    checkNewContentSize(action.content, target.path, this.maxBytes);
    return await fileEditLock.run(target.real, () => this.write(target, action.content));
  }

  private async write(target: ConfinedPath, content: string): Promise<WriteObservation> {
    const existing = await stat(target.real).catch(() => undefined);
    if (existing && !existing.isFile()) {
      throw editorError(`Invalid \`file_path\` parameter: ${target.path} is ${existing.isDirectory() ? 'a directory' : 'not a regular file'}; write only creates or overwrites regular files.`);
    }
    if (existing) await assertReadBeforeWrite(this.ledger, target.real, target.path, 'write');
    else await mkdir(dirname(target.real), { recursive: true });
    await writeFileAtomic(target.real, content);
    await this.ledger.record(target.real);
    const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
    const text = existing ? `The file ${target.path} has been overwritten (${lines} line${lines === 1 ? '' : 's'}).` : `File created successfully at: ${target.path} (${lines} line${lines === 1 ? '' : 's'}).`;
    return Object.assign(WriteObservation.fromText(text), { filePath: target.path, created: !existing });
  }
}
