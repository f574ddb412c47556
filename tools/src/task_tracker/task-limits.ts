import type { TaskItem } from './declarations.js';

/** The most tasks one list holds. */
export const MAX_TASKS = 200;
/** The longest task title, in characters. */
export const MAX_TITLE_CHARS = 1_000;
/** The longest task notes, in characters. */
export const MAX_NOTES_CHARS = 10_000;

/**
 * Why `tasks` cannot be kept (too many, or a title or notes too long), for the model to fix; undefined
 * when they can. The list is saved and shown whole on every `view`, so its size is bounded.
 */
export function taskListProblem(tasks: readonly Pick<TaskItem, 'title' | 'notes'>[]): string | undefined {
  if (tasks.length > MAX_TASKS) return `Invalid \`task_list\`: it has ${tasks.length} tasks; the most it may hold is ${MAX_TASKS}. Merge related tasks, or drop finished ones.`;
  for (const [i, task] of tasks.entries()) {
    if (task.title.length > MAX_TITLE_CHARS) {
      return `Invalid \`task_list[${i}].title\`: it has ${task.title.length} characters; the limit is ${MAX_TITLE_CHARS}. Keep titles short and put details in \`notes\`.`;
    }
    if ((task.notes ?? '').length > MAX_NOTES_CHARS) {
      return `Invalid \`task_list[${i}].notes\`: it has ${task.notes.length} characters; the limit is ${MAX_NOTES_CHARS}. Summarise them.`;
    }
  }
  return undefined;
}
