import { resolve } from 'node:path';
import picomatch from 'picomatch';
import type { ShellWord } from './shell-word.js';

/** The dangerous files and directories one check uses (the built-in lists plus additions). */
export interface DangerousPathLists {
  files: readonly string[];
  directories: readonly string[];
}

/**
 * The dangerous file or directory entry `path` touches, or undefined. File entries with a slash
 * (`.ssh/config`) match the end of the path; the others match the basename; directory entries
 * match any segment. All comparisons ignore case; a glob (`.env*`) is matched as a pattern.
 */
export function dangerousEntryOf(path: string, lists: DangerousPathLists, glob = false): string | undefined {
  const lower = path.toLowerCase();
  const segments = lower.split(/[\\/]+/).filter((s) => s !== '');
  const base = segments[segments.length - 1] ?? '';
  const same = (pattern: string, name: string): boolean => (glob ? picomatch.isMatch(name, pattern, { dot: false, nocase: true }) : pattern === name);
  for (const entry of lists.files) {
    const e = entry.toLowerCase();
    if (e.includes('/')) {
      const tail = segments.slice(-e.split('/').length).join('/');
      if (glob ? picomatch.isMatch(e, tail, { dot: false, nocase: true }) : tail === e) return entry;
    } else if (same(base, e)) return entry;
  }
  for (const entry of lists.directories) {
    const e = entry.toLowerCase();
    if (segments.some((s) => same(s, e))) return entry;
  }
  return undefined;
}

/** The first target that touches a dangerous file or directory, with the entry it matched. */
export function dangerousTarget(targets: readonly ShellWord[], cwd: string | undefined, lists: DangerousPathLists): { path: string; entry: string } | undefined {
  for (const target of targets) {
    if (target.dynamic) continue;
    const entry = dangerousEntryOf(cwd === undefined ? target.value : resolve(cwd, target.value), lists, target.glob);
    if (entry) return { path: target.value, entry };
  }
  return undefined;
}
