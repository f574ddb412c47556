import { isAbsolute, relative, sep } from 'node:path';
import { realPathOf } from './real-path.js';

export { realPathOf } from './real-path.js';

/** True when `child` is `parent` or below it (both absolute, already normalised); `ignoreCase` for a file system that ignores case. */
export function isWithin(child: string, parent: string, ignoreCase = false): boolean {
  const rel = ignoreCase ? relative(parent.toLowerCase(), child.toLowerCase()) : relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * True when `path` (absolute, normalised) lies inside one of `directories` both as written and
 * as resolved: the path as written is inside a directory as configured or as resolved, and the
 * path's real location ({@link realPathOf}: symlinks followed, dangling ones too) is inside a
 * directory's real location. A symlinked working directory counts as itself; a link pointing out
 * of it does not count, and neither does a path written outside that resolves inside.
 */
export function isInsideDirectories(path: string, directories: readonly string[], ignoreCase = false): boolean {
  if (directories.length === 0) return false;
  const realDirs = directories.map(realPathOf);
  const written = directories.some((dir, i) => isWithin(path, dir, ignoreCase) || isWithin(path, realDirs[i]!, ignoreCase));
  if (!written) return false;
  const real = realPathOf(path);
  return realDirs.some((dir) => isWithin(real, dir, ignoreCase));
}
