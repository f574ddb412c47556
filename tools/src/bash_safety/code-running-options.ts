import { FIND_EXEC_ACTIONS } from './find-expression.js';
import type { SimpleCommand } from './simple-command.js';

/** Options that make a command run a program or code the option names, per command (and git subcommand). */
export interface CodeRunningOptions {
  /** Long options (without `--`); an unambiguous abbreviation counts too (git and GNU tools accept them). */
  long: readonly string[];
  /** One-letter options, also inside a group (`-vu`). */
  short?: string;
}

/**
 * Options through which a command covered by a prefix rule (`git:*`, `npm run test:*`) would run
 * arbitrary code: a rule for the command does not cover them. git's `-c` and `--config-env` are
 * global options (before the subcommand) and any configuration can name a program
 * (`core.pager`, `alias.x=!cmd`, `core.sshCommand`); the others are per subcommand.
 */
export const CODE_RUNNING_OPTIONS: Readonly<Record<string, CodeRunningOptions>> = {
  'git': { long: ['config-env', 'exec-path', 'upload-pack', 'receive-pack', 'exec', 'ext-diff', 'textconv', 'open-files-in-pager', 'template', 'extcmd', 'tool', 'config'], short: 'c' },
  'git fetch': { long: [], short: 'u' },
  'git pull': { long: [], short: 'u' },
  'git clone': { long: [], short: 'uc' },
  'git ls-remote': { long: [], short: 'u' },
  'git archive': { long: ['remote'] },
  'git rebase': { long: [], short: 'x' },
  'git grep': { long: [], short: 'O' },
  'git difftool': { long: [], short: 'xt' },
  'npm': { long: ['script-shell', 'node-options', 'shell', 'call', 'userconfig', 'globalconfig', 'git', 'editor', 'browser', 'viewer', 'init-module', 'prefix'] },
  'npm exec': { long: [], short: 'c' },
  'rg': { long: ['pre', 'search-zip'], short: 'z' },
  'sort': { long: ['compress-program'] },
  'tar': { long: ['to-command', 'use-compress-program', 'checkpoint-action', 'info-script', 'new-volume-script', 'rsh-command'], short: 'IF' },
  'rsync': { long: ['rsh', 'rsync-path'], short: 'e' },
  'less': { long: ['log-file', 'LOG-FILE'] },
  'ssh': { long: [], short: 'o' },
  'scp': { long: [], short: 'oS' },
};

/** git subcommands that run a command given as an argument (`git bisect run CMD`, `git submodule foreach CMD`, filter scripts). */
export const GIT_RUNS_ARGUMENT: ReadonlySet<string> = new Set(['bisect run', 'submodule foreach', 'filter-branch']);

/**
 * The option through which the command would run code the option names (`git -c core.pager=…`,
 * `git fetch --upload-pack=…`, `npm test --script-shell=…`, `find -exec`), as written, or undefined.
 */
export function codeRunningOption(command: SimpleCommand): string | undefined {
  const words = command.words.map((w) => w.value);
  const name = words[0] ?? '';
  const args = words.slice(1);
  if (name === 'find') return args.find((a) => FIND_EXEC_ACTIONS.has(a));
  if ((name === 'less' || name === 'more') && args.some((a) => a.startsWith('+'))) return args.find((a) => a.startsWith('+'));
  const tables: CodeRunningOptions[] = [];
  let subIndex = -1;
  if (name === 'git') {
    // global options first: `-c`, `--config-env`, `--exec-path` run code whatever the subcommand
    let i = 0;
    for (; i < args.length && args[i]!.startsWith('-'); i++) {
      const a = args[i]!;
      if (a.startsWith('-c') || matchesLong(a, ['config-env', 'exec-path'])) return a;
      if (a === '-C' || a === '--git-dir' || a === '--work-tree' || a === '--namespace') i++;
    }
    subIndex = i;
    const sub = args[i];
    if (sub !== undefined) {
      if (GIT_RUNS_ARGUMENT.has(`${sub} ${args[i + 1] ?? ''}`) || GIT_RUNS_ARGUMENT.has(sub)) return `git ${sub}${GIT_RUNS_ARGUMENT.has(sub) ? '' : ` ${args[i + 1]}`}`;
      const own = Object.hasOwn(CODE_RUNNING_OPTIONS, `git ${sub}`) ? CODE_RUNNING_OPTIONS[`git ${sub}`] : undefined;
      if (own) tables.push(own);
      tables.push({ long: CODE_RUNNING_OPTIONS.git!.long });
    }
  } else {
    const general = Object.hasOwn(CODE_RUNNING_OPTIONS, name) ? CODE_RUNNING_OPTIONS[name] : undefined;
    if (general) tables.push(general);
    const sub = args.find((a) => !a.startsWith('-'));
    const own = sub !== undefined && Object.hasOwn(CODE_RUNNING_OPTIONS, `${name} ${sub}`) ? CODE_RUNNING_OPTIONS[`${name} ${sub}`] : undefined;
    if (own) tables.push(own);
  }
  if (tables.length === 0) return undefined;
  for (const a of args.slice(subIndex + 1)) {
    if (a === '--') break;
    for (const table of tables) {
      if (a.startsWith('--') && matchesLong(a, table.long)) return a;
      if (table.short && /^-[A-Za-z0-9]/.test(a) && !a.startsWith('--') && [...a.slice(1)].some((c) => table.short!.includes(c))) return a;
    }
  }
  return undefined;
}

/** True when `--name[=…]` is one of `options` or an abbreviation of one (`--upload-p`). */
function matchesLong(word: string, options: readonly string[]): boolean {
  if (!word.startsWith('--')) return false;
  const name = word.slice(2).split('=')[0]!;
  return name.length > 0 && options.some((o) => o.startsWith(name));
}
