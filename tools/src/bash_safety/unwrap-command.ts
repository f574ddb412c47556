import { SHELLS } from './bash-lists.js';
import { findExpression } from './find-expression.js';
import { leadingFlags } from './flag-spec.js';
import type { FlagSpec } from './flag-spec.js';
import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';

/** Parses a nested command string (the `…` of `bash -c '…'`) in the directory `cwd`. */
export type NestedParse = (source: string, cwd: string | undefined) => { commands: SimpleCommand[]; problem?: string };

/** How one wrapper is called: its options (an allowlist: any other option is not understood), operands before the command. */
export interface WrapperSyntax {
  /** The options the analysis understands (their values are skipped). */
  options: FlagSpec;
  /** Operands before the command (`timeout 5 cmd`: 1). */
  operands?: number;
  /** Options after which the wrapper runs no command (`command -v x` looks a name up): the wrapper is then the command. */
  stopFlags?: readonly string[];
  /** Options that make the wrapper itself write or change something, with why (`time -o FILE`). */
  writingFlags?: Readonly<Record<string, string>>;
  /** Why the wrapper writes whatever its options (`nohup` creates nohup.out). */
  writes?: string;
  /** The wrapper runs the command with other privileges or in another root. */
  privileged?: boolean;
  /** The wrapper appends arguments to the command at run time. */
  appends?: boolean;
  /** Options that change the directory the command runs in. */
  chdirFlags?: readonly string[];
}

/**
 * The wrappers: commands that run another command given as their arguments (coreutils 9.1,
 * findutils 4.9, util-linux 2.38, sudo 1.9, bash 5.2 builtins). Each lists the options the
 * analysis understands; a call with any other option is not analysed (an ask).
 */
export const WRAPPERS: Readonly<Record<string, WrapperSyntax>> = {
  sudo: {
    options: {
      short: 'AbEHknPSiselvKV',
      shortValue: 'ugCDhprtUT',
      long: ['askpass', 'background', 'preserve-env?', 'set-home', 'login', 'non-interactive', 'preserve-groups', 'stdin', 'shell', 'reset-timestamp', 'user=', 'group=', 'close-from=', 'chdir=', 'host=', 'prompt=', 'role=', 'type=', 'other-user=', 'command-timeout=', 'list', 'validate', 'remove-timestamp', 'version', 'help', 'edit'],
    },
    stopFlags: ['-l', '-v', '-k', '-K', '-V', '-h', '--list', '--validate', '--version', '--help', '--remove-timestamp', '-e', '--edit'],
    privileged: true,
    chdirFlags: ['-D', '--chdir'],
  },
  doas: { options: { short: 'nsL', shortValue: 'uC', long: [], abbreviations: false }, privileged: true, stopFlags: ['-L', '-C', '-s'] },
  env: {
    options: {
      short: 'iv0',
      shortValue: 'uCS',
      long: ['ignore-environment', 'null', 'unset=', 'chdir=', 'split-string=', 'debug', 'block-signal?', 'default-signal?', 'ignore-signal?', 'list-signal-handling', 'help', 'version'],
    },
    chdirFlags: ['-C', '--chdir'],
  },
  xargs: {
    options: {
      short: '0optrx',
      shortValue: 'adEILnPs',
      shortOptional: 'eil',
      long: ['null', 'arg-file=', 'delimiter=', 'eof?', 'replace?', 'max-lines?', 'max-args=', 'max-procs=', 'max-chars=', 'process-slot-var=', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits', 'help', 'version'],
    },
    stopFlags: ['--help', '--version', '--show-limits'],
    appends: true,
  },
  nohup: { options: { short: '', long: ['help', 'version'] }, writes: 'nohup writes the output to nohup.out when it goes to a terminal' },
  timeout: { options: { short: 'v', shortValue: 'sk', long: ['signal=', 'kill-after=', 'preserve-status', 'foreground', 'verbose', 'help', 'version'] }, operands: 1 },
  nice: { options: { short: '', shortValue: 'n', numeric: true, long: ['adjustment=', 'help', 'version'] } },
  ionice: { options: { short: 'tpPu', shortValue: 'cn', long: ['class=', 'classdata=', 'ignore', 'pid', 'pgid', 'uid', 'help', 'version'] }, stopFlags: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  stdbuf: { options: { short: '', shortValue: 'ioe', long: ['input=', 'output=', 'error=', 'help', 'version'] } },
  command: { options: { short: 'pvV', long: [], abbreviations: false }, stopFlags: ['-v', '-V'] },
  builtin: { options: { short: '', long: [], abbreviations: false } },
  exec: { options: { short: 'cl', shortValue: 'a', long: [], abbreviations: false } },
  // bash's `time` keyword takes only -p; /usr/bin/time's -o/--output writes a file
  time: {
    options: { short: 'pvqa', shortValue: 'fo', long: ['portability', 'verbose', 'quiet', 'append', 'format=', 'output='] },
    writingFlags: { '-o': 'time -o writes a file', '--output': 'time --output writes a file' },
  },
  setsid: { options: { short: 'cfw', long: ['ctty', 'fork', 'wait', 'help', 'version'] } },
  chroot: { options: { short: '', long: ['userspec=', 'groups=', 'skip-chdir', 'help', 'version'] }, operands: 1, privileged: true },
};

/** Deepest nesting of `bash -c` analysed. */
const MAX_DEPTH = 4;

type Unwrapped = { commands: SimpleCommand[]; problem?: string };

/**
 * Takes the wrappers off a simple command (`sudo`, `env X=1`, `xargs`, `nohup`, `timeout 5`, `nice`,
 * `bash -c '…'`, `find … -exec`, …) so the command they run is what the analysis sees. A `-c`
 * string is parsed as bash in turn, and may give several commands; a wrapper option the analysis
 * does not know makes the call unanalysable.
 */
export function unwrapCommand(command: SimpleCommand, parseNested: NestedParse, depth = 0): Unwrapped {
  let current = command;
  for (;;) {
    const name = current.words[0]?.value ?? '';
    if (current.replaceString !== undefined && name.includes(current.replaceString)) {
      return { commands: [current], problem: `The command name '${name}' contains '${current.replaceString}', which is replaced by input when it runs` };
    }
    if (SHELLS.has(name)) return unwrapShell(current, parseNested, depth);
    if (name === 'find') return unwrapFind(current, parseNested, depth);
    const syntax = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name]! : undefined;
    if (!syntax) return { commands: [current] };
    const rest = current.words.slice(1);
    const assignments = [...current.assignments];
    let i = 0;
    let operands = syntax.operands ?? 0;
    let cwdChanged = false;
    let wrapperProblem = current.wrapperProblem ?? syntax.writes;
    let replaceString = current.replaceString;
    for (;;) {
      const options = leadingFlags(syntax.options, rest.slice(i));
      for (const flag of options.flags) {
        // xargs -I R / -i[R] / --replace[=R]: R is replaced by input in every word of the command
        if (name === 'xargs' && ['-I', '-i', '--replace'].includes(flag.name)) replaceString = flag.value ?? '{}';
        if (syntax.stopFlags?.includes(flag.name)) return { commands: [current] };
        if (syntax.chdirFlags?.includes(flag.name)) cwdChanged = true;
        wrapperProblem ??= syntax.writingFlags?.[flag.name];
        if (name === 'env' && (flag.name === '-S' || flag.name === '--split-string')) {
          return { commands: [current], problem: "The command uses 'env -S', whose split string cannot be statically analyzed" };
        }
      }
      if (options.problem) return { commands: [current], problem: `${name}: ${options.problem}, so the command it runs cannot be determined` };
      i += options.end;
      const word = rest[i];
      if (word && name === 'env' && !word.dynamic && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value)) {
        const eq = word.value.indexOf('=');
        assignments.push({ name: word.value.slice(0, eq), value: { ...word, value: word.value.slice(eq + 1) } });
        i++;
      } else if (word && operands > 0) {
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
      appendedArguments: current.appendedArguments || syntax.appends === true,
      cwd: cwdChanged || name === 'chroot' ? undefined : current.cwd,
      privileged: current.privileged || syntax.privileged === true,
      wrapperProblem,
      replaceString,
    };
  }
}

/** True when the wrappers give the command other privileges (`sudo`, `doas`, `chroot`). */
export function isPrivileged(command: SimpleCommand): boolean {
  return command.privileged === true;
}

/** `find` with its `-exec`-style actions cut out as commands of their own (`{}` becomes file names at run time). */
function unwrapFind(command: SimpleCommand, parseNested: NestedParse, depth: number): Unwrapped {
  const args = command.words.slice(1);
  const { execs } = findExpression(args);
  if (execs.length === 0) return { commands: [command] };
  const cut = new Set(execs.flatMap((exec) => exec));
  const words = [command.words[0]!, ...args.filter((w, j) => !cut.has(w) && !isExecDelimiter(args, j, cut))];
  const commands: SimpleCommand[] = [{ ...command, words }];
  let problem: string | undefined;
  for (const exec of execs) {
    if (exec.length === 0) return { commands, problem: 'find -exec is given no command' };
    if (exec[0]!.dynamic || exec[0]!.glob) return { commands, problem: "The command run by 'find -exec' is not a literal word, so it cannot be statically analyzed" };
    const unwrapped = unwrapCommand({ ...command, words: exec, wrappers: [...command.wrappers, 'find -exec'], appendedArguments: true, replaceString: '{}', cwd: undefined }, parseNested, depth);
    commands.push(...unwrapped.commands);
    problem ??= unwrapped.problem;
  }
  return { commands, problem };
}

/** The `-exec` word and its terminator, which go with the command cut out. */
function isExecDelimiter(args: readonly ShellWord[], j: number, cut: ReadonlySet<ShellWord>): boolean {
  const value = args[j]!.value;
  if (['-exec', '-execdir', '-ok', '-okdir'].includes(value)) return cut.has(args[j + 1]!) || args[j + 1]?.value === ';';
  return (value === ';' || value === '+') && j > 0 && (cut.has(args[j - 1]!) || ['-exec', '-execdir', '-ok', '-okdir'].includes(args[j - 1]!.value));
}

function unwrapShell(command: SimpleCommand, parseNested: NestedParse, depth: number): Unwrapped {
  const args = command.words.slice(1);
  const shellName = command.words[0]!.value;
  // `xargs -I{} sh -c 'cat {}'`, `find -exec sh -c '…{}…'`: the script text is completed with input when it runs
  if (command.appendedArguments && args.some((w) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w.value))) {
    return { commands: [command], problem: `The command string of '${shellName} -c' gets input from xargs or find when it runs, so it cannot be statically analyzed` };
  }
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
      privileged: command.privileged,
      wrapperProblem: command.wrapperProblem,
    };
    const unwrapped = unwrapCommand(wrapped, parseNested, depth + 1);
    commands.push(...unwrapped.commands);
    problem ??= unwrapped.problem;
  }
  return { commands, problem };
}
