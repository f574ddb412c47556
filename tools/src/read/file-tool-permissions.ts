import { resolve } from 'node:path';
import type { ToolPermissions } from '@toolwright/sdk/policy';
import { pathPermissions } from '../file_editor/permissions.js';

/**
 * Permissions of `read`, `write` and `edit` (POLICY's path permissions): rules are path globs
 * matched against `file_path` as written and as resolved (`src/**`, `/tmp/**`), suggestions are
 * `dir/**`, a protected file or directory gives a safety ask that holds in every mode, confineWrites
 * denies writes outside the working directories, and acceptEdits allows edits inside them.
 * `read` is read-only.
 */
export function fileToolPermissions<A extends { filePath: string }>(workingDir: string, readOnly: boolean): ToolPermissions<A> {
  return pathPermissions<A>({ workingDir, pathsOf: (action) => [resolve(workingDir, action.filePath)], isReadOnly: () => readOnly });
}
