import type { PermissionMode } from './permission-mode.js';
import type { ProtectedPaths } from './protected-paths.js';

/** What a tool's `checkPermissions` gets besides the Action. */
export interface PermissionContext {
  /** The engine's current mode. */
  readonly mode: PermissionMode;
  /** Absolute directories edits may be auto-allowed in (`acceptEdits`, `dontAsk`); the first is the conversation's working directory. */
  readonly workingDirectories: readonly string[];
  /**
   * The protected paths (absent: the built-in lists; `false`: protection off). A tool that finds
   * a write to one returns a safety ask with `protectedPath` naming the entry, which holds in every
   * mode; with protection off it still asks about dangerous paths, but `bypass` skips that ask.
   */
  readonly protectedPaths?: ProtectedPaths;
  /** True: writes outside the working directories are denied in every mode (`confineWrites`). */
  readonly confineWrites?: boolean;
}
