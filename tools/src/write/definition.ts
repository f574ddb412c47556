import { resolve } from 'node:path';
import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { resourcePathOf } from '../file_editor/confine-path.js';
import { fileToolPermissions } from '../read/file-tool-permissions.js';
import { FileToolParams } from '../read/file-tool-params.js';
import { WriteAction, WriteObservation } from './declarations.js';
import { WriteExecutor } from './impl.js';

/** What the model reads about `write`. */
export const WRITE_DESCRIPTION = [
  'Writes a file to the local file system, creating it or replacing all of its content.',
  '* `file_path` must be an absolute path; missing parent directories are created.',
  '* An existing file must have been read with `read` first in this conversation, and not changed since; otherwise the write is refused.',
  '* Prefer `edit` for changes to an existing file: it sends only the part that changes.',
].join('\n');

/** `write`: create or overwrite a file inside the allowed roots. */
@Tool({
  name: 'write',
  description: WRITE_DESCRIPTION,
  params: FileToolParams,
  annotations: { title: 'write', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
})
export class WriteTool extends ToolDefinition<WriteAction, WriteObservation> {
  /** Builds the tool; it shares the conversation's read ledger with `read` and `edit`. */
  static create(convState: ConversationState, params: FileToolParams = new FileToolParams()): WriteTool[] {
    const executor = convState.createExecutor(WriteExecutor, params);
    return [
      new WriteTool({
        permissions: fileToolPermissions<WriteAction>(convState.workingDir, false),
        description: `${WRITE_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`,
        actionType: WriteAction,
        observationType: WriteObservation,
        executor,
        resources: (action) => [`file:${resourcePathOf(resolve(convState.workingDir, action.filePath), convState.workingDir)}`],
      }),
    ];
  }
}
