import { resolve } from 'node:path';
import { ToolwrightError } from '@toolwright/sdk';
import { confinePath, realpathAsFarAsExists } from '../file_editor/confine-path.js';
import type { ConfinedPath } from '../file_editor/confine-path.js';
import { editorError } from '../file_editor/editor-error.js';

/** The directories a file tool may use, resolved once, and the check of one path against them. */
export class FileToolRoots {
  private roots?: Promise<Array<{ path: string; real: string }>>;
  private readonly paths: string[];

  constructor(
    private readonly workingDir: string,
    allowedRoots: readonly string[] | undefined,
  ) {
    this.paths = (allowedRoots ?? [workingDir]).map((root) => resolve(workingDir, root));
  }

  /**
   * `filePath` checked to be absolute and inside the roots, as written and with links resolved
   * (file_editor's rule); the error names the `file_path` parameter.
   */
  async confine(filePath: string): Promise<ConfinedPath> {
    this.roots ??= Promise.all(this.paths.map(async (path) => ({ path, real: await realpathAsFarAsExists(path) })));
    try {
      return await confinePath(filePath, await this.roots, this.workingDir);
    } catch (error) {
      if (ToolwrightError.isInstance(error)) throw editorError(error.message.replace('Invalid `path` parameter', 'Invalid `file_path` parameter'), error.code);
      throw error;
    }
  }
}
