import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, MaxLength, MinLength } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';
import { TASK_RECORD_STATUSES } from './task-record.js';
import type { TaskRecord, TaskRecordStatus } from './task-record.js';

/** The statuses `task_update` accepts: the task statuses plus `deleted`. */
export const TASK_UPDATE_STATUSES = [...TASK_RECORD_STATUSES, 'deleted'] as const;
/** One of {@link TASK_UPDATE_STATUSES}. */
export type TaskUpdateStatus = TaskRecordStatus | 'deleted';

const METADATA_SCHEMA = { type: 'object', additionalProperties: true } as const;
const IDS_SCHEMA = { type: 'array', items: { type: 'string' } } as const;

/** Creates a task. */
export class TaskCreateAction extends Action {
  @Field({ description: 'A short title in the imperative, e.g. "Run the tests".' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  subject!: string;

  @Field({ description: 'What the task involves and when it is done.' })
  @IsString()
  @MaxLength(20_000)
  description!: string;

  @Field({ description: 'The present-continuous form shown while the task runs, e.g. "Running the tests".' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  activeForm?: string;

  @Field({ description: 'Who works on the task.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  owner?: string;

  @Field({ description: 'Free-form data to attach to the task.', schema: METADATA_SCHEMA })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** Shows one task. */
export class TaskGetAction extends Action {
  @Field({ description: 'The ID of the task to retrieve, e.g. "1".' })
  @IsString()
  taskId!: string;
}

/** Lists the tasks. */
export class TaskListAction extends Action {}

/** Changes a task. */
export class TaskUpdateAction extends Action {
  @Field({ description: 'The ID of the task to update.' })
  @IsString()
  taskId!: string;

  @Field({ description: 'The new status: pending → in_progress → completed; `deleted` removes the task and its links.' })
  @IsOptional()
  @IsIn(TASK_UPDATE_STATUSES)
  status?: TaskUpdateStatus;

  @Field({ description: 'A new title.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  subject?: string;

  @Field({ description: 'A new description.' })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  description?: string;

  @Field({ description: 'A new present-continuous form, shown while the task is in progress (e.g. "Running tests").' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  activeForm?: string;

  @Field({ description: 'A new owner ("" clears it).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  owner?: string;

  @Field({ description: 'IDs of tasks that cannot start before this one is done.', schema: IDS_SCHEMA })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  addBlocks?: string[];

  @Field({ description: 'IDs of tasks that must be done before this one.', schema: IDS_SCHEMA })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  addBlockedBy?: string[];

  @Field({ description: 'Keys to merge into the metadata; a key set to null is removed.', schema: METADATA_SCHEMA })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** The result of a task tool: text for the model, and the task(s) as data. */
export class TaskObservation extends Observation {
  @Field({ description: 'The tasks the call returned or changed (as JSON records).', schema: { type: 'array', items: { type: 'object', additionalProperties: true } } })
  @IsArray()
  tasks: TaskRecord[] = [];

  /** A failed task call: a refusal as worded, anything else (the disk) as `<what> failed: <message>. Nothing was changed.` */
  static override fromError(error: unknown, action?: Action): TaskObservation {
    const what =
      action instanceof TaskCreateAction ? 'Creating the task'
      : action instanceof TaskGetAction ? 'Reading the task'
      : action instanceof TaskListAction ? 'Listing the tasks'
      : action instanceof TaskUpdateAction ? 'Updating the task'
      : 'The task call';
    return TaskObservation.errorOf(error, (message) => `${what} failed: ${message}. Nothing was changed.`);
  }
}
