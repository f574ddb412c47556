import { lstatSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

/** True when looking `name` up in `dir` with its case swapped finds the same entry (same device and inode, links not followed). */
function sameEntryWithCaseSwapped(dir: string, name: string, names: ReadonlySet<string>): boolean | undefined {
  const swapped = swapCase(name);
  if (swapped === name || names.has(swapped)) return undefined;
  const a = lstatSync(join(dir, name));
  const b = lstatSync(join(dir, swapped), { throwIfNoEntry: false });
  return b !== undefined && a.dev === b.dev && a.ino === b.ino;
}

/**
 * True when the file system holding `dir` ignores case in names (APFS and NTFS by default; ext4
 * does not). Probed once per directory: an entry of the directory (the file system its paths live
 * on) is looked up with its case swapped, and found again (same device and inode) only where case
 * is ignored; a directory without such an entry probes its own name in its parent. A directory
 * that cannot be read, or has no name with letters, counts as case-sensitive (the stricter
 * comparison for allow rules).
 */
export function fileSystemIgnoresCase(dir: string): boolean {
  let answer = probed.get(dir);
  if (answer !== undefined) return answer;
  answer = false;
  try {
    const real = realPathOf(dir);
    const entries = readdirSync(real);
    const names = new Set(entries);
    // Two names differing only in case can only live side by side where case matters.
    const twins = entries.some((name) => swapCase(name) !== name && names.has(swapCase(name)));
    const inside = twins ? undefined : entries.find((name) => swapCase(name) !== name);
    if (twins) answer = false;
    else if (inside !== undefined) answer = sameEntryWithCaseSwapped(real, inside, names) ?? false;
    else if (dirname(real) !== real) answer = sameEntryWithCaseSwapped(dirname(real), basename(real), new Set(readdirSync(dirname(real)))) ?? false;
  } catch {
    answer = false;
  }
  if (probed.size > 100) probed.clear();
  probed.set(dir, answer);
  return answer;
}
