import type { ShellWord } from './shell-word.js';

/**
 * The read-only allowlist of `find` (findutils 4.9): its options, tests and the actions that only
 * print, with how many arguments each takes. `-delete`, `-fls`, `-fprint`, `-fprint0` and
 * `-fprintf` (they remove or write files) are not on it; `-exec`, `-execdir`, `-ok` and `-okdir`
 * run another command, which is analysed as a command of its own (see {@link findExpression}).
 */
export const FIND_PREDICATES: Readonly<Record<string, number>> = {
  // options
  '-d': 0, '-depth': 0, '-maxdepth': 1, '-mindepth': 1, '-mount': 0, '-xdev': 0, '-noleaf': 0, '-ignore_readdir_race': 0, '-noignore_readdir_race': 0,
  '-daystart': 0, '-follow': 0, '-regextype': 1, '-warn': 0, '-nowarn': 0, '-help': 0, '--help': 0, '-version': 0, '--version': 0,
  // tests
  '-amin': 1, '-anewer': 1, '-atime': 1, '-cmin': 1, '-cnewer': 1, '-ctime': 1, '-empty': 0, '-executable': 0, '-false': 0, '-fstype': 1, '-gid': 1,
  '-group': 1, '-ilname': 1, '-iname': 1, '-inum': 1, '-ipath': 1, '-iregex': 1, '-iwholename': 1, '-links': 1, '-lname': 1, '-mmin': 1, '-mtime': 1,
  '-name': 1, '-newer': 1, '-nogroup': 0, '-nouser': 0, '-path': 1, '-perm': 1, '-readable': 0, '-regex': 1, '-samefile': 1, '-size': 1, '-true': 0,
  '-type': 1, '-uid': 1, '-used': 1, '-user': 1, '-wholename': 1, '-writable': 0, '-xtype': 1, '-context': 1,
  // actions that only print
  '-print': 0, '-print0': 0, '-printf': 1, '-ls': 0, '-prune': 0, '-quit': 0,
  // operators
  '(': 0, ')': 0, '!': 0, '-not': 0, '-a': 0, '-and': 0, '-o': 0, '-or': 0, ',': 0,
};

/** The actions of `find` that run a command (ended by `;`, or by `{} +` for the batch forms). */
export const FIND_EXEC_ACTIONS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** `find` split into its own words and the commands its `-exec`-style actions run. */
export interface FindExpression {
  /** Why the call is not read-only by itself (an action that writes, an unknown predicate). */
  problem?: string;
  /** The commands `-exec`, `-execdir`, `-ok`, `-okdir` run (`{}` is replaced by file names at run time). */
  execs: ShellWord[][];
}

/** Leading options of find (before the starting points). */
const LEADING = /^-(?:[HLP]|O\d*)$/;

/**
 * Walks a `find` call: leading options, starting points, then the expression, every predicate of
 * which must be on {@link FIND_PREDICATES} (or `-newerXY`), and each `-exec`-style action is cut
 * out as a command to analyse.
 */
export function findExpression(args: readonly ShellWord[]): FindExpression {
  const execs: ShellWord[][] = [];
  let problem: string | undefined;
  let i = 0;
  while (i < args.length && (LEADING.test(args[i]!.value) || args[i]!.value === '-D')) i += args[i]!.value === '-D' ? 2 : 1;
  while (i < args.length && !args[i]!.value.startsWith('-') && !['(', '!', ')', ','].includes(args[i]!.value)) {
    if (args[i]!.dynamic || args[i]!.glob) problem ??= `find starting point '${args[i]!.value}' is only known when the command runs and may be a predicate`;
    i++;
  }
  while (i < args.length) {
    const word = args[i]!;
    const value = word.value;
    if (word.dynamic || word.glob) {
      problem ??= `find argument '${value}' is only known when the command runs and may be a predicate`;
      i++;
      continue;
    }
    if (FIND_EXEC_ACTIONS.has(value)) {
      const end = args.findIndex((a, j) => j > i && (a.value === ';' || (a.value === '+' && args[j - 1]?.value === '{}')));
      if (end === -1) return { problem: `find ${value} is not terminated by ';' or '{} +'`, execs };
      execs.push(args.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    const arity = FIND_PREDICATES[value] ?? (/^-newer[aBcmt][aBcmt]$/.test(value) ? 1 : undefined);
    if (arity === undefined) {
      problem ??= `find predicate '${value}' is not on the read-only list`;
      i++;
      continue;
    }
    i += 1 + arity;
  }
  return { problem, execs };
}
