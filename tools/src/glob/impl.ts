import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CONVERSATION_STATE, Inject, Service } from '@toolwright/sdk';
import type { ConversationState, ToolContext, ToolExecutor } from '@toolwright/sdk';
import { MtimeOrder } from '../shared/newest-first.js';
import { MATCH_TIME_LIMIT_MS, matchTooSlowMessage, MAX_PATTERN_CHARS, patternTooLongMessage } from '../shared/pattern-limits.js';
import { regexWorkers } from '../shared/regex-worker-pool.js';
import { timeBudget } from '../shared/time-budget.js';
import { walkFileBatches } from '../shared/walk-files.js';
import type { GlobAction } from './declarations.js';
import { GlobObservation } from './declarations.js';
import { globMatcher } from './glob-matcher.js';
import { anyDepth, splitPattern } from './split-pattern.js';

/** The most files a glob observation lists. */
export const GLOB_MAX_RESULTS = 100;

/** Relative paths sent to the regex worker per request. */
const BATCH = 2_000;

/**
 * Runs `glob`: files only, over the same file set as grep (hidden entries skipped, `.gitignore`
 * files inside the tree honoured, links not followed), newest first. Names are matched in a worker
 * thread, so a pattern that backtracks cannot freeze the process, and the call's signal stops it.
 */
@Service()
export class GlobExecutor implements ToolExecutor<GlobAction, GlobObservation> {
  /** How long matching may run before it is stopped (tests lower it). */
  matchTimeLimitMs = MATCH_TIME_LIMIT_MS;

  constructor(@Inject(CONVERSATION_STATE) private readonly state: ConversationState) {}

  /** Lists matching files, newest first. */
  async execute(action: GlobAction, ctx?: ToolContext): Promise<GlobObservation> {
    if (action.pattern.length > MAX_PATTERN_CHARS) {
      return failure(patternTooLongMessage('pattern', action.pattern.length), { pattern: `${action.pattern.slice(0, 100)}…`, searchPath: this.state.workingDir });
    }
    const split = splitPattern(action.pattern); // an absolute pattern names its own directory
    let searchPath = this.state.resolvePath(split.base ?? action.path ?? this.state.workingDir);
    let relative = split.pattern.replace(/^(\.\/)+/, '');
    for (; relative.startsWith('../'); relative = relative.slice(3)) searchPath = dirname(searchPath); // `../x/*.ts` searches the parent
    const facts = { pattern: action.pattern, searchPath };
    const isDir = await stat(searchPath).then((s) => s.isDirectory(), () => false);
    if (!isDir) return failure(`Search path '${action.path ?? searchPath}' is not a valid directory`, facts);
    const matcher = globMatcher(anyDepth(relative));
    const order = new MtimeOrder(GLOB_MAX_RESULTS);
    const budget = timeBudget(this.matchTimeLimitMs, ctx?.signal);
    try {
      // Batches are matched while the walk goes on (the worker runs on another core); at most two in flight.
      let batch: Array<{ path: string; rel: string }> = [];
      const inFlight: Array<Promise<void>> = [];
      const flush = (): Promise<void> => {
        const files = batch;
        batch = [];
        const done = regexWorkers.match('test', matcher.regex, files.map((f) => f.rel), budget.signal).then((hits) => {
          for (const hit of hits) order.add(files[hit]!.path);
        });
        done.catch(() => undefined); // awaited below; a rejection before that must not count as unhandled
        return done;
      };
      for await (const files of walkFileBatches(searchPath, { signal: budget.signal, enter: matcher.enter })) {
        for (const file of files) batch.push(file);
        if (batch.length >= BATCH) {
          if (inFlight.length >= 2) await inFlight.shift();
          inFlight.push(flush());
        }
      }
      inFlight.push(flush());
      await Promise.all(inFlight);
    } catch (error) {
      if (budget.expired) return failure(matchTooSlowMessage(action.pattern, this.matchTimeLimitMs), facts);
      throw error;
    } finally {
      budget.dispose();
    }
    const { paths, truncated } = order.take(GLOB_MAX_RESULTS);
    return Object.assign(GlobObservation.fromText(describe(paths, truncated, facts)), facts, { files: paths, truncated });
  }
}

function failure(message: string, facts: { pattern: string; searchPath: string }): GlobObservation {
  return Object.assign(GlobObservation.fromText(message, { isError: true }), facts, { files: [], truncated: false });
}

function describe(paths: readonly string[], truncated: boolean, facts: { pattern: string; searchPath: string }): string {
  if (paths.length === 0) return `No files found matching pattern '${facts.pattern}' in directory '${facts.searchPath}'`;
  const note = truncated ? `\n\n[Results truncated to the ${GLOB_MAX_RESULTS} most recently modified files. Use a more specific pattern or path.]` : '';
  return `Found ${paths.length} file(s) matching pattern '${facts.pattern}' in '${facts.searchPath}':\n${paths.join('\n')}${note}`;
}
