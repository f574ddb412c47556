import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { ThinkExecutor } from './impl.js';
import { ThinkAction, ThinkObservation, THINK_DESCRIPTION } from './declarations.js';

/** `think`: logs a thought (read-only, no params). */
@Tool({
  name: 'think',
  description: THINK_DESCRIPTION,
  annotations: { title: 'think', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class ThinkTool extends ToolDefinition<ThinkAction, ThinkObservation> {
  /** Builds the tool; `think` takes no params. */
  static create(convState: ConversationState, params?: unknown): ThinkTool[] {
    assertNoParams('think', params);
    // The executor (a conversation service) is made by the first call: listing builds none.
    return [new ThinkTool({ actionType: ThinkAction, observationType: ThinkObservation, lazyExecutor: convState.lazyService(ThinkExecutor) })];
  }
}
