import { picomatch } from '../shared/picomatch-module.js';
import { regexWorkers } from '../shared/regex-worker-pool.js';

/**
 * Narrows paths relative to the search directory (posix separators) to those the `include` glob
 * matches. Matching runs in a worker thread (a glob such as `a*a*a*…b` backtracks on long names).
 */
export type IncludeFilter = (rels: readonly string[], signal?: AbortSignal) => Promise<boolean[]>;

/**
 * The `include` glob as a filter, with ripgrep's reading of it: a glob without `/` (`*.ts`,
 * `*.{ts,tsx}`) matches the file name at any depth; a glob with `/` (`src/**\/*.ts`) matches the
 * path from the search directory. `include` only narrows the search: it never brings back hidden
 * or ignored files.
 */
export function includeFilter(include: string | undefined): IncludeFilter {
  if (include === undefined || include === '') return async (rels) => rels.map(() => true);
  const byName = !include.includes('/');
  const regex = picomatch().makeRe(include.replace(/^\//, ''), { dot: true });
  return async (rels, signal) => {
    const subjects = byName ? rels.map((rel) => rel.slice(rel.lastIndexOf('/') + 1)) : rels;
    const keep = new Array<boolean>(rels.length).fill(false);
    for (const hit of await regexWorkers.match('test', regex, subjects, signal)) keep[hit] = true;
    return keep;
  };
}

/** True for a glob that matches file names only (no `/`), which ripgrep can apply itself as a type filter. */
export function isNameGlob(include: string | undefined): include is string {
  return include !== undefined && include !== '' && !include.includes('/');
}
