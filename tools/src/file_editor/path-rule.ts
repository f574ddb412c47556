import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { realPathOf } from '@toolwright/sdk/internal';

const matchers = new Map<string, (path: string) => boolean>();

function matcherOf(pattern: string, ignoreCase: boolean): (path: string) => boolean {
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true, nocase: ignoreCase });
    if (matchers.size > 1000) matchers.clear();
    matchers.set(key, matcher);
  }
  return matcher;
}

function expandHome(content: string): string {
  return content.startsWith('~/') ? `${homedir()}/${content.slice(2)}` : content;
}

/**
 * True when a path rule's content covers `path` (absolute): an absolute glob (`/tmp/**`, `~/notes/**`)
 * is matched against the path itself; a relative one (`src/**`, `config.json`) against the path
 * relative to the working directory, so it never covers anything outside it. Hidden files count.
 * `ignoreCase` compares as a file system that ignores case does.
 */
export function matchPathRule(content: string, path: string, workingDir: string, ignoreCase = false): boolean {
  const pattern = expandHome(content);
  if (isAbsolute(pattern)) return matcherOf(pattern, ignoreCase)(path);
  const rel = ignoreCase ? relative(workingDir.toLowerCase(), path.toLowerCase()) : relative(workingDir, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return false;
  return matcherOf(pattern, ignoreCase)(rel.split(sep).join('/'));
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
  const { base, glob } = picomatch.scan(pattern);
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
