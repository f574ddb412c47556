import { resolve } from 'node:path';
import { allowDecision, askDecision, denyDecision, isInsideDirectories, passthroughDecision } from '@toolwright/sdk';
import type { PermissionContext, PermissionDecision, RuleBehavior, ToolPermissions } from '@toolwright/sdk';
import { dangerousEntry, fileSystemIgnoresCase, realPathOf } from '@toolwright/sdk/internal';
import type { FileEditorAction } from './declarations.js';
import { matchPathRule, realPathRule, suggestPathRule } from './path-rule.js';

export { matchPathRule, realPathRule, suggestPathRule } from './path-rule.js';

/** Options of {@link pathPermissions}. */
export interface PathPermissionsOptions<A> {
  /** The working directory relative rules and paths are resolved against. */
  workingDir: string;
  /** The absolute paths a call touches. */
  pathsOf(action: A): string[];
  /** True when the call only reads. */
  isReadOnly(action: A): boolean;
  /** True when the file system ignores case (rule paths then compare as it does); default: probed once on `workingDir`. */
  ignoreCase?: boolean;
}

/** A path as written (absolute, normalised) and where it really is. */
interface TwoPaths {
  written: string;
  real: string;
}

/**
 * Permissions of a tool that works on file paths (AgentScope's Write/Edit contract, with its holes
 * fixed). Every decision looks at each path as written AND as resolved ({@link realPathOf}: links
 * followed, dangling ones too), so a link cannot smuggle a write past a rule:
 * - `confineWrites`: a write outside the working directories (either form) is denied, in every mode;
 * - a protected (dangerous) file or directory in either form gives a safety ask that allow rules
 *   cannot silence; it names the entry as `protectedPath` (so it holds in `bypass`) unless the
 *   policy turned protection off (path segments are compared, so `~/.ssh/config` is caught);
 * - in `acceptEdits` and `dontAsk` an edit whose every path is inside the working directories,
 *   as written and as resolved, is allowed; otherwise the rules decide.
 * Rules are path globs (`src/**`, `/tmp/**`): an allow rule matches only when every path matches
 * it both as written and as resolved; a deny or ask rule when any path matches in either form.
 * Suggestions are `dir/**`.
 */
export function pathPermissions<A>(options: PathPermissionsOptions<A>): ToolPermissions<A> {
  const { workingDir, pathsOf } = options;
  const ignoreCase = (): boolean => (options.ignoreCase ??= fileSystemIgnoresCase(workingDir));
  // The engine asks matchRule once per rule about the same call: resolve its paths once per
  // check (the engine's check is synchronous; the memo is dropped at the next microtask, so a
  // later check of the same action sees the file system as it is then).
  let last: { action: A; paths: TwoPaths[] } | undefined;
  const pathsWithReal = (action: A): TwoPaths[] => {
    if (last?.action === action) return last.paths;
    const paths = pathsOf(action).map((written) => ({ written, real: realPathOf(written) }));
    if (last === undefined) queueMicrotask(() => (last = undefined));
    last = { action, paths };
    return paths;
  };
  return {
    isReadOnly: options.isReadOnly,
    checkPermissions(action: A, context: PermissionContext): PermissionDecision {
      if (options.isReadOnly(action)) return passthroughDecision();
      const paths = pathsWithReal(action);
      const dirs = context.workingDirectories;
      if (context.confineWrites) {
        const outside = paths.find((p) => !isInsideDirectories(p.written, dirs, ignoreCase()));
        if (outside) return denyDecision({ reason: 'tool', message: confinedMessage(outside, dirs) });
      }
      const protection = context.protectedPaths ?? {};
      for (const { written, real } of paths) {
        const hit = dangerousEntry(written, protection) ?? dangerousEntry(real, protection);
        if (!hit) continue;
        const where = hit.kind === 'file' ? 'a protected file' : 'inside a protected directory';
        const through = dangerousEntry(written, protection) ? '' : ` (through a symbolic link to '${real}')`;
        return askDecision({
          reason: 'safety',
          bypassImmune: true,
          ...(context.protectedPaths === false ? {} : { protectedPath: hit.entry }),
          message: `'${written}'${through} is ${where} (${hit.entry}). Changing it needs explicit approval.`,
          suggestedRules: [],
        });
      }
      if ((context.mode === 'acceptEdits' || context.mode === 'dontAsk') && paths.length > 0 && paths.every((p) => isInsideDirectories(p.written, dirs, ignoreCase()))) {
        return allowDecision({ message: `Edits inside the working directories are allowed in ${context.mode} mode.` });
      }
      return passthroughDecision();
    },
    matchRule(content: string, action: A, behavior: RuleBehavior): boolean {
      const paths = pathsWithReal(action);
      const nocase = ignoreCase();
      const realContent = realPathRule(content);
      const realDir = realPathOf(workingDir);
      const writtenHit = (p: TwoPaths): boolean => matchPathRule(content, p.written, workingDir, nocase);
      const realHit = (p: TwoPaths): boolean => matchPathRule(realContent, p.real, realDir, nocase);
      if (behavior === 'allow') return paths.length > 0 && paths.every((p) => writtenHit(p) && realHit(p));
      return paths.some((p) => writtenHit(p) || realHit(p));
    },
    suggestRules(action: A): string[] {
      return [...new Set(pathsOf(action).map((p) => suggestPathRule(p, workingDir)))];
    },
  };
}

function confinedMessage(path: TwoPaths, dirs: readonly string[]): string {
  const real = path.real === path.written ? '' : ` (it resolves to '${path.real}')`;
  const where = dirs.length === 0 ? 'no working directories are set' : `the working directories are ${dirs.join(', ')}`;
  return `Writing '${path.written}'${real} is refused: confineWrites allows writes only inside the working directories, and ${where}.`;
}

/** `file_editor`'s permissions: `view` is read-only; every other command edits `path`. */
export function fileEditorPermissions(workingDir: string, options: Pick<PathPermissionsOptions<FileEditorAction>, 'ignoreCase'> = {}): ToolPermissions<FileEditorAction> {
  return pathPermissions<FileEditorAction>({
    workingDir,
    ...options,
    pathsOf: (action) => [resolve(workingDir, action.path)],
    isReadOnly: (action) => action.command === 'view',
  });
}
