import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { TaskTrackerExecutor } from './impl.js';
import { TaskTrackerAction, TaskTrackerObservation, TASK_TRACKER_DESCRIPTION } from './declarations.js';

/** `task_tracker`: a task list persisted in the conversation's state directory. */
@Tool({
  name: 'task_tracker',
  description: TASK_TRACKER_DESCRIPTION,
  annotations: { title: 'task_tracker', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class TaskTrackerTool extends ToolDefinition<TaskTrackerAction, TaskTrackerObservation> {
  /** Builds the tool; the list lives in `<stateDir>/TASKS.json`. */
  static create(convState: ConversationState, params?: unknown): TaskTrackerTool[] {
    assertNoParams('task_tracker', params);
    // The executor (a conversation service) is made by the first call: listing builds none.
    const makeExecutor = convState.lazyService(TaskTrackerExecutor);
    return [
      new TaskTrackerTool({
        actionType: TaskTrackerAction,
        observationType: TaskTrackerObservation,
        lazyExecutor: makeExecutor,
        resources: () => ['task_tracker:list'],
      }),
    ];
  }
}
