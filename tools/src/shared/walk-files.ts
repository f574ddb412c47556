import { promises as fsp } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join, resolve, sep } from 'node:path';
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
 * links not followed, unreadable directories skipped. Yields the files of one directory at a time
 * (an async step per file would cost more than the walk itself), several directories being read at
 * once, so the order is not fixed: callers sort.
 */
export async function* walkFileBatches(root: string, options: WalkOptions = {}): AsyncGenerator<WalkedFile[]> {
  const { signal, enter } = options;
  const queue: DirToRead[] = [{ dir: resolve(root), rel: '', rules: GitignoreRules.EMPTY }];
  const reading = new Map<number, Promise<{ id: number; read: DirRead }>>();
  let nextId = 0;
  for (;;) {
    while (reading.size < CONCURRENT_READS && queue.length > 0) {
      const id = nextId++;
      reading.set(id, readDir(queue.pop()!, enter).then((read) => ({ id, read })));
    }
    if (reading.size === 0) return;
    signal?.throwIfAborted();
    const { id, read } = await Promise.race(reading.values());
    reading.delete(id);
    queue.push(...read.subdirs);
    if (read.files.length > 0) yield read.files;
  }
}

/** Directories read at once (the thread pool has 4 threads; a walk one directory at a time waits on each). */
const CONCURRENT_READS = 16;

interface DirToRead {
  dir: string;
  rel: string;
  rules: GitignoreRules;
}

interface DirRead {
  files: WalkedFile[];
  subdirs: DirToRead[];
}

async function readDir({ dir, rel, rules: inherited }: DirToRead, enter: WalkOptions['enter']): Promise<DirRead> {
  let entries: Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return { files: [], subdirs: [] };
  }
  let rules = inherited;
  if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
    const text = await fsp.readFile(join(dir, '.gitignore'), 'utf8').catch(() => '');
    rules = rules.extend(rel, text);
  }
  const files: WalkedFile[] = [];
  const subdirs: DirToRead[] = [];
  const prefix = dir.endsWith(sep) ? dir : dir + sep; // `dir` is absolute and normal: no path.join per entry
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if ((enter === undefined || enter(childRel)) && !rules.ignores(childRel, true)) subdirs.push({ dir: prefix + entry.name, rel: childRel, rules });
    } else if (entry.isFile()) {
      if (!rules.ignores(childRel, false)) files.push({ path: prefix + entry.name, rel: childRel });
    }
  }
  return { files, subdirs };
}

/** The files of {@link walkFileBatches}, one by one. */
export async function* walkFiles(root: string, options: WalkOptions | AbortSignal = {}): AsyncGenerator<WalkedFile> {
  for await (const batch of walkFileBatches(root, options instanceof AbortSignal ? { signal: options } : options)) yield* batch;
}
