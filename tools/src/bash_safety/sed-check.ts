import { SED_FLAGS } from './bash-lists.js';
import type { ShellWord } from './shell-word.js';

/** A `sed` invocation taken apart. */
export interface SedCall {
  /** The scripts (`-e` values, or the first operand). */
  scripts: string[];
  /** The input files. */
  files: ShellWord[];
  /** True with `-i` / `--in-place`: the files are rewritten. */
  inPlace: boolean;
  /** Why the call is refused, when it is. */
  problem?: string;
}

const LONG_FLAGS = new Set(['--quiet', '--silent', '--regexp-extended', '--separate', '--null-data', '--posix', '--debug', '--sandbox', '--unbuffered']);

/** Splits the arguments of `sed` into flags, scripts and files; flags outside `n E r e i s u z` are refused. */
export function sedCall(args: readonly ShellWord[]): SedCall {
  const call: SedCall = { scripts: [], files: [], inPlace: false };
  const operands: ShellWord[] = [];
  let explicitScript = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const value = word.value;
    if (value === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (value.startsWith('--')) {
      if (value.startsWith('--expression=')) {
        call.scripts.push(value.slice('--expression='.length));
        explicitScript = true;
      } else if (value === '--expression') {
        call.scripts.push(args[++i]?.value ?? '');
        explicitScript = true;
      } else if (value === '--in-place' || value.startsWith('--in-place=')) call.inPlace = true;
      else if (!LONG_FLAGS.has(value)) call.problem ??= `sed flag '${value}' is not allowed`;
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      for (let j = 1; j < value.length; j++) {
        const flag = value[j]!;
        if (!SED_FLAGS.has(flag)) {
          call.problem ??= `sed flag '-${flag}' is not allowed (allowed: -n, -E, -r, -e, -i, -s, -u, -z)`;
          break;
        }
        if (flag === 'i') {
          call.inPlace = true;
          break; // the rest is the backup suffix
        }
        if (flag === 'e') {
          const rest = value.slice(j + 1);
          call.scripts.push(rest !== '' ? rest : (args[++i]?.value ?? ''));
          explicitScript = true;
          break;
        }
      }
      continue;
    }
    operands.push(word);
  }
  if (!explicitScript) {
    const first = operands.shift();
    if (first) call.scripts.push(first.dynamic ? '\0dynamic' : first.value);
  }
  call.files = operands;
  if (call.scripts.length === 0) call.problem ??= 'sed is given no script';
  for (const script of call.scripts) call.problem ??= sedScriptProblem(script);
  return call;
}

const SIMPLE_COMMANDS = new Set(['p', 'd', 'q', 'Q', '=', 'l', 'n', 'N', 'P', 'D', 'h', 'H', 'g', 'G', 'x', 'z', 'F']);
const TEXT_COMMANDS = new Set(['a', 'i', 'c', ':', 'b', 't', 'T', 'r', 'R']);

/**
 * Why a sed script is refused, or undefined: write (`w`, `W`, the `w` flag), execute (`e`, the `e`
 * flag), braces, negation (`!`) and comments are refused; substitutions, prints, deletes, quits,
 * transliterations, appends and labels are accepted.
 */
export function sedScriptProblem(script: string): string | undefined {
  if (script === '\0dynamic') return 'sed script is not a literal, so it cannot be statically analyzed';
  let i = 0;
  const n = script.length;
  const skipSpace = (): void => {
    while (i < n && (script[i] === ' ' || script[i] === '\t')) i++;
  };
  /** Reads a delimited part starting after the delimiter; returns false when it does not end. */
  const delimited = (delimiter: string): boolean => {
    while (i < n && script[i] !== delimiter) {
      if (script[i] === '\\') i++;
      if (script[i] === '\n' && delimiter !== '\n') return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    if (script[i] === '/' || script[i] === '\\') {
      const delimiter = script[i] === '\\' ? script[i + 1] : '/';
      i += script[i] === '\\' ? 2 : 1;
      if (delimiter === undefined || !delimited(delimiter)) return false;
      while (script[i] === 'I' || script[i] === 'M') i++;
      return true;
    }
    const start = i;
    while (i < n && /[0-9$~+]/.test(script[i]!)) i++;
    return i > start;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(script[i]!)) i++;
    if (i >= n) break;
    if (address()) {
      skipSpace();
      if (script[i] === ',') {
        i++;
        skipSpace();
        if (!address()) return `sed address in '${script}' is not understood`;
      }
    }
    skipSpace();
    const command = script[i];
    if (command === undefined) return `sed script '${script}' ends after an address`;
    if (command === '!') return 'sed negation (!) not allowed';
    if (command === '{' || command === '}') return 'sed braces ({ }) not allowed';
    if (command === '#') return 'sed comments (#) not allowed';
    if (command === 'w' || command === 'W') return 'sed write operation (w/W) not allowed';
    if (command === 'e') return 'sed execute operation (e) not allowed';
    i++;
    if (command === 's' || command === 'y') {
      const delimiter = script[i];
      if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') return `sed ${command} command in '${script}' is not understood`;
      i++;
      if (!delimited(delimiter) || !delimited(delimiter)) return `sed ${command} command in '${script}' is not terminated`;
      if (command === 's') {
        const flagsStart = i;
        while (i < n && /[gpiImM0-9we]/.test(script[i]!)) i++;
        const flags = script.slice(flagsStart, i);
        if (/[wW]/.test(flags)) return 'sed write operation (w/W) not allowed';
        if (flags.includes('e')) return 'sed execute operation (e) not allowed';
      }
    } else if (TEXT_COMMANDS.has(command)) {
      while (i < n && script[i] !== '\n' && (command === 'a' || command === 'i' || command === 'c' || script[i] !== ';')) i++;
    } else if (SIMPLE_COMMANDS.has(command)) {
      if (command === 'q' || command === 'Q' || command === 'l') while (i < n && /[\d ]/.test(script[i]!)) i++;
    } else return `sed command '${command}' is not allowed`;
    skipSpace();
    if (i < n && script[i] !== ';' && script[i] !== '\n') return `sed script '${script}' has unexpected text after a command`;
  }
  return undefined;
}
