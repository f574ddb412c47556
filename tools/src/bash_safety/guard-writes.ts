import { realPathOf } from '@toolwright/sdk/internal';
import type { ProtectedPaths } from '@toolwright/sdk/policy';
import type { BashVerdict } from './bash-verdict.js';
import { commandTargets } from './command-targets.js';
import { confinedWritesProblem } from './confined-writes.js';
import type { DangerousPathLists, RealPath } from './dangerous-path.js';
import { dangerousTarget } from './dangerous-path.js';
import { gitConfigTargets } from './git-config-targets.js';
import { outputFlagTargets } from './output-flag-targets.js';
import { isReadOnlyCommand } from './read-only-command.js';
import type { SimpleCommand } from './simple-command.js';

/** What {@link guardWrites} needs to know about the call. */
export interface GuardWritesContext {
  /** The protected paths (absent: the built-in lists; `false`: protection off, dangerous paths still ask but `bypass` skips it). */
  protectedPaths?: ProtectedPaths;
  /** Deny writes outside `workingDirectories`. */
  confineWrites?: boolean;
  /** The policy's working directories (for `confineWrites`). */
  workingDirectories?: readonly string[];
  /** The shell's directory (stands in for the working directories when none are given). */
  cwd?: string;
}

let lastBase: DangerousPathLists | undefined;
let lastAdded: ProtectedPaths | undefined;
let lastLists: DangerousPathLists | undefined;

/** The analysis's lists with the policy's additions (built once per pair). */
function listsWith(base: DangerousPathLists, added: ProtectedPaths | undefined): DangerousPathLists {
  if (!added || (added.files.length === 0 && added.directories.length === 0)) return base;
  if (base !== lastBase || added !== lastAdded) {
    lastBase = base;
    lastAdded = added;
    lastLists = { files: [...base.files, ...added.files], directories: [...base.directories, ...added.directories] };
  }
  return lastLists!;
}

/**
 * The write checks that hold whatever else the command does, run before every other step so no
 * earlier ask that `bypass` skips can hide them: under `confineWrites` a write outside the
 * working directories is denied; a write to a protected path (as written, or through a
 * symbolic link) is a safety ask naming the entry (held in every mode unless protection is off).
 * Targets: redirections, the file commands' operands, `sed -i`, `dd of=`, output options
 * (`curl -o`, `wget -O`, `sort -o`, `tar -C`…), and the file a writing `git config` changes. Undefined when neither applies.
 */
export function guardWrites(commands: readonly SimpleCommand[], base: DangerousPathLists, context: GuardWritesContext, realPath: RealPath = realPathOf): BashVerdict | undefined {
  if (context.confineWrites) {
    const dirs = context.workingDirectories && context.workingDirectories.length > 0 ? context.workingDirectories : context.cwd === undefined ? [] : [context.cwd];
    const problem = confinedWritesProblem(commands, dirs, realPath);
    if (problem) return { behavior: 'deny', reason: problem, bypassImmune: false, step: 'confine-writes' };
  }
  const lists = listsWith(base, context.protectedPaths === false ? undefined : context.protectedPaths);
  for (const simple of commands) {
    const targets = [...commandTargets(simple), ...outputFlagTargets(simple)];
    const config = gitConfigTargets(simple);
    if (config.length > 0 && !isReadOnlyCommand(simple)) targets.push(...config);
    const hit = dangerousTarget(targets, simple.cwd, lists, realPath);
    if (!hit) continue;
    const through = hit.real === undefined ? '' : ` (through a symbolic link to '${hit.real}')`;
    return {
      behavior: 'ask',
      reason: `Command modifies '${hit.path}'${through}, which matches the protected entry '${hit.entry}'`,
      bypassImmune: true,
      ...(context.protectedPaths === false ? {} : { protectedPath: hit.entry }),
      step: 'dangerous-path',
    };
  }
  return undefined;
}
