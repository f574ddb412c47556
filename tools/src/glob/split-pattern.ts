import { picomatch } from '../shared/picomatch-module.js';

/** A glob split into the directory to search and the pattern relative to it. */
export interface SplitPattern {
  /** The fixed leading directory of an absolute pattern, or undefined for a relative one. */
  base?: string;
  /** The pattern relative to the search directory. */
  pattern: string;
}

/**
 * Splits an absolute pattern (`/repo/src/**\/*.ts`) at its first segment with glob syntax into a
 * base directory (`/repo/src`) and a relative pattern (`**\/*.ts`); relative patterns are returned
 * as they are.
 */
export function splitPattern(pattern: string): SplitPattern {
  if (!pattern.startsWith('/')) return { pattern };
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(1)) {
    if (picomatch().scan(part).isGlob) break;
    fixed.push(part);
  }
  if (fixed.length === parts.length - 1) fixed.pop(); // no glob at all: the last part is the name to find
  const rest = parts.slice(fixed.length + 1).join('/');
  return { base: `/${fixed.join('/')}`, pattern: rest === '' ? '**/*' : rest };
}

/** A pattern without `/` matches names at any depth (as ripgrep's globs do): `*.py` → `**\/*.py`. */
export function anyDepth(pattern: string): string {
  return pattern.includes('/') ? pattern : `**/${pattern}`;
}
