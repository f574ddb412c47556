import { resolve } from 'node:path';
import type { ToolPermissions } from '@toolwright/sdk/policy';
import { pathPermissions } from '../file_editor/permissions.js';
import type { GlobAction } from './declarations.js';

/**
 * `glob`'s permissions: always read-only; a path rule (`src/**`, `/etc/**`) matches the searched
 * directory or the pattern under it, so a deny rule on a directory keeps glob out of it.
 */
export function globPermissions(workingDir: string): ToolPermissions<GlobAction> {
  return pathPermissions<GlobAction>({
    workingDir,
    pathsOf: (action) => {
      const dir = resolve(workingDir, action.path ?? workingDir);
      return [dir, resolve(dir, action.pattern)];
    },
    isReadOnly: () => true,
  });
}
