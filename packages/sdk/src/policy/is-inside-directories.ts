import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** `path` with symlinks resolved; for a path that does not exist yet, its nearest existing ancestor is resolved. */
export function realPathOf(path: string): string {
  let current = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(current);
      return rest.length === 0 ? real : resolve(real, ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return resolve(path);
      rest.push(basename(current));
      current = parent;
    }
  }
}

/** True when `child` is `parent` or below it (both absolute, already normalised). */
export function isWithin(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * True when `path` lies inside one of `directories`, compared after resolving symlinks on both
 * sides (a symlinked working directory counts as itself; a symlink pointing out does not count).
 */
export function isInsideDirectories(path: string, directories: readonly string[]): boolean {
  if (directories.length === 0) return false;
  const real = realPathOf(path);
  return directories.some((dir) => isWithin(real, realPathOf(dir)));
}
