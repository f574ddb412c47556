import { promises as fsp } from 'node:fs';
import { walkFiles } from '../shared/walk-files.js';
import type { IncludeFilter } from './include-filter.js';
import { matchesSomeLine } from './search-regex.js';

/** Bytes ripgrep looks at first for a NUL to call a file binary. */
const BINARY_PROBE = 65_536;
const CONCURRENCY = 16;

/**
 * The JavaScript search: the same file set as the ripgrep backend (hidden entries skipped,
 * `.gitignore` honoured, links not followed, `include` applied), files with a NUL byte near the
 * start skipped as binary, and the regex tested line by line. Returns absolute paths.
 */
export async function jsSearch(regex: RegExp, dir: string, include: IncludeFilter, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  for await (const file of walkFiles(dir, signal)) if (include(file.rel)) files.push(file.path);
  const matched = new Array<boolean>(files.length).fill(false);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      signal?.throwIfAborted();
      const i = next++;
      matched[i] = await fileMatches(files[i]!, regex);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return files.filter((_, i) => matched[i]);
}

async function fileMatches(path: string, regex: RegExp): Promise<boolean> {
  let data: Buffer;
  try {
    data = await fsp.readFile(path);
  } catch {
    return false;
  }
  const nul = data.indexOf(0);
  if (nul !== -1 && nul < BINARY_PROBE) return false;
  return matchesSomeLine(regex, data.toString('utf8', 0, nul === -1 ? data.length : nul));
}
