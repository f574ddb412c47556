import { homedir } from 'node:os';
import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';

/** git's global options that take a value as the next word. */
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds', '--attr-source']);

/** `git config`'s options naming the file it reads or writes. */
const FILE_OPTIONS = new Set(['-f', '--file']);

function literal(value: string): ShellWord {
  return { value, dynamic: false, glob: false };
}

/**
 * The configuration file a `git config` call writes, or none for other commands: `--global`
 * writes `~/.gitconfig`, `--system` `/etc/gitconfig`, `--file F`/`-f F` F, otherwise the
 * repository's `.git/config` (below `-C DIR` when given). The analysis calls only the read forms
 * read-only, so any `git config` that reaches the dangerous-path step is taken to write.
 */
export function gitConfigTargets(command: SimpleCommand): ShellWord[] {
  const words = command.words;
  if (words[0]?.value !== 'git') return [];
  let dir: ShellWord | undefined;
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (!word.value.startsWith('-')) break;
    if (word.value === '-C') dir = words[i + 1];
    if (GIT_VALUE_OPTIONS.has(word.value)) i++;
  }
  if (words[i]?.value !== 'config') return [];
  for (let j = i + 1; j < words.length; j++) {
    const word = words[j]!;
    if (word.value === '--global') return [literal(`${homedir()}/.gitconfig`)];
    if (word.value === '--system') return [literal('/etc/gitconfig')];
    if (FILE_OPTIONS.has(word.value) && words[j + 1]) return [words[j + 1]!];
    if (word.value.startsWith('--file=')) return [{ ...word, value: word.value.slice('--file='.length) }];
  }
  if (dir?.dynamic) return [dir];
  return [literal(dir ? `${dir.value}/.git/config` : '.git/config')];
}
