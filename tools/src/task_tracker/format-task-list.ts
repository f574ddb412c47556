import type { TaskItem } from './declarations.js';

const ICONS: Record<string, string> = { todo: '⏳', in_progress: '🔄', done: '✅' };

/** The task list as the model reads it: a numbered list with status icons and notes. */
export function formatTaskList(tasks: readonly Pick<TaskItem, 'title' | 'notes' | 'status'>[]): string {
  const lines = ['# Task List', ''];
  tasks.forEach((task, i) => {
    lines.push(`${i + 1}. ${ICONS[task.status] ?? ICONS.todo} ${task.title} [${task.status}]`);
    if (task.notes) lines.push(`   ${task.notes}`);
  });
  return lines.join('\n');
}
