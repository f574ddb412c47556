import type { PermissionMode } from './permission-mode.js';

/** What a tool's `checkPermissions` gets besides the Action. */
export interface PermissionContext {
  /** The engine's current mode. */
  readonly mode: PermissionMode;
  /** Absolute directories edits may be auto-allowed in (`acceptEdits`, `dontAsk`); the first is the conversation's working directory. */
  readonly workingDirectories: readonly string[];
}
