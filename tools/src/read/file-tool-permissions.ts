import { resolve } from 'node:path';
import type { ToolPermissions } from '@toolwright/sdk';
import { pathPermissions } from '../file_editor/permissions.js';

/**
 * Permissions of `read`, `write` and `edit` (POLICY's path permissions): rules are path globs
 * matched against `file_path` (`src/**`, `/tmp/**`), suggestions are `dir/**`, a dangerous file or
 * directory gives a bypass-immune ask, and acceptEdits allows edits inside the working directories.
 * `read` is read-only.
 */
export function fileToolPermissions<A extends { filePath: string }>(workingDir: string, readOnly: boolean): ToolPermissions<A> {
  return pathPermissions<A>({ workingDir, pathsOf: (action) => [resolve(workingDir, action.filePath)], isReadOnly: () => readOnly });
}
