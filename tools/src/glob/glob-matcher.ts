import { picomatch } from '../shared/picomatch-module.js';

/** A glob compiled for a walk: the regex a relative path must match, and which directories can hold a match. */
export interface GlobMatcher {
  /** Matches a path relative to the search directory (posix separators), as a whole. */
  regex: RegExp;
  /** False for a directory (relative path) under which no path can match, so the walk skips it. */
  enter(rel: string): boolean;
}

/**
 * Compiles a relative glob (already made any-depth where it has no `/`) with picomatch, dot files
 * not matched by wildcards. The walk is pruned by the pattern's fixed leading directories
 * (`src/**\/*.ts` enters `src` only) and, for a pattern without `**` or braces, by its depth.
 * Compiling is linear in the pattern; matching can backtrack and runs in a worker thread.
 */
export function globMatcher(pattern: string): GlobMatcher {
  const regex = picomatch().makeRe(pattern, { dot: false });
  const base = picomatch().scan(pattern).base;
  const bounded = !pattern.includes('**') && !pattern.includes('{');
  const maxDirDepth = bounded ? pattern.split('/').length - 1 : Number.POSITIVE_INFINITY;
  return {
    regex,
    enter(rel) {
      if (base !== '' && !(base === rel || base.startsWith(`${rel}/`) || rel.startsWith(`${base}/`))) return false;
      return rel.split('/').length <= maxDirDepth;
    },
  };
}
