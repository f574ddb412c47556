import { isAbsolute, relative, sep } from 'node:path';

/** True when `child` is `root` or inside it (lexically). */
export function isInsideDir(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
