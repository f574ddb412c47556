import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { FinishExecutor } from './impl.js';
import { FinishAction, FinishObservation, FINISH_DESCRIPTION } from './declarations.js';

/** `finish`: ends the task with a message (read-only, no params). */
@Tool({
  name: 'finish',
  description: FINISH_DESCRIPTION,
  annotations: { title: 'finish', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class FinishTool extends ToolDefinition<FinishAction, FinishObservation> {
  /** Builds the tool; `finish` takes no params. */
  static create(convState: ConversationState, params?: unknown): FinishTool[] {
    assertNoParams('finish', params);
    // The executor (a conversation service) is made by the first call: listing builds none.
    return [new FinishTool({ actionType: FinishAction, observationType: FinishObservation, lazyExecutor: convState.lazyService(FinishExecutor) })];
  }
}
