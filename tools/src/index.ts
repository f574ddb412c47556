// web-tree-sitter's declarations (reached from this package's) name EmscriptenModule without a
// reference to its types: this keeps a user's `tsc` (skipLibCheck off, `types` not listing it) whole.
/// <reference types="emscripten" preserve="true" />
/**
 * @toolwright/tools — the built-in tools. Importing this module registers nothing;
 * `registerBuiltinTools(registry?)` adds them to a registry (default: `defaultRegistry`).
 */
export { BUILTIN_PRESETS, BUILTIN_TOOL_NAMES, isBuiltinPreset, registerBuiltinTools } from './register-builtin-tools.js';
export type { BuiltinPreset, RegisterBuiltinToolsOptions } from './register-builtin-tools.js';
export {
  FILE_EDITOR_COMMANDS,
  FILE_EDITOR_DESCRIPTION,
  FileEditorAction,
  FileEditorExecutor,
  FileEditorObservation,
  FileEditorParams,
  FileEditorTool,
  MAX_HISTORY_PER_FILE,
  MAX_QUOTED_CHARS,
  MAX_RESPONSE_CHARS,
} from './file_editor/index.js';
export type { FileEditorCommand } from './file_editor/index.js';
export { FINISH_DESCRIPTION, FinishAction, FinishExecutor, FinishObservation, FinishTool } from './finish/index.js';
export { GLOB_DESCRIPTION, GLOB_MAX_RESULTS, GlobAction, GlobExecutor, GlobObservation, GlobTool } from './glob/index.js';
export { GREP_BACKENDS, GREP_DESCRIPTION, GREP_MAX_RESULTS, GrepAction, GrepExecutor, GrepObservation, GrepParams, GrepTool } from './grep/index.js';
export type { GrepBackend } from './grep/index.js';
export {
  formatTaskList,
  MAX_NOTES_CHARS,
  MAX_TASKS,
  MAX_TITLE_CHARS,
  TASK_STATUSES,
  TASK_TRACKER_COMMANDS,
  TASK_TRACKER_DESCRIPTION,
  TASKS_FILE,
  TaskItem,
  TaskTrackerAction,
  TaskTrackerExecutor,
  TaskTrackerObservation,
  TaskTrackerTool,
} from './task_tracker/index.js';
export type { TaskStatus, TaskTrackerCommand } from './task_tracker/index.js';
export { pidNamespacePrefix, SESSION_MARKER_VARIABLE } from './terminal/index.js';
export {
  MAX_OUTPUT_CHARS,
  TERMINAL_DESCRIPTION,
  TerminalAction,
  TerminalExecutor,
  TerminalObservation,
  TerminalParams,
  TerminalTool,
} from './terminal/index.js';
export { THINK_DESCRIPTION, ThinkAction, ThinkExecutor, ThinkObservation, ThinkTool } from './think/index.js';
export { MAX_SAVED_OUTPUTS, truncateMiddle } from './shared/truncate-middle.js';
export { MATCH_TIME_LIMIT_MS, MAX_PATTERN_CHARS } from './shared/pattern-limits.js';
export { RegexWorkerPool, regexWorkers } from './shared/regex-worker-pool.js';
export type { RegexWorkerOp, RegexWorkerPoolOptions } from './shared/regex-worker-pool.js';
export type { TruncateMiddleOptions, TruncateMiddleResult } from './shared/truncate-middle.js';
export { writeFileAtomic } from './shared/write-file-atomic.js';
export type { AtomicWriteFs, ExistingFileInfo, WriteMethod } from './shared/write-file-atomic.js';
export { fileEditLock, KeyedLock } from './shared/keyed-lock.js';
export { readRegularFile } from './shared/read-regular-file.js';
export type { FileType, RegularFileRead } from './shared/read-regular-file.js';
// Claude-Code-style tools and the bash safety analysis (BUILTINS)
export { BASH_DESCRIPTION, BashParams, BashTool } from './bash/index.js';
export {
  BashSafety,
  bashCoveredByAllowRules,
  bashRuleMatchesAny,
  bashRuleMatchesText,
  bashToolPermissions,
  loadBashParser,
  MAX_BASH_SUGGESTIONS,
  suggestBashRules,
} from './bash_safety/index.js';
export type { BashAnalysis, BashCommandContext, BashPermissionMode, BashSafetyOptions, BashSafetyStep, BashToolPermissionsOptions, BashVerdict, ShellRedirect, ShellWord, SimpleCommand } from './bash_safety/index.js';
export { EDIT_DESCRIPTION, EditAction, EditExecutor, EditObservation, EditTool } from './edit/index.js';
export { FileToolParams, fileToolPermissions, READ_DESCRIPTION, READ_MAX_LINE_CHARS, READ_MAX_LINES, ReadAction, ReadExecutor, ReadLedger, ReadObservation, ReadTool } from './read/index.js';
export {
  TASK_CREATE_DESCRIPTION,
  TASK_GET_DESCRIPTION,
  TASK_LIST_DESCRIPTION,
  TASK_RECORD_STATUSES,
  TASK_STORE_FILE,
  TASK_UPDATE_DESCRIPTION,
  TASK_UPDATE_STATUSES,
  TaskCreateAction,
  TaskCreateTool,
  TaskGetAction,
  TaskGetTool,
  TaskListAction,
  TaskListTool,
  TaskObservation,
  taskPermissions,
  TaskStore,
  TaskUpdateAction,
  TaskUpdateTool,
} from './tasks/index.js';
export type { TaskRecord, TaskRecordStatus, TaskUpdateStatus } from './tasks/index.js';
export { terminalPermissions } from './terminal/terminal-permissions.js';
export { WRITE_DESCRIPTION, WriteAction, WriteExecutor, WriteObservation, WriteTool } from './write/index.js';
