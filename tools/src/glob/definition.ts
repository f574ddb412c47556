import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { GlobExecutor } from './impl.js';
import { globPermissions } from './permissions.js';
import { GlobAction, GlobObservation, GLOB_DESCRIPTION } from './declarations.js';

/** `glob`: files matching a pattern, newest first. */
@Tool({
  name: 'glob',
  description: GLOB_DESCRIPTION,
  annotations: { title: 'glob', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class GlobTool extends ToolDefinition<GlobAction, GlobObservation> {
  /** Builds the tool; `glob` takes no params. */
  static create(convState: ConversationState, params?: unknown): GlobTool[] {
    assertNoParams('glob', params);
    // The executor (a conversation service) is made by the first call: listing builds none.
    const makeExecutor = convState.lazyService(GlobExecutor);
    const description = `${GLOB_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`;
    return [new GlobTool({ description, actionType: GlobAction, observationType: GlobObservation, lazyExecutor: makeExecutor, permissions: globPermissions(convState.workingDir) })];
  }
}
