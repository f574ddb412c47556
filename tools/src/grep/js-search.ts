import { regexWorkers } from '../shared/regex-worker-pool.js';
import { walkFileBatches } from '../shared/walk-files.js';
import type { IncludeFilter } from './include-filter.js';

/** Files sent to the regex worker per request. */
const BATCH = 2_000;

/**
 * The JavaScript search: the same file set as the ripgrep backend (hidden entries skipped,
 * `.gitignore` honoured, links not followed, `include` applied), files with a NUL byte in their
 * first 64 KiB skipped as binary, and the regex tested line by line. The files are read and matched
 * in a worker thread (a backtracking pattern cannot freeze the process, and the signal stops it).
 * Returns absolute paths.
 */
export async function jsSearch(regex: RegExp, dir: string, include: IncludeFilter, signal?: AbortSignal): Promise<string[]> {
  const walked: Array<{ path: string; rel: string }> = [];
  for await (const batch of walkFileBatches(dir, { signal })) walked.push(...batch);
  const keep = await include(walked.map((file) => file.rel), signal);
  const files = walked.filter((_, i) => keep[i]).map((file) => file.path);
  const matched: string[] = [];
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    for (const hit of await regexWorkers.match('files', regex, batch, signal)) matched.push(batch[hit]!);
  }
  return matched;
}
