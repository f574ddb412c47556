import { checkFlags } from './flag-spec.js';
import type { FlagSpec } from './flag-spec.js';
import type { ShellWord } from './shell-word.js';

/**
 * git's global options that change nothing and run nothing (git 2.39 `git --help`). Not on it:
 * `-c` (any configuration, `core.pager`, `alias.x=!cmd`), `--exec-path`, `--git-dir`,
 * `--work-tree`, `--namespace`, `--config-env`, `-p` / `--paginate` (starts a pager).
 */
export const GIT_GLOBAL_OPTIONS: readonly string[] = ['-C', '--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-replace-objects', '--bare', '--version', '--help'];

/**
 * Revision and diff options shared by `log`, `show`, `diff`, `rev-list`, `shortlog` and
 * `whatchanged` that only select or format what is printed. Not on it: `--output` (writes a
 * file), `--ext-diff` and `--textconv` (run configured programs), `--show-signature` (runs gpg).
 * git resolves abbreviations of these only partly and by hand, so only exact names are accepted.
 */
const REVISION_AND_DIFF = [
  'oneline', 'graph', 'decorate', 'decorate=', 'no-decorate', 'decorate-refs=', 'decorate-refs-exclude=', 'stat', 'stat=', 'shortstat', 'numstat',
  'name-only', 'name-status', 'summary', 'patch', 'no-patch', 'abbrev-commit', 'no-abbrev-commit', 'abbrev', 'abbrev=', 'no-abbrev', 'format=',
  'pretty', 'pretty=', 'date=', 'relative-date', 'all', 'branches', 'branches=', 'tags', 'tags=', 'remotes', 'remotes=', 'glob=', 'exclude=',
  'since=', 'after=', 'until=', 'before=', 'since-as-filter=', 'author=', 'committer=', 'grep=', 'all-match', 'invert-grep', 'regexp-ignore-case',
  'extended-regexp', 'fixed-strings', 'perl-regexp', 'basic-regexp', 'merges', 'no-merges', 'min-parents=', 'max-parents=', 'no-min-parents',
  'no-max-parents', 'first-parent', 'reverse', 'max-count=', 'skip=', 'follow', 'left-right', 'left-only', 'right-only', 'cherry-pick',
  'cherry-mark', 'cherry', 'topo-order', 'date-order', 'author-date-order', 'boundary', 'simplify-by-decoration', 'full-history', 'dense',
  'sparse', 'simplify-merges', 'ancestry-path', 'show-pulls', 'source', 'color', 'color=', 'no-color', 'word-diff', 'word-diff=',
  'word-diff-regex=', 'color-words', 'color-words=', 'color-moved', 'color-moved=', 'no-color-moved', 'full-index', 'binary', 'no-renames',
  'find-renames', 'find-renames=', 'find-copies', 'find-copies=', 'find-copies-harder', 'break-rewrites', 'break-rewrites=', 'stat-width=',
  'stat-name-width=', 'stat-count=', 'dirstat', 'dirstat=', 'cumulative', 'compact-summary', 'ignore-all-space', 'ignore-space-change',
  'ignore-space-at-eol', 'ignore-blank-lines', 'ignore-cr-at-eol', 'ignore-matching-lines=', 'unified=', 'minimal', 'patience', 'histogram',
  'anchored=', 'diff-algorithm=', 'indent-heuristic', 'no-indent-heuristic', 'function-context', 'inter-hunk-context=', 'exit-code', 'quiet',
  'check', 'relative', 'relative=', 'no-relative', 'text', 'src-prefix=', 'dst-prefix=', 'no-prefix', 'default-prefix', 'line-prefix=', 'raw',
  'no-ext-diff', 'no-textconv', 'submodule', 'submodule=', 'ignore-submodules', 'ignore-submodules=', 'diff-filter=', 'pickaxe-all',
  'pickaxe-regex', 'full-diff', 'log-size', 'notes', 'notes=', 'no-notes', 'show-notes', 'show-notes=', 'mailmap', 'no-mailmap', 'use-mailmap',
  'no-use-mailmap', 'encoding=', 'expand-tabs', 'expand-tabs=', 'no-expand-tabs', 'parents', 'children', 'walk-reflogs', 'no-walk', 'no-walk=',
  'do-walk', 'not', 'in-commit-order', 'objects', 'objects-edge', 'count', 'patch-with-stat', 'patch-with-raw', 'ws-error-highlight=',
  'ita-invisible-in-index', 'ita-visible-in-index', 'remove-empty', 'show-linear-break', 'show-linear-break=', 'single-worktree', 'date-order',
  'combined-all-paths', 'cc', 'dd', 'diff-merges=', 'no-diff-merges', 'remerge-diff', 'irreversible-delete', 'rotate-to=', 'skip-to=', 'stdin',
  'timestamp', 'header', 'bisect', 'merge', 'reflog', 'indexed-objects', 'alternate-refs', 'exclude-hidden=', 'no-standard-notes', 'standard-notes',
  'show-signature-never', 'help',
];
const REVISION_SHORT = 'psuzRwbagiEFWt123mcl';
const REVISION_SHORT_VALUE = 'nSGLO';
const REVISION_SHORT_OPTIONAL = 'MCBUD';

/** Options of git that write or run programs (`--output`, `--ext-diff`, …): no git spec is closed, so a run-time word is never taken as safe. */
const GIT_UNSAFE = ['output=', 'ext-diff', 'textconv', 'show-signature', 'open-files-in-pager?'];

/**
 * A long option's value is taken only when attached (`--author=x`, written `name?`): git's own
 * parsers differ per option (`--unified`, `--abbrev`, `--merged` take an optional value, `--format`
 * only an attached one, and an unknown bare option does not stop git from acting on the next
 * one), so the word after a long option is never skipped as its value: it is checked as an option
 * or operand of its own (`git diff --unified --output=x` is not read-only). A value given as the
 * next word (`--author alice`) reads as an operand, which is at worst an ask.
 */
function optionalValues(long: readonly string[]): string[] {
  const attached = long.map((entry) => (entry.endsWith('=') ? `${entry.slice(0, -1)}?` : entry));
  return [...new Set(attached.filter((entry) => !attached.includes(`${entry}?`)))];
}

function gitSpec(extra: Partial<FlagSpec> & { long?: readonly string[] }): FlagSpec {
  return { short: '', unsafeLong: GIT_UNSAFE, ...extra, long: optionalValues(extra.long ?? []), abbreviations: false };
}

const REVISION_SPEC = gitSpec({ short: REVISION_SHORT, shortValue: REVISION_SHORT_VALUE, shortOptional: REVISION_SHORT_OPTIONAL, numeric: true, long: REVISION_AND_DIFF });

/** git subcommands that only read, with their safe options (git 2.39 man pages). */
export const GIT_READ_ONLY_SUBCOMMANDS: Readonly<Record<string, FlagSpec>> = {
  log: REVISION_SPEC,
  show: REVISION_SPEC,
  diff: gitSpec({ ...REVISION_SPEC, long: [...REVISION_AND_DIFF, 'cached', 'staged', 'no-index', 'merge-base'] }),
  whatchanged: REVISION_SPEC,
  'rev-list': REVISION_SPEC,
  'diff-tree': REVISION_SPEC,
  'diff-index': gitSpec({ ...REVISION_SPEC, long: [...REVISION_AND_DIFF, 'cached', 'merge-base'] }),
  'diff-files': REVISION_SPEC,
  shortlog: gitSpec({ short: 'snec', shortOptional: 'w', long: ['summary', 'numbered', 'email', 'committer', 'group=', 'format=', 'all', 'branches', 'tags', 'remotes', 'since=', 'until=', 'after=', 'before=', 'author=', 'no-merges', 'merges', 'first-parent', 'help'] }),
  status: gitSpec({
    short: 'sbvz',
    shortOptional: 'u',
    long: ['short', 'branch', 'show-stash', 'porcelain', 'porcelain=', 'long', 'verbose', 'untracked-files', 'untracked-files=', 'ignore-submodules', 'ignore-submodules=', 'ignored', 'ignored=', 'column', 'column=', 'no-column', 'ahead-behind', 'no-ahead-behind', 'renames', 'no-renames', 'find-renames', 'find-renames=', 'null', 'help'],
  }),
  'ls-files': gitSpec({
    short: 'cdmoiskuztvf',
    shortValue: 'xX',
    long: ['cached', 'deleted', 'modified', 'others', 'ignored', 'stage', 'unmerged', 'killed', 'directory', 'no-empty-directory', 'eol', 'exclude=', 'exclude-from=', 'exclude-per-directory=', 'exclude-standard', 'error-unmatch', 'with-tree=', 'full-name', 'recurse-submodules', 'abbrev', 'abbrev=', 'debug', 'deduplicate', 'sparse', 'format=', 'help'],
  }),
  'ls-tree': gitSpec({ short: 'drtlz', long: ['long', 'name-only', 'name-status', 'object-only', 'full-name', 'full-tree', 'abbrev', 'abbrev=', 'format=', 'help'] }),
  'cat-file': gitSpec({ short: 'tspeZ', long: ['batch', 'batch=', 'batch-check', 'batch-check=', 'batch-command', 'batch-all-objects', 'follow-symlinks', 'unordered', 'buffer', 'allow-unknown-type', 'use-mailmap', 'mailmap', 'no-mailmap', 'help'] }),
  'rev-parse': gitSpec({
    short: 'q',
    long: [
      'abbrev-ref', 'abbrev-ref=', 'short', 'short=', 'verify', 'quiet', 'symbolic', 'symbolic-full-name', 'show-toplevel', 'show-prefix', 'show-cdup',
      'git-dir', 'git-common-dir', 'absolute-git-dir', 'is-inside-work-tree', 'is-inside-git-dir', 'is-bare-repository', 'is-shallow-repository',
      'show-superproject-working-tree', 'show-object-format', 'show-object-format=', 'all', 'branches', 'branches=', 'tags', 'tags=', 'remotes', 'remotes=',
      'glob=', 'exclude=', 'not', 'revs-only', 'no-revs', 'flags', 'no-flags', 'default=', 'prefix=', 'sq', 'sq-quote', 'local-env-vars', 'resolve-git-dir',
      'git-path', 'since=', 'until=', 'after=', 'before=', 'disambiguate=', 'shared-index-path', 'path-format=', 'verify', 'end-of-options', 'help',
    ],
  }),
  describe: gitSpec({ long: ['all', 'tags', 'contains', 'abbrev=', 'candidates=', 'exact-match', 'debug', 'long', 'match=', 'exclude=', 'always', 'first-parent', 'dirty', 'dirty=', 'broken', 'broken=', 'help'] }),
  blame: gitSpec({
    short: 'bltpnsefwc',
    shortValue: 'LS',
    shortOptional: 'MC',
    long: ['root', 'show-stats', 'reverse=', 'first-parent', 'porcelain', 'line-porcelain', 'incremental', 'encoding=', 'contents=', 'date=', 'progress', 'no-progress', 'ignore-rev=', 'ignore-revs-file=', 'color-lines', 'color-by-age', 'score-debug', 'show-name', 'show-number', 'show-email', 'abbrev=', 'minimal', 'help'],
  }),
  grep: gitSpec({
    short: 'aiIrwvhHEGPFnlLzocpWq',
    shortValue: 'ABCfem',
    numeric: true,
    long: [
      'text', 'no-textconv', 'ignore-case', 'max-depth=', 'recursive', 'no-recursive', 'word-regexp', 'invert-match', 'full-name', 'extended-regexp',
      'basic-regexp', 'perl-regexp', 'fixed-strings', 'line-number', 'column', 'files-with-matches', 'name-only', 'files-without-match', 'null',
      'only-matching', 'count', 'color', 'color=', 'no-color', 'break', 'heading', 'show-function', 'after-context=', 'before-context=', 'context=',
      'function-context', 'threads=', 'and', 'or', 'not', 'all-match', 'quiet', 'cached', 'untracked', 'no-index', 'exclude-standard',
      'no-exclude-standard', 'recurse-submodules', 'max-count=', 'help',
    ],
  }),
  reflog: REVISION_SPEC,
};

/** The forms of `git branch`, `git tag`, `git remote`, `git config` and `git reflog` that only list. */
const LISTING: Readonly<Record<string, FlagSpec>> = {
  branch: gitSpec({ short: 'arvl', long: ['all', 'remotes', 'verbose', 'list', 'show-current', 'merged', 'merged=', 'no-merged', 'no-merged=', 'contains', 'contains=', 'no-contains', 'no-contains=', 'points-at=', 'sort=', 'format=', 'color', 'color=', 'no-color', 'column', 'column=', 'no-column', 'abbrev=', 'no-abbrev', 'ignore-case', 'omit-empty', 'help'] }),
  tag: gitSpec({ short: 'li', shortOptional: 'n', long: ['list', 'contains', 'contains=', 'no-contains', 'no-contains=', 'merged', 'merged=', 'no-merged', 'no-merged=', 'points-at=', 'sort=', 'format=', 'color', 'color=', 'column', 'column=', 'no-column', 'ignore-case', 'omit-empty', 'help'] }),
  remote: gitSpec({ short: 'v', long: ['verbose', 'help'] }),
  config: gitSpec({ short: 'lz', shortValue: 'f', long: ['get', 'get-all', 'get-regexp', 'list', 'global', 'system', 'local', 'worktree', 'file=', 'blob=', 'show-origin', 'show-scope', 'null', 'name-only', 'type=', 'bool', 'int', 'bool-or-int', 'path', 'expiry-date', 'includes', 'no-includes', 'default=', 'help'] }),
};

/** Why a git call is not read-only (undefined when it only reads). */
export function gitReadOnlyProblem(args: readonly ShellWord[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i]!.value.startsWith('-')) {
    const word = args[i]!;
    if (word.dynamic || word.glob) return `git argument '${word.value}' is only known when the command runs`;
    if (word.value === '-C') i += 2;
    else if (GIT_GLOBAL_OPTIONS.includes(word.value)) {
      if (word.value === '--version' || word.value === '--help') return args.length === i + 1 ? undefined : `git ${word.value} takes no further argument here`;
      i++;
    } else return `git global option '${word.value}' is not on the read-only list (it can change what git runs)`;
  }
  const sub = args[i];
  if (sub === undefined) return 'git without a subcommand';
  if (sub.dynamic || sub.glob) return `git subcommand '${sub.value}' is only known when the command runs`;
  const rest = args.slice(i + 1);
  const name = sub.value;
  if (name === 'reflog' && rest[0] !== undefined && !rest[0].value.startsWith('-')) {
    if (rest[0].value === 'show') return problemOf(GIT_READ_ONLY_SUBCOMMANDS.reflog!, rest.slice(1), 'reflog show');
    if (rest[0].value === 'exists') return rest.length === 2 ? undefined : 'git reflog exists takes one ref';
    return `git reflog ${rest[0].value} is not read-only`;
  }
  const spec = Object.hasOwn(GIT_READ_ONLY_SUBCOMMANDS, name) ? GIT_READ_ONLY_SUBCOMMANDS[name] : undefined;
  if (spec) return problemOf(spec, rest, name);
  const listing = Object.hasOwn(LISTING, name) ? LISTING[name] : undefined;
  if (!listing) return `git ${name} is not a read-only subcommand`;
  if (name === 'remote') return remoteProblem(rest);
  const check = checkFlags(listing, rest);
  if (check.problem) return `git ${name}: ${check.problem}`;
  const flags = check.flags.map((f) => f.name);
  if (name === 'config') {
    const modes = ['--get', '--get-all', '--get-regexp', '--list', '-l'];
    if (!flags.some((f) => modes.includes(f))) return 'git config without --get, --get-all, --get-regexp or --list sets or edits configuration';
    return check.operands.length <= 2 ? undefined : 'git config given more than a name and a value pattern';
  }
  // `git branch x` / `git tag x` create; patterns are only read with an explicit --list
  if (check.operands.length > 0 && !flags.includes('--list') && !flags.includes('-l')) return `git ${name} with an operand creates a ${name} (add --list to list by pattern)`;
  return undefined;
}

function problemOf(spec: FlagSpec, args: readonly ShellWord[], name: string): string | undefined {
  const problem = checkFlags(spec, args).problem;
  return problem === undefined ? undefined : `git ${name}: ${problem}`;
}

/** `git remote`, `git remote -v`, `git remote get-url NAME`, `git remote show -n NAME` (without -n it contacts the remote). */
function remoteProblem(rest: readonly ShellWord[]): string | undefined {
  const words = rest.map((w) => w.value);
  if (rest.some((w) => w.dynamic || w.glob)) return 'git remote argument only known when the command runs';
  if (words.every((w) => w === '-v' || w === '--verbose')) return undefined;
  if (words[0] === 'get-url') return words.slice(1).every((w) => w === '--push' || w === '--all' || !w.startsWith('-')) ? undefined : 'git remote get-url: unknown option';
  if (words[0] === 'show') {
    if (!words.includes('-n')) return 'git remote show contacts the remote (use -n to show the configuration only)';
    return words.slice(1).every((w) => w === '-n' || !w.startsWith('-')) ? undefined : 'git remote show: unknown option';
  }
  return `git remote ${words[0] ?? ''} is not read-only`;
}
