import { lstatSync } from 'node:fs';
import { realPathOf } from './real-path.js';

const probed = new Map<string, boolean>();

function swapCase(text: string): string {
  let out = '';
  for (const ch of text) {
    const upper = ch.toUpperCase();
    out += ch === upper ? ch.toLowerCase() : upper;
  }
  return out;
}

/**
 * True when the file system holding `dir` ignores case in names (APFS and NTFS by default; ext4
 * does not): probed once per directory by looking the directory up with the case of its path
 * swapped and comparing device and inode. A path without letters, or one that cannot be read,
 * counts as case-sensitive (the stricter comparison for allow rules).
 */
export function fileSystemIgnoresCase(dir: string): boolean {
  let answer = probed.get(dir);
  if (answer !== undefined) return answer;
  answer = false;
  try {
    const real = realPathOf(dir);
    const swapped = swapCase(real);
    if (swapped !== real) {
      const a = lstatSync(real);
      const b = lstatSync(swapped, { throwIfNoEntry: false });
      answer = b !== undefined && a.dev === b.dev && a.ino === b.ino;
    }
  } catch {
    answer = false;
  }
  if (probed.size > 100) probed.clear();
  probed.set(dir, answer);
  return answer;
}
