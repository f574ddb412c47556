import { GIT_LISTING_ONLY, READ_ONLY_PREFIXES, SAFE_ASSIGNMENTS, SAFE_COMMANDS, WRITING_FLAGS } from './bash-lists.js';
import { sedCall } from './sed-check.js';
import type { SimpleCommand } from './simple-command.js';
import { isPrivileged } from './unwrap-command.js';

const PREFIX_WORDS: ReadonlyArray<readonly string[]> = READ_ONLY_PREFIXES.map((p) => p.split(' '));

/** git's global options that take a value, and those that change nothing. */
const GIT_VALUE_OPTIONS = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);
const GIT_PLAIN_OPTIONS = new Set(['--no-pager', '-P', '--no-optional-locks', '--bare', '--literal-pathspecs', '--no-replace-objects']);

/**
 * True when the simple command only reads: a command of the read-only or safe lists, without a
 * redirection to a file, without privileges, without `find -delete`-style flags, and without
 * environment assignments that could change what it runs (`GIT_EXTERNAL_DIFF=…`).
 */
export function isReadOnlyCommand(command: SimpleCommand): boolean {
  if (command.redirects.some((r) => r.writes) || isPrivileged(command)) return false;
  if (command.assignments.some((a) => !SAFE_ASSIGNMENTS.has(a.name))) return false;
  if (command.words.length === 0) return command.assignments.length === 0;
  const words = command.words.map((w) => w.value);
  const name = words[0]!;
  const writing = WRITING_FLAGS[name];
  if (writing && words.slice(1).some((w) => writing.some((flag) => flagPresent(w, flag)))) return false;
  if (name === 'sed') {
    const call = sedCall(command.words.slice(1));
    return !call.inPlace && call.problem === undefined;
  }
  if (name === 'git') return isReadOnlyGit(words.slice(1));
  if ((name === 'less' || name === 'more') && words.slice(1).some((w) => w.startsWith('+'))) return false; // `+cmd` runs a pager command (`+!sh`)
  if (name === 'date') return !words.slice(1).some((w) => w === '-s' || w.startsWith('--set'));
  if (name === 'uniq') return words.slice(1).filter((w) => !w.startsWith('-')).length <= 1; // a second operand is an output file
  if (SAFE_COMMANDS.has(name)) return true;
  if ((name === 'command' || name === 'type') && words.length > 1) return true; // `command -v x` looks a name up
  return PREFIX_WORDS.some((prefix) => prefix.every((p, i) => words[i] === p));
}

function flagPresent(word: string, flag: string): boolean {
  if (word === flag || word.startsWith(`${flag}=`)) return true;
  // a short flag may be attached (`-ofile`) or grouped (`-uo`)
  return flag.length === 2 && flag.startsWith('-') && !word.startsWith('--') && word.startsWith('-') && word.slice(1).includes(flag[1]!) && word.length > 2 && !/^-[a-z]{3,}/.test(word);
}

function isReadOnlyGit(args: readonly string[]): boolean {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    const option = args[i]!.split('=')[0]!;
    if (GIT_VALUE_OPTIONS.has(option)) i += args[i]!.includes('=') ? 1 : 2;
    else if (GIT_PLAIN_OPTIONS.has(option)) i++;
    else return false; // `-c alias.x=!cmd` and the like can run anything
  }
  const rest = args.slice(i);
  const sub = rest[0];
  if (sub === undefined) return false;
  const listing = GIT_LISTING_ONLY[sub];
  if (listing) {
    if (sub === 'remote' && (rest[1] === 'show' || rest[1] === 'get-url')) return true;
    return rest.slice(1).every((a) => listing.includes(a) || (sub === 'branch' && (a.startsWith('--contains') || a.startsWith('--sort=') || a.startsWith('--format='))));
  }
  if (rest.some((a) => a.startsWith('--output') || a === '--ext-diff' || a.startsWith('--open-files-in-pager') || a === '-O')) return false;
  const words = ['git', ...rest];
  return PREFIX_WORDS.some((prefix) => prefix[0] === 'git' && prefix.every((p, j) => words[j] === p));
}
