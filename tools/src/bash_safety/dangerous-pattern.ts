import { HARMLESS_DEVICES, RESOLUTION_CHANGING_COMMANDS, RESOLUTION_VARIABLES } from './bash-lists.js';
import type { SimpleCommand } from './simple-command.js';
import { isPrivileged } from './unwrap-command.js';

/** True when a flag word sets the one-letter option `letter` (`-rf`, `-r`) or is the long form. */
function hasOption(args: readonly string[], letter: string, long: string): boolean {
  return args.some((a) => a === long || (/^-[a-zA-Z]+$/.test(a) && a.includes(letter)));
}

/**
 * The dangerous pattern the command matches, as a short name (`rm -rf`, `dd`, `chmod 777`), or
 * undefined. Matching is on parsed words, so `npm run format` is not `format` and `git add .` is
 * not `dd`.
 */
export function dangerousPattern(command: SimpleCommand): string | undefined {
  const words = command.words.map((w) => w.value);
  const name = words[0] ?? '';
  const args = words.slice(1);
  for (const r of command.redirects) {
    if (r.target && !r.target.dynamic && r.target.value.startsWith('/dev/') && !HARMLESS_DEVICES.has(r.target.value) && !r.target.value.startsWith('/dev/fd/')) {
      return r.operator.includes('>') ? '> /dev/' : undefined;
    }
  }
  if (name === 'rm' && isPrivileged(command)) return 'sudo rm';
  if (name === 'rm' && (hasOption(args, 'r', '--recursive') || hasOption(args, 'R', '--recursive')) && hasOption(args, 'f', '--force')) return 'rm -rf';
  if (['dd', 'fdisk', 'sfdisk', 'parted', 'wipefs', 'mkswap', 'shred', 'format'].includes(name)) return name;
  if (name === 'mkfs' || name.startsWith('mkfs.')) return 'mkfs';
  if (name === 'chmod' && args.some((a) => /^0?777$/.test(a) || /^(a|ugo)\+rwx$/.test(a))) return args.some((a) => a === '-R' || a === '--recursive') ? 'chmod -R 777' : 'chmod 777';
  if (name === 'chown' && hasOption(args, 'R', '--recursive')) return 'chown -R';
  if (['kill', 'pkill', 'killall'].includes(name) && args.some((a, i) => ['-9', '-KILL', '-SIGKILL'].includes(a) || (a === '-s' && ['9', 'KILL', 'SIGKILL'].includes(args[i + 1] ?? '')))) return 'kill -9';
  if (name === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    if (sub === 'reset' && args.includes('--hard')) return 'git reset --hard';
    if (sub === 'clean' && hasOption(args, 'f', '--force')) return 'git clean -f';
    if (sub === 'push' && args.some((a) => a === '--force' || a === '-f' || a.startsWith('--force-with-lease') || a.startsWith('+'))) return 'git push --force';
  }
  return resolutionChange(command);
}

/**
 * A change to how later commands in the persistent session resolve: an alias (`alias ls='rm -rf ~'`
 * makes a later `ls` something else), `hash -p`, a trap, or setting `PATH`, `BASH_ENV`, `LD_PRELOAD`, ….
 */
function resolutionChange(command: SimpleCommand): string | undefined {
  const words = command.words.map((w) => w.value);
  const name = words[0];
  if (name === undefined) {
    const variable = command.assignments.find((a) => RESOLUTION_VARIABLES.has(a.name));
    return variable ? `${variable.name}=` : undefined;
  }
  if (RESOLUTION_CHANGING_COMMANDS.has(name) && words.length > 1 && !(name === 'alias' && words.slice(1).every((w) => !w.includes('=')))) return name;
  if (['export', 'declare', 'typeset', 'readonly', 'local'].includes(name)) {
    const variable = words.slice(1).find((w) => RESOLUTION_VARIABLES.has(w.split('=')[0]!));
    if (variable) return `${name} ${variable.split('=')[0]}`;
  }
  return undefined;
}
