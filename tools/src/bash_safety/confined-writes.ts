import { isAbsolute, resolve } from 'node:path';
import { isWithin, realPathOf } from '@toolwright/sdk/internal';
import { PATH_CHANGING_COMMANDS } from './bash-lists.js';
import { commandTargets } from './command-targets.js';
import { globMatchesOf, realTargetOf } from './dangerous-path.js';
import type { RealPath } from './dangerous-path.js';
import { gitConfigTargets } from './git-config-targets.js';
import { outputFlagTargets } from './output-flag-targets.js';
import { isReadOnlyCommand } from './read-only-command.js';
import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';
import { commandName } from './simple-command.js';

/** Commands whose last operand is the only path they write (unless `-t DIR` names it). */
const DESTINATION_ONLY = new Set(['cp', 'ln', 'install']);

/**
 * The paths a simple command writes, as far as the analysis sees them: redirections, the operands
 * of the file commands, `dd of=`, `sed -i` files, output options (`curl -o`, `sort -o`…), the file
 * `git config` writes. For `cp`, `ln` and
 * `install` only the destination (the last operand) is written, unless a `-t`/`--target-directory`
 * form is used (then every operand counts, to stay on the safe side).
 */
export function writtenTargets(command: SimpleCommand): ShellWord[] {
  const targets = [...commandTargets(command), ...gitConfigTargets(command), ...outputFlagTargets(command)];
  const name = commandName(command);
  if (!DESTINATION_ONLY.has(name) || command.words.some((w) => w.value === '-t' || w.value.startsWith('--target-directory') || /^-[^-]*t/.test(w.value))) return targets;
  const redirected = command.redirects.filter((r) => r.writes && r.target).length;
  const operands = targets.slice(redirected);
  return [...targets.slice(0, redirected), ...operands.slice(-1)];
}

/** Why `target` of `command` cannot be shown to stay inside `dirs`, or undefined when it does. */
function targetProblem(target: ShellWord, command: SimpleCommand, dirs: readonly string[], realDirs: readonly string[], realPath: RealPath): string | undefined {
  if (target.dynamic) return `it is only known when the command runs`;
  if (!isAbsolute(target.value) && command.cwd === undefined) return `it is relative and the shell's directory is not known`;
  const lastSlash = target.value.lastIndexOf('/');
  if (target.glob && /[*?[]/.test(target.value.slice(0, lastSlash + 1))) return `it has a pattern in its directory part`;
  const written = resolve(command.cwd ?? '/', target.glob ? target.value.slice(0, lastSlash + 1) || '.' : target.value);
  const real = realTargetOf(target.glob ? { ...target, value: target.value.slice(0, lastSlash + 1) || '.', glob: false } : target, command.cwd, realPath)!;
  const inside = dirs.some((d, i) => isWithin(written, d) || isWithin(written, realDirs[i]!)) && realDirs.some((d) => isWithin(real, d));
  if (!inside) return real === written ? 'it is outside them' : `it resolves to '${real}', outside them`;
  const escaping = globMatchesOf(target, command.cwd, realPath).find((match) => !realDirs.some((d) => isWithin(match, d)));
  return escaping === undefined ? undefined : `it matches a path that resolves to '${escaping}', outside them`;
}

/**
 * Under `confineWrites`: why the command line may write outside `workingDirectories`, or
 * undefined. A write target is checked as written and as resolved (links followed); a target the
 * analysis cannot resolve (a variable, a relative path after a `cd` to an unknown place, a pattern
 * in a directory part, arguments `xargs` appends) is refused too: confinement that guesses is no
 * confinement. Programs that write files the command line does not name (`npm`, `make`, a script)
 * are not seen here: a sandbox is the tool for those.
 */
export function confinedWritesProblem(commands: readonly SimpleCommand[], workingDirectories: readonly string[], realPath: RealPath = realPathOf): string | undefined {
  const dirs = workingDirectories.map((d) => resolve(d));
  let realDirs: string[] | undefined;
  for (const command of commands) {
    if (isReadOnlyCommand(command)) continue;
    const name = commandName(command);
    if (command.appendedArguments && (PATH_CHANGING_COMMANDS.has(name) || name === 'dd')) {
      return refusal(`Running '${name}' with arguments appended at run time (${command.wrappers.join(' ') || 'xargs'})`, 'its targets are only known when the command runs', dirs);
    }
    for (const target of writtenTargets(command)) {
      realDirs ??= dirs.map(realPath);
      const problem = targetProblem(target, command, dirs, realDirs, realPath);
      if (problem) return refusal(`Writing '${target.value}'`, problem, dirs);
    }
  }
  return undefined;
}

function refusal(what: string, problem: string, dirs: readonly string[]): string {
  const where = dirs.length === 0 ? 'none are set' : dirs.join(', ');
  return `${what} is refused: ${problem}. confineWrites allows writes only inside the working directories (${where}), at paths known before the command runs.`;
}
