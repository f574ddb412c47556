import { HARMLESS_VARIABLES } from './bash-lists.js';
import { findExpression } from './find-expression.js';
import { checkFlags, isClosedSpec } from './flag-spec.js';
import type { FlagSpec } from './flag-spec.js';
import { gitReadOnlyProblem } from './git-read-only.js';
import { networkEgress } from './network-egress.js';
import { READ_ONLY_COMMANDS } from './read-only-commands.js';
import { sedCall } from './sed-check.js';
import type { SimpleCommand } from './simple-command.js';
import { isPrivileged } from './unwrap-command.js';

/** Interpreters and tools read-only only as these exact version queries. */
export const VERSION_QUERIES: Readonly<Record<string, readonly string[]>> = {
  python: ['--version', '-V', '-VV'],
  python3: ['--version', '-V', '-VV'],
  node: ['--version', '-v'],
  npm: ['--version', '-v'],
  pip: ['--version', '-V'],
  pip3: ['--version', '-V'],
  git: ['--version'],
};

/**
 * Why the simple command is not read-only, or undefined when it only reads: its name and every
 * option it carries are on the allowlist ({@link READ_ONLY_COMMANDS}, git's and find's own
 * lists, sed without `-i` and with a safe script), it writes no file by redirection, runs
 * without privileges, contacts no other host, and is given no environment variable outside
 * {@link HARMLESS_VARIABLES}. When a wrapper appends arguments at run time (`xargs`, `find
 * -exec … {} +`), the command must be read-only whatever they are: only commands all of whose
 * options are safe qualify.
 */
export function readOnlyProblem(command: SimpleCommand): string | undefined {
  const redirect = command.redirects.find((r) => r.writes);
  if (redirect) return `'${redirect.operator} ${redirect.target?.value ?? ''}' writes a file`;
  if (command.wrapperProblem) return command.wrapperProblem;
  if (isPrivileged(command)) return `'${command.wrappers.join(' ')}' runs it with other privileges`;
  const variable = command.assignments.find((a) => !HARMLESS_VARIABLES.has(a.name));
  if (variable) return `the variable ${variable.name} is not on the harmless list (it may change what the command runs)`;
  const network = networkEgress(command);
  if (network) return network;
  if (command.words.length === 0) return command.assignments.length === 0 ? undefined : 'it sets a shell variable';
  const name = command.words[0]!.value;
  const args = command.words.slice(1);
  const appended = command.appendedArguments;
  const label = appended ? `${name} (given more arguments at run time)` : name;
  if (name === 'sed') {
    if (appended) return `${label}: sed has options that write files`;
    const call = sedCall(args);
    return call.inPlace ? 'sed -i rewrites files' : call.problem;
  }
  const version = Object.hasOwn(VERSION_QUERIES, name) ? VERSION_QUERIES[name] : undefined;
  if (version && args.length === 1 && version.includes(args[0]!.value) && !args[0]!.dynamic && !appended) return undefined;
  if (name === 'git') return appended ? `${label}: git has options that run programs` : gitReadOnlyProblem(args);
  if (name === 'find') return appended ? `${label}: find has actions that write` : findExpression(args).problem;
  if (name === 'command' && (args[0]?.value === '-v' || args[0]?.value === '-V') && !appended) return undefined; // looks a name up
  if (name === 'env') return args.every((a) => a.value === '-0' || a.value === '--null') && !appended ? undefined : 'env runs or changes something';
  const two = args[0] && !args[0].dynamic ? specOf(`${name} ${args[0].value}`) : undefined;
  const spec = two ?? specOf(name);
  if (!spec) return `'${name}' is not on the read-only list`;
  if (appended && !isClosedSpec(spec)) return `${label}: some of its options write or run programs`;
  const problem = checkFlags(spec, two ? args.slice(1) : args).problem;
  return problem === undefined ? undefined : `${name}: ${problem}`;
}

function specOf(key: string): FlagSpec | undefined {
  return Object.hasOwn(READ_ONLY_COMMANDS, key) ? READ_ONLY_COMMANDS[key] : undefined;
}

/** True when the simple command only reads (see {@link readOnlyProblem}). */
export function isReadOnlyCommand(command: SimpleCommand): boolean {
  return readOnlyProblem(command) === undefined;
}
