import { resolve } from 'node:path';
import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { resourcePathOf } from '../file_editor/confine-path.js';
import { fileToolPermissions } from '../read/file-tool-permissions.js';
import { FileToolParams } from '../read/file-tool-params.js';
import { EditAction, EditObservation } from './declarations.js';
import { EditExecutor } from './impl.js';

/** What the model reads about `edit`. */
export const EDIT_DESCRIPTION = [
  'Replaces exact text in a file.',
  '* `file_path` must be an absolute path of a file you have read with `read` in this conversation (and that has not changed since).',
  '* `old_string` must match the file exactly, whitespace and indentation included (do not copy the line-number prefix `read` shows).',
  '* By default `old_string` must occur exactly once: add surrounding lines to make it unique, or set `replace_all` to change every occurrence (e.g. to rename a variable).',
  '* `new_string` must differ from `old_string`. Edits of one file one after another work without reading it again.',
].join('\n');

/** `edit`: exact string replacement inside the allowed roots. */
@Tool({
  name: 'edit',
  description: EDIT_DESCRIPTION,
  params: FileToolParams,
  annotations: { title: 'edit', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
})
export class EditTool extends ToolDefinition<EditAction, EditObservation> {
  /** Builds the tool; it shares the conversation's read ledger with `read` and `write`. */
  static create(convState: ConversationState, params: FileToolParams = new FileToolParams()): EditTool[] {
    const executor = convState.createExecutor(EditExecutor, params);
    return [
      new EditTool({
        permissions: fileToolPermissions<EditAction>(convState.workingDir, false),
        description: `${EDIT_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`,
        actionType: EditAction,
        observationType: EditObservation,
        executor,
        resources: (action) => [`file:${resourcePathOf(resolve(convState.workingDir, action.filePath), convState.workingDir)}`],
      }),
    ];
  }
}
