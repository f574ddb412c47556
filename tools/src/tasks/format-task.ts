import type { TaskRecord } from './task-record.js';

const ids = (list: readonly string[]): string => list.map((id) => `#${id}`).join(', ');

/** One line per task, as Claude Code's TaskList writes it: `#1 [in_progress] Run the tests (agent-a) [blocked by #2]`. */
export function formatTaskLine(task: TaskRecord): string {
  const owner = task.owner ? ` (${task.owner})` : '';
  const blocked = task.blockedBy.length > 0 ? ` [blocked by ${ids(task.blockedBy)}]` : '';
  return `#${task.id} [${task.status}] ${task.subject}${owner}${blocked}`;
}

/**
 * A task in full, one field per line: Claude Code's TaskGet lines (task, status, description,
 * blocked by, blocks), then what this store also keeps (owner, active form, metadata).
 */
export function formatTask(task: TaskRecord): string {
  const lines = [`Task #${task.id}: ${task.subject}`, `Status: ${task.status}`, `Description: ${task.description}`];
  if (task.blockedBy.length > 0) lines.push(`Blocked by: ${ids(task.blockedBy)}`);
  if (task.blocks.length > 0) lines.push(`Blocks: ${ids(task.blocks)}`);
  if (task.owner) lines.push(`Owner: ${task.owner}`);
  if (task.activeForm) lines.push(`Active form: ${task.activeForm}`);
  if (Object.keys(task.metadata).length > 0) lines.push(`Metadata: ${JSON.stringify(task.metadata)}`);
  return lines.join('\n');
}
