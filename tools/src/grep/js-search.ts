import { regexWorkers } from '../shared/regex-worker-pool.js';
import { walkFileBatches } from '../shared/walk-files.js';
import type { WalkedFile } from '../shared/walk-files.js';
import type { IncludeFilter } from './include-filter.js';

/** Files sent to the regex worker per request. */
const BATCH = 2_000;
/** Batches matched at once while the walk goes on. */
const IN_FLIGHT = 2;

/**
 * The JavaScript search: the same file set as the ripgrep backend (hidden entries skipped,
 * `.gitignore` honoured, links not followed, `include` applied), files with a NUL byte in their
 * first 64 KiB skipped as binary, and the regex tested line by line. The files are read and matched
 * in worker threads while the walk goes on (a backtracking pattern cannot freeze the process, and
 * the signal stops it). Returns absolute paths.
 */
export async function jsSearch(regex: RegExp, dir: string, include: IncludeFilter, signal?: AbortSignal): Promise<string[]> {
  const matched: string[] = [];
  const inFlight: Array<Promise<void>> = [];
  let batch: WalkedFile[] = [];
  const flush = (): Promise<void> => {
    const walked = batch;
    batch = [];
    const done = (async () => {
      const keep = await include(walked.map((file) => file.rel), signal);
      const files = walked.filter((_, i) => keep[i]).map((file) => file.path);
      for (const hit of await regexWorkers.match('files', regex, files, signal)) matched.push(files[hit]!);
    })();
    done.catch(() => undefined); // awaited below; a rejection before that must not count as unhandled
    return done;
  };
  for await (const files of walkFileBatches(dir, { signal })) {
    for (const file of files) batch.push(file);
    if (batch.length >= BATCH) {
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      inFlight.push(flush());
    }
  }
  inFlight.push(flush());
  await Promise.all(inFlight);
  return matched;
}
