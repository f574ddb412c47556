import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { SimpleCommand } from './simple-command.js';
import { commandTargets } from './command-targets.js';
import { isInsideDir as isInside } from './resolve-inside.js';

const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred']);
const WHOLE_DIRECTORY_PATTERNS = new Set(['*', './*', '.*', '**', './.*', '/']);

/**
 * Why a removal is dangerous, or undefined: `rm` of `*`, `./*`, anything ending in `/*`, `/`, the
 * home directory, a direct child of `/`, a working directory or a directory containing one,
 * or a target only known at run time (`$DIR`, `xargs rm`).
 */
export function dangerousRemoval(command: SimpleCommand, workingDirectories: readonly string[]): string | undefined {
  const name = command.words[0]?.value ?? '';
  if (!REMOVERS.has(name)) return undefined;
  if (command.appendedArguments) return `${name} gets its targets only when it runs (from xargs), so they cannot be checked`;
  const home = homedir();
  for (const target of commandTargets(command)) {
    const value = target.value;
    if (target.dynamic) return `${name} target '${value}' is only known when the command runs`;
    if (WHOLE_DIRECTORY_PATTERNS.has(value) || value.endsWith('/*')) return `${name} of '${value}' removes a whole directory's content`;
    const path = command.cwd === undefined ? (value.startsWith('/') ? resolve(value) : undefined) : resolve(command.cwd, value);
    if (path === undefined) {
      if (value.includes('..')) return `${name} target '${value}' cannot be resolved (the working directory is unknown)`;
      continue;
    }
    if (path === home || isInside(path, home)) return `${name} of '${value}' removes the home directory`;
    if (path === '/' || dirname(path) === '/') return `${name} of '${value}' removes a top-level system directory`;
    if (workingDirectories.some((dir) => isInside(path, dir))) return `${name} of '${value}' removes a working directory or a directory containing one`;
  }
  return undefined;
}
