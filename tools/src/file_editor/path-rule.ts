import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { picomatch } from '../shared/picomatch-module.js';
import { realPathOf } from '@toolwright/sdk/internal';

const matchers = new Map<string, (path: string) => boolean>();

function matcherOf(pattern: string, ignoreCase: boolean): (path: string) => boolean {
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = picomatch()(pattern, { dot: true, nocase: ignoreCase });
    if (matchers.size > 1000) matchers.clear();
    matchers.set(key, matcher);
  }
  return matcher;
}

function expandHome(content: string): string {
  return content.startsWith('~/') ? `${homedir()}/${content.slice(2)}` : content;
}

/** A path prepared for rule matching: absolute, and relative to the working directory with `/` separators (undefined when outside it). */
export interface RulePath {
  /** The absolute path. */
  abs: string;
  /** The path relative to the working directory, or undefined when it is the directory itself or outside it. */
  rel: string | undefined;
}

/** `path` prepared once for matching several rules (see {@link matchPathRule}). */
export function rulePathOf(path: string, workingDir: string, ignoreCase = false): RulePath {
  const rel = ignoreCase ? relative(workingDir.toLowerCase(), path.toLowerCase()) : relative(workingDir, path);
  const outside = rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  return { abs: path, rel: outside ? undefined : sep === '/' ? rel : rel.split(sep).join('/') };
}

/** {@link matchPathRule} for a prepared path. */
export function matchesRulePath(content: string, path: RulePath, ignoreCase = false): boolean {
  const pattern = expandHome(content);
  if (isAbsolute(pattern)) return matcherOf(pattern, ignoreCase)(path.abs);
  return path.rel !== undefined && matcherOf(pattern, ignoreCase)(path.rel);
}

/**
 * True when a path rule's content covers `path` (absolute): an absolute glob (`/tmp/**`, `~/notes/**`)
 * is matched against the path itself; a relative one (`src/**`, `config.json`) against the path
 * relative to the working directory, so it never covers anything outside it. Hidden files count.
 * `ignoreCase` compares as a file system that ignores case does.
 */
export function matchPathRule(content: string, path: string, workingDir: string, ignoreCase = false): boolean {
  return matchesRulePath(content, rulePathOf(path, workingDir, ignoreCase), ignoreCase);
}

const GLOB_SPECIALS = /[*?[\]{}()!+@\\]/g;

/**
 * The rule content as it applies to real paths: an absolute pattern's fixed directory part
 * resolved with {@link realPathOf} (`/tmp/**` becomes `/private/tmp/**` where /tmp is a link);
 * a relative one unchanged (it is matched against the path relative to the real working directory).
 */
export function realPathRule(content: string): string {
  const pattern = expandHome(content);
  if (!isAbsolute(pattern)) return content;
  const { base, glob } = picomatch().scan(pattern);
  const real = realPathOf(base === '' ? '/' : base).replace(GLOB_SPECIALS, '\\$&');
  return glob === '' ? real : `${real === '/' ? '' : real}/${glob}`;
}

/** The rule suggested for a path: its directory plus `/**`, relative to the working directory when inside it (`src/**`), else absolute (`/tmp/**`). */
export function suggestPathRule(path: string, workingDir: string): string {
  const dir = dirname(path);
  const rel = relative(workingDir, dir);
  if (rel === '') return '**';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return `${dir}/**`;
  return `${rel.split(sep).join('/')}/**`;
}
