import { isAbsolute, relative, sep } from 'node:path';
import { realPathOf } from '@toolwright/sdk/internal';

/** True when `child` is `root` or inside it (lexically). */
export function isInsideDir(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The absolute `path` with symbolic links resolved as far as it exists (the SDK's one helper, `realPathOf`). */
export function realpathAsFarAsExistsSync(path: string): string {
  return realPathOf(path);
}
