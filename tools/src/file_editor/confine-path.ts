import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { realPathOf, realPathOfAsync } from '@toolwright/sdk/internal';
import { editorError } from './editor-error.js';

/** A path the editor may use. */
export interface ConfinedPath {
  /** The absolute path as given, normalised (`..` resolved lexically). */
  path: string;
  /** The same path with symbolic links resolved (what is read and written). */
  real: string;
}

/** True when `child` is `root` or inside it. */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** `path` with links resolved as far as it exists (the SDK's one helper, {@link realPathOfAsync}). */
export async function realpathAsFarAsExists(path: string): Promise<string> {
  return realPathOfAsync(path);
}

/** The synchronous twin of {@link realpathAsFarAsExists}, for resource keys: `path` taken from `workingDir`. */
export function resourcePathOf(path: string, workingDir: string): string {
  return realPathOf(resolve(workingDir, path));
}

/**
 * Checks that `path` is absolute and inside one of `roots` both as written (after `..`) and after
 * resolving symbolic links; throws an editor error saying what is wrong otherwise.
 */
export async function confinePath(path: string, roots: readonly { path: string; real: string }[], workingDir: string): Promise<ConfinedPath> {
  if (!isAbsolute(path)) {
    throw editorError(`Invalid \`path\` parameter: ${path}. The path should be an absolute path, starting with \`/\`. Maybe you meant ${join(workingDir, path)}?`);
  }
  const normal = resolve(path);
  const allowed = roots.map((r) => r.path).join(', ');
  if (!roots.some((r) => isInside(r.path, normal) || isInside(r.real, normal))) {
    throw editorError(`Invalid \`path\` parameter: ${path}. It is outside the directories this tool may access (${allowed}). Use a path inside them.`);
  }
  const real = await realpathAsFarAsExists(normal);
  if (!roots.some((r) => isInside(r.real, real))) {
    throw editorError(
      `Invalid \`path\` parameter: ${path}. It resolves through a symbolic link to ${real}, which is outside the directories this tool may access (${allowed}). Use a path inside them.`,
    );
  }
  return { path: normal, real };
}
