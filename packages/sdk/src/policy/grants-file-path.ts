import { isAbsolute, join, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { PermissionsConfig } from './policy-options.js';

/** Where "always" answers persist by default: the project's grants file, or the conversation's own. */
export type GrantsScope = 'project' | 'conversation';

/** The scopes {@link GrantsScope} allows. */
export const GRANTS_SCOPES: readonly GrantsScope[] = ['project', 'conversation'];

/** The directories a grants file may live in. */
export interface GrantsPlace {
  /** Relative `grantsFile` paths are resolved against it; the project directory when none is given. */
  workingDir: string;
  /** The conversation's state directory (`grantsScope: 'conversation'`). */
  stateDir: string;
  /** The project directory: the spec file's directory when there is one (default: `workingDir`). */
  projectDir?: string;
}

/**
 * The grants file of a policy, or undefined for none (`grantsFile: false`): `grantsFile` when
 * given, else by `grantsScope` — `project` (the default): `<projectDir>/.toolwright/permissions.json`,
 * shared by every conversation of the project; `conversation`: `<stateDir>/permissions.json`.
 * Throws `INVALID_SPEC` for a scope that is neither.
 */
export function grantsFilePath(options: Pick<PermissionsConfig, 'grantsFile' | 'grantsScope'>, place: GrantsPlace): string | undefined {
  const scope = options.grantsScope ?? 'project';
  if (!GRANTS_SCOPES.includes(scope)) {
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `permissions.grantsScope: expected ${GRANTS_SCOPES.map((s) => `'${s}'`).join(' or ')}, got ${JSON.stringify(scope)}.`,
      details: { path: 'permissions.grantsScope' },
    });
  }
  if (options.grantsFile === false) return undefined;
  if (options.grantsFile !== undefined) return isAbsolute(options.grantsFile) ? options.grantsFile : resolve(place.workingDir, options.grantsFile);
  return scope === 'conversation' ? join(place.stateDir, 'permissions.json') : join(place.projectDir ?? place.workingDir, '.toolwright', 'permissions.json');
}
