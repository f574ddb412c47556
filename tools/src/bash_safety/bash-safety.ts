import { resolve } from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { realPathOf } from '@toolwright/sdk/internal';
import { DANGEROUS_DIRECTORIES, DANGEROUS_FILES } from '@toolwright/sdk/policy';
import type { ProtectedPaths } from '@toolwright/sdk/policy';
import { FILESYSTEM_EDIT_COMMANDS } from './bash-lists.js';
import type { BashAnalysis } from './bash-analysis.js';
import { loadBashParser } from './bash-parser.js';
import { bashCoveredByAllowRules, bashRuleMatchesAny, suggestBashRules } from './bash-rules.js';
import type { BashPermissionMode, BashVerdict } from './bash-verdict.js';
import { commandTargets } from './command-targets.js';
import type { DangerousPathLists, RealPath } from './dangerous-path.js';
import { dangerousPattern } from './dangerous-pattern.js';
import { dangerousRemoval } from './dangerous-removal.js';
import { guardWrites } from './guard-writes.js';
import { parseCommandLine } from './parse-command-line.js';
import { isInsideDir } from './resolve-inside.js';
import type { ParsedCommandLine } from './parse-command-line.js';
import { isReadOnlyCommand, readOnlyProblem } from './read-only-command.js';
import { networkEgress } from './network-egress.js';
import { codeRunningOption } from './code-running-options.js';
import { sedCall } from './sed-check.js';
import type { SimpleCommand } from './simple-command.js';
import { commandName } from './simple-command.js';
import { unwrapCommand } from './unwrap-command.js';

/** Options of {@link BashSafety}. */
export interface BashSafetyOptions {
  /** Extra dangerous file names (basenames, or tails such as `.aws/credentials`). */
  additionalDangerousFiles?: readonly string[];
  /** Extra dangerous directory names (any path segment). */
  additionalDangerousDirectories?: readonly string[];
  /** How many analyses are kept for repeated questions about one call (default 64; 0 keeps none). */
  cacheSize?: number;
}

/** Where one command runs. */
export interface BashCommandContext {
  /** The shell's current directory (relative paths resolve against it); unknown: relative targets are never auto-allowed. */
  cwd?: string;
  /** The mode the permission engine is in. */
  mode?: BashPermissionMode;
  /** Directories edits may be auto-allowed in (acceptEdits); `cwd` always counts, except for `confineWrites`. */
  workingDirectories?: readonly string[];
  /** The policy's protected paths (absent: the built-in lists; `false`: off). See `guardWrites`. */
  protectedPaths?: ProtectedPaths;
  /** Deny writes outside `workingDirectories` (the policy's `confineWrites`). */
  confineWrites?: boolean;
}


/** How many analyses are kept by default (the engine asks several questions about the same call). */
const CACHE_SIZE = 64;

/**
 * The bash safety analysis (AgentScope's steps, on the tree-sitter bash grammar): injection
 * structures, read-only detection, dangerous patterns, sed constraints, dangerous files and
 * directories, dangerous removals, and the acceptEdits working-directory check.
 * Build it with {@link BashSafety.load}; after that every method is synchronous.
 */
export class BashSafety {
  private readonly lists: DangerousPathLists;
  private readonly cache = new Map<string, BashAnalysis>();
  private readonly cacheSize: number;

  private constructor(
    private readonly parser: Parser,
    options: BashSafetyOptions,
  ) {
    this.cacheSize = options.cacheSize ?? CACHE_SIZE;
    this.lists = {
      files: [...DANGEROUS_FILES, ...(options.additionalDangerousFiles ?? [])],
      directories: [...DANGEROUS_DIRECTORIES, ...(options.additionalDangerousDirectories ?? [])],
    };
  }

  /** Loads the bash grammar (once per process) and returns an analyser. */
  static async load(options: BashSafetyOptions = {}): Promise<BashSafety> {
    return new BashSafety(await loadBashParser(), options);
  }

  /** Splits `command` into simple commands, takes wrappers off, and tells whether it only reads. */
  analyze(command: string, cwd: string | undefined): BashAnalysis {
    const key = `${cwd ?? ''}\0${command}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const parsed = this.parseUnwrapped(command, cwd);
    let notReadOnly = parsed.problem;
    for (const simple of parsed.commands) {
      if (notReadOnly !== undefined) break;
      const why = readOnlyProblem(simple);
      if (why !== undefined) notReadOnly = `${simple.source.trim()}: ${why}`;
    }
    const network = parsed.commands.some((simple) => networkEgress(simple) !== undefined);
    const analysis: BashAnalysis = { ...parsed, readOnly: notReadOnly === undefined, network, ...(notReadOnly === undefined ? {} : { notReadOnly }) };
    if (this.cacheSize === 0) return analysis;
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, analysis);
    return analysis;
  }

  /** True when the command only reads (the engine's `isReadOnly`). */
  isReadOnly(command: string, cwd: string | undefined): boolean {
    return this.analyze(command, cwd).readOnly;
  }

  /**
   * Whether a rule matches: a deny or ask rule when it matches ANY simple command, an allow rule
   * only when it covers EVERY simple command that does not only read.
   */
  matchRule(content: string, command: string, behavior: 'allow' | 'deny' | 'ask', cwd?: string): boolean {
    const analysis = this.analyze(command, cwd);
    return behavior === 'allow' ? bashCoveredByAllowRules([content], analysis) : bashRuleMatchesAny(content, analysis);
  }

  /** True when the allow rules together cover every simple command that does not only read. */
  coveredByAllowRules(contents: readonly string[], command: string, cwd?: string): boolean {
    return bashCoveredByAllowRules(contents, this.analyze(command, cwd));
  }

  /** `w1 w2:*` per simple command that does not only read (at most five, no duplicates). */
  suggestRules(command: string, cwd?: string): string[] {
    return suggestBashRules(this.analyze(command, cwd));
  }

  /**
   * The safety verdict, steps in AgentScope's order after the write guard; every `ask` is a safety
   * ask (allow rules cannot silence it), and one about a protected path names it (`protectedPath`:
   * it holds in bypass).
   */
  check(command: string, context: BashCommandContext): BashVerdict {
    const analysis = this.analyze(command, context.cwd);
    const realPath = realPathsOfOneCheck();
    // Protected paths and confinement first: an earlier ask that bypass skips must not hide them.
    const guarded = analysis.readOnly ? undefined : guardWrites(analysis.commands, this.lists, context, realPath);
    if (guarded) return guarded;
    if (analysis.problem !== undefined) return ask('injection', analysis.problem);
    if (analysis.readOnly) return { behavior: 'allow', reason: 'The command only reads.', bypassImmune: false, step: 'read-only' };
    if (context.mode !== 'bypass') {
      // a prefix rule must not let `git -c core.pager=…`, `--upload-pack=…`, `--script-shell=…` through: ask, naming the option
      for (const simple of analysis.commands) {
        const option = codeRunningOption(simple);
        if (option) return ask('dangerous-pattern', `Option '${option}' makes '${commandName(simple)}' run a program it names, which no allow rule covers: ${simple.source}`);
      }
    }
    for (const simple of analysis.commands) {
      const pattern = dangerousPattern(simple);
      if (pattern) return ask('dangerous-pattern', `Command matches dangerous pattern '${pattern}': ${simple.source}`);
    }
    for (const simple of analysis.commands) {
      if (commandName(simple) !== 'sed') continue;
      const call = sedCall(simple.words.slice(1));
      if (call.problem) return ask('sed', `${call.problem}: ${simple.source}`);
    }
    const workingDirectories = [...(context.cwd === undefined ? [] : [context.cwd]), ...(context.workingDirectories ?? [])].map((d) => resolve(d));
    for (const simple of analysis.commands) {
      const removal = dangerousRemoval(simple, workingDirectories);
      if (removal) return ask('dangerous-removal', `Dangerous removal: ${removal}`);
    }
    if ((context.mode === 'acceptEdits' || context.mode === 'dontAsk') && this.editsInside(analysis.commands, workingDirectories, realPath)) {
      return { behavior: 'allow', reason: 'Every file the command changes is inside the working directories.', bypassImmune: false, step: 'working-directories' };
    }
    return { behavior: 'passthrough', reason: 'No safety concern; the permission rules decide.', bypassImmune: false, step: 'none' };
  }

  /** Every simple command reads only or edits files (mkdir, touch, rm, mv, cp, sed -i, tee, `>`) inside `dirs`. */
  private editsInside(commands: readonly SimpleCommand[], dirs: readonly string[], realPath: RealPath): boolean {
    let realDirs: string[] | undefined; // resolved only when a target needs them
    return commands.every((simple) => {
      const name = commandName(simple);
      const targets = commandTargets(simple);
      const readsOtherwise = isReadOnlyCommand({ ...simple, redirects: simple.redirects.filter((r) => !r.writes) });
      if (!readsOtherwise && !FILESYSTEM_EDIT_COMMANDS.has(name)) return false;
      if (readsOtherwise && targets.length === 0) return true;
      if (simple.wrappers.length > 0 || simple.appendedArguments || simple.cwd === undefined || targets.length === 0) return false;
      if (simple.assignments.length > 0) return false;
      return targets.every((target) => {
        if (target.dynamic || target.value.split('/').includes('..')) return false;
        const lastSlash = target.value.lastIndexOf('/');
        if (target.glob && /[*?[]/.test(target.value.slice(0, lastSlash + 1))) return false; // a pattern in a directory part
        const path = target.glob ? resolve(simple.cwd!, target.value.slice(0, lastSlash + 1) || '.') : resolve(simple.cwd!, target.value);
        const real = realPath(path);
        realDirs ??= dirs.map(realPath);
        return realDirs.some((dir) => isInsideDir(dir, real));
      });
    });
  }

  private parseUnwrapped(source: string, cwd: string | undefined, depth = 0): ParsedCommandLine {
    const parsed = parseCommandLine(this.parser, source, cwd);
    const commands: SimpleCommand[] = [];
    let problem = parsed.problem;
    for (const simple of parsed.commands) {
      const unwrapped = unwrapCommand(simple, (nested, nestedCwd) => parseCommandLine(this.parser, nested, nestedCwd), depth);
      commands.push(...unwrapped.commands);
      problem ??= unwrapped.problem;
    }
    return { commands, problem };
  }
}

/**
 * The SDK's `realPathOf` with each answer kept for one check: its steps resolve the same paths
 * (a write target for the protected paths and again for the working directories; the working
 * directory itself, often given twice), and each resolution is several system calls.
 */
function realPathsOfOneCheck(): RealPath {
  const known = new Map<string, string>();
  return (path) => {
    let real = known.get(path);
    if (real === undefined) known.set(path, (real = realPathOf(path)));
    return real;
  };
}

function ask(step: BashVerdict['step'], reason: string): BashVerdict {
  return { behavior: 'ask', reason, bypassImmune: true, step };
}
