import type { DangerousPathOptions } from './dangerous-paths.js';

/**
 * Which paths a policy protects: `false` when protection is off, otherwise the entries added to
 * the built-in lists ({@link DANGEROUS_FILES}, {@link DANGEROUS_DIRECTORIES}). Writing a protected
 * path asks in every mode, `bypass` included; `dontAsk` denies it; allow rules never silence it.
 */
export type ProtectedPaths = false | Required<DangerousPathOptions>;

/** The built-in protection, nothing added. */
export const BUILT_IN_PROTECTED_PATHS: Exclude<ProtectedPaths, false> = Object.freeze({ files: Object.freeze([]), directories: Object.freeze([]) });

/** What is wrong with a `protectedPaths` setting: the message, and the entry's index when one entry is wrong. */
export interface ProtectedPathsProblem {
  /** The index of the wrong entry in the array. */
  index?: number;
  /** What is wrong and what is expected. */
  message: string;
}

/**
 * What is wrong with a `protectedPaths` setting, or undefined. Allowed: `true` (the built-in
 * lists), `false` (off), or an array of entries: a file name or trailing segments (`deploy.key`,
 * `.aws/credentials`), or a directory ending in `/` (`secrets/`, `.circleci/`, `infra/prod/`).
 */
export function protectedPathsProblem(value: unknown): ProtectedPathsProblem | undefined {
  if (typeof value === 'boolean') return undefined;
  if (!Array.isArray(value)) return { message: `expected true, false or an array of entries ('name', 'dir/sub/name', 'dir/'), got ${value === null ? 'null' : typeof value}.` };
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (typeof entry !== 'string' || entry.replace(/[\\/]/g, '') === '') return { index: i, message: `expected a file name, trailing path segments or a directory ending in '/', got ${JSON.stringify(entry)}.` };
    if (/[*?[\]{}]/.test(entry)) return { index: i, message: `'${entry}' is a glob; entries are names or path segments compared literally (case-insensitively).` };
    if (entry.split(/[\\/]+/).some((s) => s === '.' || s === '..')) return { index: i, message: `'${entry}' has a '.' or '..' segment; entries are names or path segments as they appear in a path.` };
  }
  return undefined;
}

/** The setting as the engine uses it (call {@link protectedPathsProblem} first). `undefined` and `true` mean the built-in lists. */
export function protectedPathsOf(value: boolean | readonly string[] | undefined): ProtectedPaths {
  if (value === false) return false;
  if (value === undefined || value === true || value.length === 0) return BUILT_IN_PROTECTED_PATHS;
  const files: string[] = [];
  const directories: string[] = [];
  for (const entry of value) {
    const trimmed = entry.replace(/^[\\/]+/, '');
    if (/[\\/]$/.test(trimmed)) directories.push(trimmed.replace(/[\\/]+$/, ''));
    else files.push(trimmed);
  }
  return Object.freeze({ files: Object.freeze(files), directories: Object.freeze(directories) });
}
