import { SHELLS } from './bash-lists.js';
import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';

/** Parses a nested command string (the `…` of `bash -c '…'`) in the directory `cwd`. */
export type NestedParse = (source: string, cwd: string | undefined) => { commands: SimpleCommand[]; problem?: string };

/** How one wrapper's options look: those that take a value, and how many operands precede the command. */
interface WrapperSyntax {
  valueFlags: readonly string[];
  /** Operands before the command (`timeout 5 cmd`: 1). */
  operands?: number;
  /** Flags after which the wrapper runs no command (`command -v x` looks a name up). */
  stopFlags?: readonly string[];
}

const WRAPPERS: Readonly<Record<string, WrapperSyntax>> = {
  sudo: { valueFlags: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group', '--chdir', '--host', '--prompt', '--role', '--type', '--other-user', '--command-timeout', '--close-from'], stopFlags: ['-l', '-v', '-k', '-K', '-V', '--list', '--validate'] },
  doas: { valueFlags: ['-u', '-C'] },
  env: { valueFlags: ['-u', '--unset', '-C', '--chdir'] },
  xargs: { valueFlags: ['-a', '-d', '-E', '-e', '-I', '-L', '-l', '-n', '-P', '-s', '--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'] },
  nohup: { valueFlags: [] },
  timeout: { valueFlags: ['-s', '-k', '--signal', '--kill-after'], operands: 1 },
  nice: { valueFlags: ['-n', '--adjustment'] },
  ionice: { valueFlags: ['-c', '-n', '--class', '--classdata'], stopFlags: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  stdbuf: { valueFlags: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  command: { valueFlags: [], stopFlags: ['-v', '-V'] },
  builtin: { valueFlags: [] },
  exec: { valueFlags: ['-a'] },
  time: { valueFlags: ['-f', '-o', '--format', '--output'] },
  setsid: { valueFlags: [] },
  chroot: { valueFlags: ['--userspec', '--groups'], operands: 1 },
};

/** Wrappers that run the command with other privileges or in another root. */
const PRIVILEGED = new Set(['sudo', 'doas', 'chroot']);
/** Deepest nesting of `bash -c` analysed. */
const MAX_DEPTH = 4;

/**
 * Takes the wrappers off a simple command (`sudo`, `env X=1`, `xargs`, `nohup`, `timeout 5`, `nice`,
 * `bash -c '…'`, …) so the command they run is what the analysis sees. A `-c` string is parsed as
 * bash in turn, and may give several commands.
 */
export function unwrapCommand(command: SimpleCommand, parseNested: NestedParse, depth = 0): { commands: SimpleCommand[]; problem?: string } {
  let current = command;
  for (;;) {
    const name = current.words[0]?.value ?? '';
    if (SHELLS.has(name)) return unwrapShell(current, parseNested, depth);
    const syntax = WRAPPERS[name];
    if (!syntax) return { commands: [current] };
    const rest = current.words.slice(1);
    const assignments = [...current.assignments];
    let i = 0;
    let operands = syntax.operands ?? 0;
    let cwdChanged = false;
    while (i < rest.length) {
      const word = rest[i]!.value;
      if (syntax.stopFlags?.includes(word)) return { commands: [current] };
      if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
        const eq = word.indexOf('=');
        assignments.push({ name: word.slice(0, eq), value: { ...rest[i]!, value: word.slice(eq + 1) } });
        i++;
      } else if (word === '--') {
        i++;
        break;
      } else if (word.startsWith('-') && word.length > 1 && !(name === 'nice' && /^-\d+$/.test(word))) {
        const flag = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
        if ((name === 'env' || name === 'sudo') && ['-C', '--chdir', '-D'].includes(flag)) cwdChanged = true;
        if (name === 'env' && (flag === '-S' || flag === '--split-string' || /^-[^-]*S/.test(flag))) {
          return { commands: [current], problem: "The command uses 'env -S', whose split string cannot be statically analyzed" };
        }
        i += syntax.valueFlags.includes(flag) && !word.includes('=') ? 2 : 1;
      } else if (operands > 0) {
        operands--;
        i++;
      } else break;
    }
    const inner = rest.slice(i);
    if (inner.length === 0) return { commands: [current] }; // `env` alone prints, `sudo -i` starts a shell: the wrapper is the command
    if (inner[0]!.dynamic || inner[0]!.glob) {
      return { commands: [current], problem: `The command run by '${name}' is not a literal word, so it cannot be statically analyzed` };
    }
    current = {
      ...current,
      words: inner,
      assignments,
      wrappers: [...current.wrappers, name],
      appendedArguments: current.appendedArguments || name === 'xargs',
      cwd: cwdChanged || name === 'chroot' ? undefined : current.cwd,
    };
  }
}

/** True when the wrappers give the command other privileges (`sudo`, `doas`, `chroot`). */
export function isPrivileged(command: SimpleCommand): boolean {
  return command.wrappers.some((w) => PRIVILEGED.has(w));
}

function unwrapShell(command: SimpleCommand, parseNested: NestedParse, depth: number): { commands: SimpleCommand[]; problem?: string } {
  const args = command.words.slice(1);
  const flagIndex = args.findIndex((w) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w.value) && !w.dynamic);
  if (flagIndex === -1) return { commands: [command] }; // a script file or standard input: not analysable, not read-only
  const script: ShellWord | undefined = args.slice(flagIndex + 1).find((w) => !w.value.startsWith('-') || w.value === '-');
  const shell = command.words[0]!.value;
  if (!script) return { commands: [command], problem: `'${shell} -c' is given no command string` };
  if (script.dynamic) return { commands: [command], problem: `The command string of '${shell} -c' is not a literal, so it cannot be statically analyzed` };
  if (depth >= MAX_DEPTH) return { commands: [command], problem: `'${shell} -c' is nested more than ${MAX_DEPTH} levels deep` };
  const nested = parseNested(script.value, command.cwd);
  const commands: SimpleCommand[] = [];
  let problem = nested.problem;
  for (const inner of nested.commands) {
    const wrapped: SimpleCommand = {
      ...inner,
      source: command.source,
      redirects: [...command.redirects, ...inner.redirects],
      assignments: [...command.assignments, ...inner.assignments],
      wrappers: [...command.wrappers, `${shell} -c`],
      appendedArguments: command.appendedArguments || inner.appendedArguments,
    };
    const unwrapped = unwrapCommand(wrapped, parseNested, depth + 1);
    commands.push(...unwrapped.commands);
    problem ??= unwrapped.problem;
  }
  return { commands, problem };
}
