import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { ConversationState, ToolContext, ToolExecutor } from '@toolwright/sdk';
import { hasRipgrep } from '../shared/find-ripgrep.js';
import { MtimeOrder } from '../shared/newest-first.js';
import { MATCH_TIME_LIMIT_MS, matchTooSlowMessage, MAX_PATTERN_CHARS, patternTooLongMessage } from '../shared/pattern-limits.js';
import { timeBudget } from '../shared/time-budget.js';
import type { GrepAction, GrepParams } from './declarations.js';
import { GrepObservation } from './declarations.js';
import { includeFilter } from './include-filter.js';
import { jsSearch } from './js-search.js';
import { ripgrepSearch } from './ripgrep-search.js';
import { compileSearchRegex } from './search-regex.js';

/** The most files a grep observation lists. */
export const GREP_MAX_RESULTS = 100;

/** Runs `grep` searches with ripgrep or the JavaScript search, with identical results. */
export class GrepExecutor implements ToolExecutor<GrepAction, GrepObservation> {
  private readonly workingDir: string;
  private readonly params: Partial<GrepParams>;
  /** How long the JavaScript search may match before it is stopped (tests lower it). */
  matchTimeLimitMs = MATCH_TIME_LIMIT_MS;

  constructor(private readonly state: ConversationState, params?: GrepParams) {
    this.workingDir = state.workingDir;
    this.params = params ?? {};
  }

  /** True when this executor searches with ripgrep. */
  get usesRipgrep(): boolean {
    const backend = this.params.backend ?? 'auto';
    return backend !== 'js' && hasRipgrep(this.params.ripgrepCommand ?? 'rg');
  }

  /** Searches and lists matching files, newest first. */
  async execute(action: GrepAction, ctx?: ToolContext): Promise<GrepObservation> {
    const searchPath = this.state.resolvePath(action.path ?? this.workingDir);
    const base = { pattern: action.pattern, searchPath, includePattern: action.include };
    for (const [name, value] of [['pattern', action.pattern], ['include', action.include ?? '']] as const) {
      if (value.length > MAX_PATTERN_CHARS) return failure(patternTooLongMessage(name, value.length), { ...base, pattern: `${action.pattern.slice(0, 100)}…` });
    }
    const isDir = await stat(searchPath).then((s) => s.isDirectory(), () => false);
    if (!isDir) return failure(`Search path '${action.path ?? searchPath}' is not a valid directory`, base);
    let regex: RegExp;
    try {
      regex = compileSearchRegex(action.pattern);
    } catch (error) {
      return failure(`Invalid regex pattern: ${(error as Error).message}`, base);
    }
    const include = includeFilter(action.include);
    let backend: 'ripgrep' | 'js' = 'js';
    let order = new MtimeOrder(GREP_MAX_RESULTS);
    let done = false;
    const filtered = action.include !== undefined && action.include !== '';
    let ripgrepPaths: string[] = [];
    if (this.usesRipgrep) {
      // Without `include`, matches are stat'ed as ripgrep prints them, while it still searches.
      const onPath = filtered
        ? undefined
        : (path: string): void => {
            if (isVisible(relative(searchPath, path))) order.add(path);
          };
      const result = await ripgrepSearch(action.pattern, searchPath, { command: this.params.ripgrepCommand, include: action.include, signal: ctx?.signal, onPath });
      if (result.ok) {
        backend = 'ripgrep';
        done = true;
        ripgrepPaths = result.paths;
      } else order = new MtimeOrder(GREP_MAX_RESULTS);
    }
    // Ripgrep is linear in the text; what backtracks (the JavaScript regex, the include glob) runs in a worker under a budget.
    const budget = timeBudget(this.matchTimeLimitMs, ctx?.signal);
    try {
      if (done && filtered) {
        const visible = ripgrepPaths.filter((path) => isVisible(relative(searchPath, path)));
        const keep = await include(visible.map((path) => toPosix(relative(searchPath, path))), budget.signal);
        for (let i = 0; i < visible.length; i++) if (keep[i]) order.add(visible[i]!);
      }
      if (!done) for (const path of await jsSearch(regex, searchPath, include, budget.signal)) order.add(path);
    } catch (error) {
      if (budget.expired) return failure(matchTooSlowMessage(action.pattern, this.matchTimeLimitMs), base);
      throw error;
    } finally {
      budget.dispose();
    }
    const { paths, truncated } = order.take(GREP_MAX_RESULTS);
    const observation = GrepObservation.fromText(describe(paths, truncated, base));
    return Object.assign(observation, base, { matches: paths, truncated, backend });
  }
}

function toPosix(rel: string): string {
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** Ripgrep may list hidden files under a type filter: drop them, as the JavaScript search never visits them. */
function isVisible(rel: string): boolean {
  return !toPosix(rel).split('/').some((part) => part.startsWith('.'));
}

interface SearchFacts {
  pattern: string;
  searchPath: string;
  includePattern?: string;
}

function describe(paths: readonly string[], truncated: boolean, facts: SearchFacts): string {
  const filter = facts.includePattern ? ` (filtered by '${facts.includePattern}')` : '';
  if (paths.length === 0) return `No files found containing pattern '${facts.pattern}' in directory '${facts.searchPath}'${filter}`;
  const head = `Found ${paths.length} file(s) containing pattern '${facts.pattern}' in '${facts.searchPath}'${filter}:`;
  const note = truncated ? `\n\n[Results truncated to the ${GREP_MAX_RESULTS} most recently modified files. Use a more specific pattern, path or include.]` : '';
  return `${head}\n${paths.join('\n')}${note}`;
}

function failure(message: string, facts: SearchFacts): GrepObservation {
  return Object.assign(GrepObservation.fromText(message, { isError: true }), facts, { matches: [], truncated: false });
}
