import picomatch from 'picomatch';

/** Tests a path relative to the search directory (posix separators). */
export type IncludeFilter = (rel: string) => boolean;

/**
 * The `include` glob as a filter, with ripgrep's reading of it: a glob without `/` (`*.ts`,
 * `*.{ts,tsx}`) matches the file name at any depth; a glob with `/` (`src/**\/*.ts`) matches the
 * path from the search directory. `include` only narrows the search: it never brings back hidden
 * or ignored files.
 */
export function includeFilter(include: string | undefined): IncludeFilter {
  if (include === undefined || include === '') return () => true;
  const byName = !include.includes('/');
  const matcher = picomatch(include.replace(/^\//, ''), { dot: true, basename: byName });
  return (rel) => matcher(rel);
}

/** True for a glob that matches file names only (no `/`), which ripgrep can apply itself as a type filter. */
export function isNameGlob(include: string | undefined): include is string {
  return include !== undefined && include !== '' && !include.includes('/');
}
