import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { assertNoParams } from '../shared/no-params.js';
import { TaskCreateAction, TaskGetAction, TaskListAction, TaskObservation, TaskUpdateAction } from './declarations.js';
import { TaskCreateExecutor, TaskGetExecutor, TaskListExecutor, TaskUpdateExecutor } from './impl.js';
import { taskPermissions } from './task-permissions.js';

/** The resource every task call touches (calls on the store run one at a time). */
const TASKS_RESOURCE = (): string[] => ['tasks:store'];

/** What the model reads about `task_create`. */
export const TASK_CREATE_DESCRIPTION = [
  'Creates a task in this conversation\'s task list, to plan and track work with several steps.',
  'New tasks are `pending`; move them with task_update: pending → in_progress (when you start) → completed (only when fully done).',
  'Use it for multi-step work or when the user gives several things to do; skip it for a single small change.',
].join('\n');

/** `task_create`: a new pending task. */
@Tool({ name: 'task_create', description: TASK_CREATE_DESCRIPTION, annotations: { title: 'task_create', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } })
export class TaskCreateTool extends ToolDefinition<TaskCreateAction, TaskObservation> {
  /** Builds the tool on the conversation's task store. */
  static create(convState: ConversationState, params?: unknown): TaskCreateTool[] {
    assertNoParams('task_create', params);
    return [
      new TaskCreateTool({
        permissions: taskPermissions<TaskCreateAction>(false),
        actionType: TaskCreateAction,
        observationType: TaskObservation,
        executor: convState.getService(TaskCreateExecutor),
        resources: TASKS_RESOURCE,
      }),
    ];
  }
}

/** What the model reads about `task_get`. */
export const TASK_GET_DESCRIPTION = 'Shows one task in full: subject, status, owner, description, what blocks it and what it blocks, metadata.';

/** `task_get`: one task in full. */
@Tool({ name: 'task_get', description: TASK_GET_DESCRIPTION, annotations: { title: 'task_get', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } })
export class TaskGetTool extends ToolDefinition<TaskGetAction, TaskObservation> {
  /** Builds the tool on the conversation's task store. */
  static create(convState: ConversationState, params?: unknown): TaskGetTool[] {
    assertNoParams('task_get', params);
    return [
      new TaskGetTool({
        permissions: taskPermissions<TaskGetAction>(true),
        actionType: TaskGetAction,
        observationType: TaskObservation,
        executor: convState.getService(TaskGetExecutor),
        resources: TASKS_RESOURCE,
      }),
    ];
  }
}

/** What the model reads about `task_list`. */
export const TASK_LIST_DESCRIPTION = 'Lists every task of this conversation, one line each: id, status, subject, owner, and the tasks it waits for.';

/** `task_list`: every task, one line each. */
@Tool({ name: 'task_list', description: TASK_LIST_DESCRIPTION, annotations: { title: 'task_list', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } })
export class TaskListTool extends ToolDefinition<TaskListAction, TaskObservation> {
  /** Builds the tool on the conversation's task store. */
  static create(convState: ConversationState, params?: unknown): TaskListTool[] {
    assertNoParams('task_list', params);
    return [
      new TaskListTool({
        permissions: taskPermissions<TaskListAction>(true),
        actionType: TaskListAction,
        observationType: TaskObservation,
        executor: convState.getService(TaskListExecutor),
        resources: TASKS_RESOURCE,
      }),
    ];
  }
}

/** What the model reads about `task_update`. */
export const TASK_UPDATE_DESCRIPTION = [
  'Changes a task: status (pending → in_progress → completed, or `deleted` to remove it and its links), subject, description, active form, owner, metadata.',
  '`addBlocks` / `addBlockedBy` link tasks; both sides are kept in step. Mark a task completed only when it is fully done.',
].join('\n');

/** `task_update`: fields, status and links of a task. */
@Tool({ name: 'task_update', description: TASK_UPDATE_DESCRIPTION, annotations: { title: 'task_update', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } })
export class TaskUpdateTool extends ToolDefinition<TaskUpdateAction, TaskObservation> {
  /** Builds the tool on the conversation's task store. */
  static create(convState: ConversationState, params?: unknown): TaskUpdateTool[] {
    assertNoParams('task_update', params);
    return [
      new TaskUpdateTool({
        permissions: taskPermissions<TaskUpdateAction>(false),
        actionType: TaskUpdateAction,
        observationType: TaskObservation,
        executor: convState.getService(TaskUpdateExecutor),
        resources: TASKS_RESOURCE,
      }),
    ];
  }
}
