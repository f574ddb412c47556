import { resolve } from 'node:path';
import { allowDecision, askDecision, denyDecision, passthroughDecision } from '@toolwright/sdk/policy';
import type { PermissionContext, PermissionDecision, RuleBehavior, ToolPermissions } from '@toolwright/sdk/policy';
import { dangerousEntry, fileSystemIgnoresCase, isWithin, realPathOf } from '@toolwright/sdk/internal';
import type { FileEditorAction } from './declarations.js';
import { matchesRulePath, realPathRule, rulePathOf, suggestPathRule } from './path-rule.js';
import type { RulePath } from './path-rule.js';

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

/** What one check learns about the call's paths, computed once and shared by every rule it matches. */
interface CheckMemo<A> {
  action: A;
  paths: TwoPaths[];
  /** The paths prepared for rules: as written (against the working directory) and as resolved (against its real location). */
  forRules?: Array<{ written: RulePath; real: RulePath }>;
  /** Rule contents as they apply to real paths. */
  realRules: Map<string, string>;
  /** The real locations of the working directories, by directory. */
  realDirs: Map<string, string>;
}

/**
 * Permissions of a tool that works on file paths (AgentScope's Write/Edit contract, with its holes
 * fixed). Every decision looks at each path as written AND as resolved (`realPathOf`: links
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
  let memo: CheckMemo<A> | undefined;
  const memoOf = (action: A): CheckMemo<A> => {
    if (memo?.action === action) return memo;
    if (memo === undefined) queueMicrotask(() => (memo = undefined));
    const paths = pathsOf(action).map((written) => ({ written, real: realPathOf(written) }));
    return (memo = { action, paths, realRules: new Map(), realDirs: new Map() });
  };
  const realOf = (m: CheckMemo<A>, dir: string): string => {
    let real = m.realDirs.get(dir);
    if (real === undefined) m.realDirs.set(dir, (real = realPathOf(dir)));
    return real;
  };
  const inside = (m: CheckMemo<A>, p: TwoPaths, dirs: readonly string[]): boolean => {
    const nocase = ignoreCase();
    const realDirs = dirs.map((d) => realOf(m, d));
    return dirs.some((d, i) => isWithin(p.written, d, nocase) || isWithin(p.written, realDirs[i]!, nocase)) && realDirs.some((d) => isWithin(p.real, d, nocase));
  };
  return {
    isReadOnly: options.isReadOnly,
    checkPermissions(action: A, context: PermissionContext): PermissionDecision {
      if (options.isReadOnly(action)) return passthroughDecision();
      const m = memoOf(action);
      const dirs = context.workingDirectories;
      if (context.confineWrites) {
        const outside = m.paths.find((p) => !inside(m, p, dirs));
        if (outside) return denyDecision({ reason: 'tool', message: confinedMessage(outside, dirs) });
      }
      const protection = context.protectedPaths || undefined;
      for (const { written, real } of m.paths) {
        const asWritten = dangerousEntry(written, protection);
        const hit = asWritten ?? (real === written ? undefined : dangerousEntry(real, protection));
        if (!hit) continue;
        const where = hit.kind === 'file' ? 'a protected file' : 'inside a protected directory';
        const through = asWritten ? '' : ` (through a symbolic link to '${real}')`;
        return askDecision({
          reason: 'safety',
          bypassImmune: true,
          ...(context.protectedPaths === false ? {} : { protectedPath: hit.entry }),
          message: `'${written}'${through} is ${where} (${hit.entry}). Changing it needs explicit approval.`,
          suggestedRules: [],
        });
      }
      if ((context.mode === 'acceptEdits' || context.mode === 'dontAsk') && m.paths.length > 0 && m.paths.every((p) => inside(m, p, dirs))) {
        return allowDecision({ message: `Edits inside the working directories are allowed in ${context.mode} mode.` });
      }
      return passthroughDecision();
    },
    matchRule(content: string, action: A, behavior: RuleBehavior): boolean {
      const m = memoOf(action);
      const nocase = ignoreCase();
      if (!m.forRules) {
        const realDir = realOf(m, workingDir);
        m.forRules = m.paths.map((p) => ({ written: rulePathOf(p.written, workingDir, nocase), real: rulePathOf(p.real, realDir, nocase) }));
      }
      let realContent = m.realRules.get(content);
      if (realContent === undefined) m.realRules.set(content, (realContent = realPathRule(content)));
      const writtenHit = (p: { written: RulePath }): boolean => matchesRulePath(content, p.written, nocase);
      const realHit = (p: { real: RulePath }): boolean => matchesRulePath(realContent, p.real, nocase);
      if (behavior === 'allow') return m.forRules.length > 0 && m.forRules.every((p) => writtenHit(p) && realHit(p));
      return m.forRules.some((p) => writtenHit(p) || realHit(p));
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
