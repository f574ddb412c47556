import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { CONVERSATION_STATE, ErrorCode, Inject, Service } from '@toolwright/sdk';
import type { ConversationState, ToolExecutor } from '@toolwright/sdk';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import type { TaskItem, TaskTrackerAction } from './declarations.js';
import { TASK_STATUSES, TaskTrackerObservation } from './declarations.js';
import { formatTaskList } from './format-task-list.js';
import { taskListProblem } from './task-limits.js';

/** The file, inside the conversation's state directory, that holds the list. */
export const TASKS_FILE = 'TASKS.json';

/** Keeps the task list in memory and in `<stateDir>/TASKS.json`. */
@Service()
export class TaskTrackerExecutor implements ToolExecutor<TaskTrackerAction, TaskTrackerObservation> {
  private tasks?: TaskItem[];
  private readonly file: string;

  constructor(@Inject(CONVERSATION_STATE) state: ConversationState) {
    this.file = join(state.stateDir, TASKS_FILE);
  }

  /** `plan` replaces and saves the list; `view` shows it. */
  async execute(action: TaskTrackerAction): Promise<TaskTrackerObservation> {
    if (action.command === 'plan') {
      const problem = taskListProblem(action.taskList);
      if (problem !== undefined) {
        return Object.assign(TaskTrackerObservation.fromText(problem, { isError: true, errorCode: ErrorCode.INVALID_ARGUMENTS }), { command: 'plan' as const, taskList: await this.load() });
      }
      const tasks = action.taskList.map((t) => ({ title: t.title, notes: t.notes ?? '', status: t.status ?? 'todo' }));
      try {
        await fsp.mkdir(join(this.file, '..'), { recursive: true });
        await writeFileAtomic(this.file, `${JSON.stringify(tasks, null, 2)}\n`);
      } catch (error) {
        const message = `The task list could not be saved to ${this.file}: ${(error as Error).message}. It was not changed.`;
        return Object.assign(TaskTrackerObservation.fromText(message, { isError: true }), { command: 'plan' as const, taskList: await this.load() });
      }
      this.tasks = tasks as TaskItem[];
      const observation = TaskTrackerObservation.fromText(`Task list has been updated with ${tasks.length} item(s).`);
      return Object.assign(observation, { command: 'plan' as const, taskList: this.tasks });
    }
    const tasks = await this.load();
    const text = tasks.length === 0 ? 'No task list found. Use the "plan" command to create one.' : formatTaskList(tasks);
    return Object.assign(TaskTrackerObservation.fromText(text), { command: 'view' as const, taskList: tasks });
  }

  /** The list, read from the state directory on first use (an unreadable file counts as empty). */
  private async load(): Promise<TaskItem[]> {
    if (this.tasks) return this.tasks;
    try {
      const parsed = JSON.parse(await fsp.readFile(this.file, 'utf8')) as unknown;
      this.tasks = Array.isArray(parsed) ? parsed.filter(isTask) : [];
    } catch {
      this.tasks = [];
    }
    return this.tasks;
  }
}

function isTask(value: unknown): value is TaskItem {
  const task = value as Partial<TaskItem> | null;
  return (
    typeof task === 'object' &&
    task !== null &&
    typeof task.title === 'string' &&
    typeof task.notes === 'string' &&
    (TASK_STATUSES as readonly unknown[]).includes(task.status)
  );
}
