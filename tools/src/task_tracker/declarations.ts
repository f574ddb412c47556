import { IsArray, IsIn, IsString, ValidateNested } from '../shared/validation-decorators.js';
import { Action, Field, Observation } from '@toolwright/sdk';

/** The states a task can be in. */
export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
/** One of {@link TASK_STATUSES}. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The commands of `task_tracker`. */
export const TASK_TRACKER_COMMANDS = ['view', 'plan'] as const;
/** One of {@link TASK_TRACKER_COMMANDS}. */
export type TaskTrackerCommand = (typeof TASK_TRACKER_COMMANDS)[number];

/** One task of the list. */
export class TaskItem {
  @Field({ description: 'A short title for the task.' })
  @IsString()
  title!: string;

  @Field({ description: 'Details or notes about the task.', default: '' })
  @IsString()
  notes = '';

  @Field({ description: "The task's status: 'todo', 'in_progress' or 'done'.", default: 'todo' })
  @IsIn(TASK_STATUSES)
  status: TaskStatus = 'todo';
}

/** Views or replaces the task list. */
export class TaskTrackerAction extends Action {
  @Field({
    description: '`view` shows the current task list; `plan` replaces it with `task_list` (always `view` before changing it).',
    default: 'view',
  })
  @IsIn(TASK_TRACKER_COMMANDS)
  command: TaskTrackerCommand = 'view';

  @Field({ name: 'task_list', description: 'The complete task list. Required by `plan`.', default: [], type: () => TaskItem })
  @IsArray()
  @ValidateNested({ each: true })
  taskList: TaskItem[] = [];
}

/** The task list after the command. */
export class TaskTrackerObservation extends Observation {
  @Field({ description: 'The command that ran.' })
  @IsIn(TASK_TRACKER_COMMANDS)
  command!: TaskTrackerCommand;

  @Field({ name: 'task_list', description: 'The current task list.', type: () => TaskItem })
  @IsArray()
  @ValidateNested({ each: true })
  taskList: TaskItem[] = [];
}

/** What the model reads about `task_tracker`. */
export const TASK_TRACKER_DESCRIPTION = [
  'Keeps a structured task list for multi-step work, so progress stays visible to you and the user.',
  '',
  'Use it for work with several steps or parts, when the user asks for a plan, or when requirements arrive in a batch.',
  'Skip it for a single small change or a question that needs no work.',
  '',
  'Statuses: `todo` (not started), `in_progress` (being worked on: keep only one at a time), `done` (fully finished:',
  'never mark a task done while tests fail, the work is partial or errors remain; add new tasks for what you discover).',
  '',
  '`plan` replaces the whole list, so send every task each time; `view` shows the current list.',
].join('\n');
