import { createRequire } from 'node:module';
import type { default as IgnoreFactory, Ignore } from 'ignore';

const load = createRequire(import.meta.url);
let ignoreModule: typeof IgnoreFactory | undefined;

/** The `ignore` package's factory, required on first use (a process that walks no directory never loads it). */
function ignore(): typeof IgnoreFactory {
  return (ignoreModule ??= load('ignore') as typeof IgnoreFactory);
}

/** The rules of one `.gitignore`, anchored at the directory holding it. */
interface RuleSet {
  /** The directory, relative to the walk's root (posix, '' for the root). */
  base: string;
  rules: Ignore;
}

/**
 * The `.gitignore` rules in force in one directory of a walk: its own file's rules on top of its
 * ancestors' (a deeper file overrides, and `!pattern` re-includes), matched case-sensitively as git
 * does on Linux.
 */
export class GitignoreRules {
  private constructor(private readonly sets: readonly RuleSet[]) {}

  /** No rules. */
  static readonly EMPTY = new GitignoreRules([]);

  /** These rules plus the `.gitignore` text found in directory `base` (relative to the root). */
  extend(base: string, text: string): GitignoreRules {
    const rules = ignore()({ ignorecase: false, allowRelativePaths: true }).add(text);
    return new GitignoreRules([...this.sets, { base, rules }]);
  }

  /** True when the entry at `rel` (relative to the root, posix) is ignored. */
  ignores(rel: string, isDir: boolean): boolean {
    let ignored = false;
    for (const { base, rules } of this.sets) {
      const local = base === '' ? rel : rel.slice(base.length + 1);
      const result = rules.test(isDir ? `${local}/` : local);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
