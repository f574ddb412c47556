import { readdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { picomatch } from '../shared/picomatch-module.js';
import { realPathOf } from '@toolwright/sdk/internal';
import type { ShellWord } from './shell-word.js';

/** Where a path really is (the SDK's `realPathOf`, or a check's memo of it: a check resolves the same paths in several steps). */
export type RealPath = (path: string) => string;

/** The dangerous files and directories one check uses (the built-in lists plus additions). */
export interface DangerousPathLists {
  files: readonly string[];
  directories: readonly string[];
}

/** A list entry with its lower-case segments, split once. */
interface PreparedEntry {
  entry: string;
  lower: string;
  segments: readonly string[];
}

/** The lists' entries split into lower-case segments once per lists object (a check reads them for every target). */
const preparedLists = new WeakMap<DangerousPathLists, { files: readonly PreparedEntry[]; directories: readonly PreparedEntry[] }>();

function prepared(lists: DangerousPathLists): { files: readonly PreparedEntry[]; directories: readonly PreparedEntry[] } {
  let split = preparedLists.get(lists);
  if (!split) {
    // A file entry without a slash is one segment as written (matched against the basename);
    // one with slashes is its segments; a directory entry drops empty segments.
    const files = lists.files.map((entry) => {
      const lower = entry.toLowerCase();
      return { entry, lower, segments: lower.includes('/') ? lower.split('/') : [lower] };
    });
    const directories = lists.directories.map((entry) => {
      const lower = entry.toLowerCase();
      return { entry, lower, segments: lower.split(/[\\/]+/).filter((s) => s !== '') };
    });
    split = { files, directories };
    preparedLists.set(lists, split);
  }
  return split;
}

/** True when `segments` ends with the segments of `tail`. */
function endsWith(segments: readonly string[], tail: readonly string[]): boolean {
  const offset = segments.length - tail.length;
  if (offset < 0) return false;
  for (let i = 0; i < tail.length; i++) if (segments[offset + i] !== tail[i]) return false;
  return true;
}

/**
 * The dangerous file or directory entry `path` touches, or undefined. File entries with a slash
 * (`.ssh/config`) match the end of the path; the others match the basename; a directory entry
 * matches its segments in a row anywhere in the path (`.git`, `.github/workflows`). All
 * comparisons ignore case; a glob (`.env*`) is matched as a pattern.
 */
export function dangerousEntryOf(path: string, lists: DangerousPathLists, glob = false): string | undefined {
  const segments = path
    .toLowerCase()
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.');
  const base = segments[segments.length - 1] ?? '';
  const same = (pattern: string, name: string): boolean => (glob ? picomatch().isMatch(name, pattern, { dot: false, nocase: true }) : pattern === name);
  const { files, directories } = prepared(lists);
  for (const { entry, lower, segments: tail } of files) {
    if (tail.length > 1) {
      if (glob ? picomatch().isMatch(lower, segments.slice(-tail.length).join('/'), { dot: false, nocase: true }) : endsWith(segments, tail)) return entry;
    } else if (same(base, lower)) return entry;
  }
  for (const { entry, segments: run } of directories) {
    for (let start = 0; run.length > 0 && start + run.length <= segments.length; start++) {
      if (run.every((e, i) => same(segments[start + i]!, e))) return entry;
    }
  }
  return undefined;
}

/**
 * Where a target really is: `cwd` and the target joined as bash hands them to the kernel (no
 * lexical `..`), resolved with the SDK's `realPathOf`; for a glob, its fixed directory part is
 * resolved and the pattern kept. Undefined when a relative target has no known directory.
 */
export function realTargetOf(target: ShellWord, cwd: string | undefined, realPath: RealPath = realPathOf): string | undefined {
  if (target.dynamic) return undefined;
  if (!isAbsolute(target.value) && cwd === undefined) return undefined;
  const raw = isAbsolute(target.value) ? target.value : `${cwd}/${target.value}`;
  if (!target.glob) return realPath(raw);
  const { base, glob } = picomatch().scan(raw);
  return `${realPath(base === '' ? '/' : base)}/${glob}`;
}

/** How many directory entries a glob target's expansion looks at (a larger directory is not expanded). */
const MAX_EXPANDED_ENTRIES = 2000;

/**
 * The real paths a glob target expands to now, when its pattern is in the last segment only
 * (`src/c*`): bash expands such a word, in a redirection too, so `> src/c*` writes through
 * whatever link `src/cfg` is. Empty when nothing matches, the directory cannot be read, or the
 * pattern is in a directory part (the caller treats that as unresolvable).
 */
export function globMatchesOf(target: ShellWord, cwd: string | undefined, realPath: RealPath = realPathOf): string[] {
  if (!target.glob || target.dynamic) return [];
  const lastSlash = target.value.lastIndexOf('/');
  const dirPart = target.value.slice(0, lastSlash + 1);
  if (/[*?[]/.test(dirPart)) return [];
  const dir = realTargetOf({ ...target, value: dirPart || '.', glob: false }, cwd, realPath);
  if (dir === undefined) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  if (names.length > MAX_EXPANDED_ENTRIES) return [];
  const matches = picomatch()(target.value.slice(lastSlash + 1), { dot: false });
  return names.filter((name) => matches(name)).map((name) => realPath(`${dir}/${name}`));
}

/** A write target that touches a protected entry: the target as written, the entry, and the real path when only that matched. */
export interface DangerousTargetHit {
  path: string;
  entry: string;
  real?: string;
}

/** The first target that touches a dangerous file or directory, as written or as resolved, with the entry it matched. */
export function dangerousTarget(targets: readonly ShellWord[], cwd: string | undefined, lists: DangerousPathLists, realPath: RealPath = realPathOf): DangerousTargetHit | undefined {
  for (const target of targets) {
    if (target.dynamic) continue;
    const entry = dangerousEntryOf(cwd === undefined ? target.value : resolve(cwd, target.value), lists, target.glob);
    if (entry) return { path: target.value, entry };
    const real = realTargetOf(target, cwd, realPath);
    const realEntry = real === undefined ? undefined : dangerousEntryOf(real, lists, target.glob);
    if (realEntry) return { path: target.value, entry: realEntry, real };
    for (const match of globMatchesOf(target, cwd, realPath)) {
      const matchEntry = dangerousEntryOf(match, lists);
      if (matchEntry) return { path: target.value, entry: matchEntry, real: match };
    }
  }
  return undefined;
}
