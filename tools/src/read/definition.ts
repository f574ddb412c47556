import { resolve } from 'node:path';
import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { resourcePathOf } from '../file_editor/confine-path.js';
import { fileToolPermissions } from './file-tool-permissions.js';
import { ReadAction, ReadObservation } from './declarations.js';
import { READ_MAX_LINE_CHARS, READ_MAX_LINES } from './declarations.js';
import { FileToolParams } from './file-tool-params.js';
import { ReadExecutor } from './impl.js';

/** What the model reads about `read`. */
export const READ_DESCRIPTION = [
  'Reads a file from the local file system.',
  '* `file_path` must be an absolute path.',
  `* By default it reads up to ${READ_MAX_LINES} lines from the start; for longer files give \`offset\` (a line number) and \`limit\`.`,
  `* Lines are numbered like \`cat -n\` (number, tab, line); lines longer than ${READ_MAX_LINE_CHARS} characters are cut and end in \`[truncated]\`.`,
  '* Images (.png, .jpg, .jpeg, .gif, .webp, .bmp) are returned as images.',
  '* A file must be read before `write` overwrites it or `edit` changes it; read it again after it changed outside these tools.',
].join('\n');

/** `read`: numbered lines of a text file, or an image, inside the allowed roots. */
@Tool({
  name: 'read',
  description: READ_DESCRIPTION,
  params: FileToolParams,
  annotations: { title: 'read', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class ReadTool extends ToolDefinition<ReadAction, ReadObservation> {
  /** Builds the tool; reads are recorded in the conversation's ledger (shared with `write` and `edit`). */
  static create(convState: ConversationState, params: FileToolParams = new FileToolParams()): ReadTool[] {
    const executor = convState.createExecutor(ReadExecutor, params);
    return [
      new ReadTool({
        permissions: fileToolPermissions<ReadAction>(convState.workingDir, true),
        description: `${READ_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`,
        actionType: ReadAction,
        observationType: ReadObservation,
        executor,
        resources: (action) => [`file:${resourcePathOf(resolve(convState.workingDir, action.filePath), convState.workingDir)}`],
      }),
    ];
  }
}
