export { TASK_STATUSES, TASK_TRACKER_COMMANDS, TASK_TRACKER_DESCRIPTION, TaskItem, TaskTrackerAction, TaskTrackerObservation } from './declarations.js';
export { TaskTrackerTool } from './definition.js';
export type { TaskStatus, TaskTrackerCommand } from './declarations.js';
export { formatTaskList } from './format-task-list.js';
export { TASKS_FILE, TaskTrackerExecutor } from './impl.js';
export { MAX_NOTES_CHARS, MAX_TASKS, MAX_TITLE_CHARS, taskListProblem } from './task-limits.js';
