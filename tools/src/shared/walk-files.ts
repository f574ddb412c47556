import { promises as fsp } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { GitignoreRules } from './gitignore-rules.js';

/** A regular file found by {@link walkFiles}. */
export interface WalkedFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the walk's root, with `/` separators. */
  rel: string;
}

/** Options of {@link walkFiles}. */
export interface WalkOptions {
  signal?: AbortSignal;
  /** Whether to go into the directory at `rel` (relative, posix); default: every directory. */
  enter?: (rel: string) => boolean;
}

/**
 * The regular files under `root`, as ripgrep would visit them by default: hidden entries (names
 * starting with `.`, so `.git` too) skipped, `.gitignore` files inside the tree honoured, symbolic
 * links not followed, unreadable directories skipped.
 */
export async function* walkFiles(root: string, options: WalkOptions | AbortSignal = {}): AsyncGenerator<WalkedFile> {
  const { signal, enter } = options instanceof AbortSignal ? { signal: options, enter: undefined } : options;
  const stack: Array<{ dir: string; rel: string; rules: GitignoreRules }> = [{ dir: root, rel: '', rules: GitignoreRules.EMPTY }];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const { dir, rel, rules: inherited } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    let rules = inherited;
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      const text = await fsp.readFile(join(dir, '.gitignore'), 'utf8').catch(() => '');
      rules = rules.extend(rel, text);
    }
    const subdirs: Array<{ dir: string; rel: string; rules: GitignoreRules }> = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if ((enter === undefined || enter(childRel)) && !rules.ignores(childRel, true)) subdirs.push({ dir: join(dir, entry.name), rel: childRel, rules });
      } else if (entry.isFile()) {
        if (!rules.ignores(childRel, false)) yield { path: join(dir, entry.name), rel: childRel };
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}
