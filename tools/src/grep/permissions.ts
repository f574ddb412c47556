import { resolve } from 'node:path';
import type { ToolPermissions } from '@toolwright/sdk/policy';
import { pathPermissions } from '../file_editor/permissions.js';
import type { GrepAction } from './declarations.js';

/**
 * `grep`'s permissions: always read-only; a path rule matches the searched directory or the
 * `include` glob under it, so a deny rule on a directory keeps grep out of it.
 */
export function grepPermissions(workingDir: string): ToolPermissions<GrepAction> {
  return pathPermissions<GrepAction>({
    workingDir,
    pathsOf: (action) => {
      const dir = resolve(workingDir, action.path ?? workingDir);
      return action.include ? [dir, resolve(dir, action.include)] : [dir];
    },
    isReadOnly: () => true,
  });
}
