import { stat } from 'node:fs/promises';
import { glob } from 'tinyglobby';
import { CONVERSATION_STATE, Inject, Service } from '@toolwright/sdk';
import type { ConversationState, ToolExecutor } from '@toolwright/sdk';
import { newestFirst } from '../shared/newest-first.js';
import type { GlobAction } from './definition.js';
import { GlobObservation } from './definition.js';
import { anyDepth, splitPattern } from './split-pattern.js';

/** The most files a glob observation lists. */
export const GLOB_MAX_RESULTS = 100;

/** Runs `glob` with tinyglobby: files only, hidden entries skipped, links not followed. */
@Service()
export class GlobExecutor implements ToolExecutor<GlobAction, GlobObservation> {
  constructor(@Inject(CONVERSATION_STATE) private readonly state: ConversationState) {}

  /** Lists matching files, newest first. */
  async execute(action: GlobAction): Promise<GlobObservation> {
    const split = splitPattern(action.pattern); // an absolute pattern names its own directory
    const searchPath = this.state.resolvePath(split.base ?? action.path ?? this.state.workingDir);
    const facts = { pattern: action.pattern, searchPath };
    const isDir = await stat(searchPath).then((s) => s.isDirectory(), () => false);
    if (!isDir) {
      return Object.assign(GlobObservation.fromText(`Search path '${action.path ?? searchPath}' is not a valid directory`, { isError: true }), facts, {
        files: [],
        truncated: false,
      });
    }
    const found = await glob(anyDepth(split.pattern), {
      cwd: searchPath,
      absolute: true,
      onlyFiles: true,
      dot: false,
      expandDirectories: false,
      followSymbolicLinks: false,
    });
    const { paths, truncated } = newestFirst(found, GLOB_MAX_RESULTS);
    return Object.assign(GlobObservation.fromText(describe(paths, truncated, facts)), facts, { files: paths, truncated });
  }
}

function describe(paths: readonly string[], truncated: boolean, facts: { pattern: string; searchPath: string }): string {
  if (paths.length === 0) return `No files found matching pattern '${facts.pattern}' in directory '${facts.searchPath}'`;
  const note = truncated ? `\n\n[Results truncated to the ${GLOB_MAX_RESULTS} most recently modified files. Use a more specific pattern or path.]` : '';
  return `Found ${paths.length} file(s) matching pattern '${facts.pattern}' in '${facts.searchPath}':\n${paths.join('\n')}${note}`;
}
