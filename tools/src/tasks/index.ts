export {
  TASK_UPDATE_STATUSES,
  TaskCreateAction,
  TaskGetAction,
  TaskListAction,
  TaskObservation,
  TaskUpdateAction,
} from './declarations.js';
export type { TaskUpdateStatus } from './declarations.js';
export {
  TASK_CREATE_DESCRIPTION,
  TASK_GET_DESCRIPTION,
  TASK_LIST_DESCRIPTION,
  TASK_UPDATE_DESCRIPTION,
  TaskCreateTool,
  TaskGetTool,
  TaskListTool,
  TaskUpdateTool,
} from './definition.js';
export { formatTask, formatTaskLine } from './format-task.js';
export { TaskCreateExecutor, TaskGetExecutor, TaskListExecutor, TaskUpdateExecutor } from './impl.js';
export { TASK_RECORD_STATUSES } from './task-record.js';
export type { TaskRecord, TaskRecordStatus } from './task-record.js';
export { MAX_TASK_RECORDS, TASK_STORE_FILE, TaskStore } from './task-store.js';
export { taskPermissions } from './task-permissions.js';
