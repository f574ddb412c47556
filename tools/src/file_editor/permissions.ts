import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { allowDecision, askDecision, dangerousPathReason, isInsideDirectories, passthroughDecision } from '@toolwright/sdk';
import type { PermissionContext, PermissionDecision, RuleBehavior, ToolPermissions } from '@toolwright/sdk';
import type { FileEditorAction } from './declarations.js';

const matchers = new Map<string, (path: string) => boolean>();

function matcherOf(pattern: string): (path: string) => boolean {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true });
    if (matchers.size > 1000) matchers.clear();
    matchers.set(pattern, matcher);
  }
  return matcher;
}

/**
 * True when a path rule's content covers `path` (absolute): an absolute glob (`/tmp/**`, `~/notes/**`)
 * is matched against the path itself; a relative one (`src/**`, `config.json`) against the path
 * relative to the working directory, so it never covers anything outside it. Hidden files count.
 */
export function matchPathRule(content: string, path: string, workingDir: string): boolean {
  const pattern = content.startsWith('~/') ? `${homedir()}/${content.slice(2)}` : content;
  if (isAbsolute(pattern)) return matcherOf(pattern)(path);
  const rel = relative(workingDir, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return false;
  return matcherOf(pattern)(rel.split(sep).join('/'));
}

/** The rule suggested for a path: its directory plus `/**`, relative to the working directory when inside it (`src/**`), else absolute (`/tmp/**`). */
export function suggestPathRule(path: string, workingDir: string): string {
  const dir = dirname(path);
  const rel = relative(workingDir, dir);
  if (rel === '') return '**';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return `${dir}/**`;
  return `${rel.split(sep).join('/')}/**`;
}

/** Options of {@link pathPermissions}. */
export interface PathPermissionsOptions<A> {
  /** The working directory relative rules and paths are resolved against. */
  workingDir: string;
  /** The absolute paths a call touches. */
  pathsOf(action: A): string[];
  /** True when the call only reads. */
  isReadOnly(action: A): boolean;
}

/**
 * Permissions of a tool that works on file paths (AgentScope's Write/Edit contract, with its
 * holes fixed): a sensitive file or directory gives a bypass-immune ask (path segments are
 * compared, so `~/.ssh/config` is caught by its file entry); in `acceptEdits` and `dontAsk` an
 * edit whose every path resolves (symlinks followed) inside the working directories is allowed;
 * otherwise the rules decide. Rules are path globs (`src/**`, `/tmp/**`); a deny or ask rule
 * matches when any path matches, an allow rule only when all do. Suggestions are `dir/**`.
 */
export function pathPermissions<A>(options: PathPermissionsOptions<A>): ToolPermissions<A> {
  const { workingDir, pathsOf } = options;
  return {
    isReadOnly: options.isReadOnly,
    checkPermissions(action: A, context: PermissionContext): PermissionDecision {
      const paths = pathsOf(action);
      for (const path of paths) {
        const reason = dangerousPathReason(path);
        if (reason) return askDecision({ reason: 'safety', bypassImmune: true, message: `${reason} Changing it needs explicit approval.`, suggestedRules: [] });
      }
      if ((context.mode === 'acceptEdits' || context.mode === 'dontAsk') && paths.length > 0 && paths.every((p) => isInsideDirectories(p, context.workingDirectories))) {
        return allowDecision({ message: `Edits inside the working directories are allowed in ${context.mode} mode.` });
      }
      return passthroughDecision();
    },
    matchRule(content: string, action: A, behavior: RuleBehavior): boolean {
      const paths = pathsOf(action);
      const hit = (p: string): boolean => matchPathRule(content, p, workingDir);
      return behavior === 'allow' ? paths.length > 0 && paths.every(hit) : paths.some(hit);
    },
    suggestRules(action: A): string[] {
      return [...new Set(pathsOf(action).map((p) => suggestPathRule(p, workingDir)))];
    },
  };
}

/** `file_editor`'s permissions: `view` is read-only; every other command edits `path`. */
export function fileEditorPermissions(workingDir: string): ToolPermissions<FileEditorAction> {
  return pathPermissions<FileEditorAction>({
    workingDir,
    pathsOf: (action) => [resolve(workingDir, action.path)],
    isReadOnly: (action) => action.command === 'view',
  });
}
