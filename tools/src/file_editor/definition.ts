import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { resourcePathOf } from './confine-path.js';
import { FileEditorExecutor } from './impl.js';
import { fileEditorPermissions } from './permissions.js';
import { FileEditorParams, FileEditorAction, FileEditorObservation, FILE_EDITOR_DESCRIPTION } from './declarations.js';

/** `file_editor`: view, create, str_replace, insert, undo_edit inside the allowed roots. */
@Tool({
  name: 'file_editor',
  description: FILE_EDITOR_DESCRIPTION,
  params: FileEditorParams,
  annotations: { title: 'file_editor', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
})
export class FileEditorTool extends ToolDefinition<FileEditorAction, FileEditorObservation> {
  /** Builds the tool; the executor (and its undo history) is the conversation's. */
  static create(convState: ConversationState, params: FileEditorParams = new FileEditorParams()): FileEditorTool[] {
    const executor = convState.createExecutor(FileEditorExecutor, params);
    const description = `${FILE_EDITOR_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`;
    return [
      new FileEditorTool({
        description,
        actionType: FileEditorAction,
        observationType: FileEditorObservation,
        executor,
        resources: (action) => [`file:${resourcePathOf(action.path, convState.workingDir)}`],
        permissions: fileEditorPermissions(convState.workingDir),
      }),
    ];
  }
}
