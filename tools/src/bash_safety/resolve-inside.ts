import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

// The analysis keeps no dependency on @toolwright/sdk (file_editor/confine-path.ts has the async
// twins, but imports the SDK through its error helper), so it loads and runs on its own.

/** True when `child` is `root` or inside it (lexically). */
export function isInsideDir(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The absolute `path` with symbolic links resolved as far as it exists (a new file resolves through its parent). */
export function realpathAsFarAsExistsSync(path: string): string {
  let head = path;
  const tail: string[] = [];
  for (;;) {
    try {
      return join(realpathSync(head), ...tail);
    } catch {
      const parent = dirname(head);
      if (parent === head) return path;
      tail.unshift(basename(head));
      head = parent;
    }
  }
}
