import type { ShellWord } from './shell-word.js';

/**
 * The options of one command, as its documentation lists them: those known to be safe (the
 * allowlist) and, for commands that accept abbreviated long options, the others it has (so an
 * abbreviation resolves as the command resolves it).
 *
 * Long options are written `name` (no value), `name=` (a value, attached with `=` or the next
 * word), `name?` (an optional value, attached only), `name==` (two values: the next two words).
 */
export interface FlagSpec {
  /** One-letter options without a value that are safe (`'alrt'`). */
  short: string;
  /** One-letter options with a value that are safe (`-n 5`, `-n5`). */
  shortValue?: string;
  /** One-letter options with an optional attached value that are safe (`-M`, `-M50%`). */
  shortOptional?: string;
  /** Safe long options (without the leading `--`). */
  long: readonly string[];
  /** Documented one-letter options NOT on the allowlist (they write, run or contact something). */
  unsafeShort?: string;
  /** Documented long options NOT on the allowlist. */
  unsafeLong?: readonly string[];
  /** Every argument is safe (`echo`, `test`): the command has no option that does anything but read or print. */
  anyArguments?: boolean;
  /** The command takes a unique prefix of a long option as that option (GNU getopt_long). Default true. */
  abbreviations?: boolean;
  /** `-NUM` is an option (`head -5`, `grep -3`). */
  numeric?: boolean;
  /** Options end at the first operand (POSIX utilities and shell builtins); default: GNU permutation. */
  optionsFirst?: boolean;
  /** Most operands the command may be given while it only reads (`uniq in out` writes `out`). */
  maxOperands?: number;
  /** A test every operand must pass (`date +%F`: an operand without `+` sets the clock). */
  operand?: (value: string) => boolean;
}

/** One option found in a call, with its value when it has one. */
export interface ParsedFlag {
  /** `-x` or `--long` (the full long name after abbreviation). */
  name: string;
  value?: string;
}

/** The outcome of checking a call's arguments against a {@link FlagSpec}. */
export interface FlagCheck {
  /** Why the call is not read-only (an unknown, unsafe, ambiguous or unknowable option, or an operand). */
  problem?: string;
  flags: ParsedFlag[];
  operands: ShellWord[];
}

/** True when every option the command documents is on its allowlist (appended arguments cannot make it write). */
export function isClosedSpec(spec: FlagSpec): boolean {
  return !spec.unsafeShort && (spec.unsafeLong?.length ?? 0) === 0 && spec.maxOperands === undefined && spec.operand === undefined;
}

interface LongOption {
  name: string;
  arity: 'none' | 'required' | 'optional' | 'two';
  safe: boolean;
}

function longOption(entry: string, safe: boolean): LongOption {
  if (entry.endsWith('==')) return { name: entry.slice(0, -2), arity: 'two', safe };
  if (entry.endsWith('=')) return { name: entry.slice(0, -1), arity: 'required', safe };
  if (entry.endsWith('?')) return { name: entry.slice(0, -1), arity: 'optional', safe };
  return { name: entry, arity: 'none', safe };
}

const longTables = new WeakMap<FlagSpec, LongOption[]>();

function longTable(spec: FlagSpec): LongOption[] {
  let table = longTables.get(spec);
  if (!table) {
    table = [...spec.long.map((e) => longOption(e, true)), ...(spec.unsafeLong ?? []).map((e) => longOption(e, false))];
    longTables.set(spec, table);
  }
  return table;
}

/**
 * The long option `name` resolves to, the way the command resolves it: the exact name, else the one
 * option it is a unique prefix of (when the command accepts abbreviations). Undefined: unknown or ambiguous.
 */
export function resolveLongOption(spec: FlagSpec, name: string): { option?: LongOption; problem?: string } {
  const table = longTable(spec);
  const exact = table.find((o) => o.name === name);
  if (exact) return { option: exact };
  if (spec.abbreviations === false || name === '') return { problem: `unknown option '--${name}'` };
  const candidates = table.filter((o) => o.name.startsWith(name));
  if (candidates.length === 1) return { option: candidates[0] };
  if (candidates.length > 1) return { problem: `option '--${name}' is ambiguous (${candidates.map((c) => `--${c.name}`).join(', ')})` };
  return { problem: `unknown option '--${name}'` };
}

/**
 * Checks a call's arguments against the command's allowlist: every option must be a safe one
 * (combined short options split, `-oVALUE` / `--opt=value` / `--opt value` forms read, long
 * options resolved as the command abbreviates them), a word only known at run time (`$X`, a
 * glob) must not stand where an option may be unless every option of the command is safe, and
 * operands must pass the command's operand rules.
 */
export function checkFlags(spec: FlagSpec, args: readonly ShellWord[]): FlagCheck {
  return scanFlags(spec, args, false);
}

/**
 * The options before a wrapped command (`timeout -s KILL 5 cmd`): like {@link checkFlags}, but
 * stops at the first operand (or after `--`) and tells where, in `end`.
 */
export function leadingFlags(spec: FlagSpec, args: readonly ShellWord[]): FlagCheck & { end: number } {
  return scanFlags(spec, args, true);
}

function scanFlags(spec: FlagSpec, args: readonly ShellWord[], stopAtOperand: true): FlagCheck & { end: number };
function scanFlags(spec: FlagSpec, args: readonly ShellWord[], stopAtOperand: boolean): FlagCheck;
function scanFlags(spec: FlagSpec, args: readonly ShellWord[], stopAtOperand: boolean): FlagCheck & { end: number } {
  const flags: ParsedFlag[] = [];
  const operands: ShellWord[] = [];
  if (spec.anyArguments) return { flags, operands: [...args], end: 0 };
  const closed = isClosedSpec(spec);
  let i = 0;
  const fail = (problem: string): FlagCheck & { end: number } => ({ problem, flags, operands, end: i });
  let optionsEnded = false;
  for (; i < args.length; i++) {
    const word = args[i]!;
    const value = word.value;
    if (stopAtOperand && (optionsEnded || word.dynamic || word.glob || !value.startsWith('-') || value === '-')) break;
    if (!optionsEnded && (word.dynamic || word.glob) && !closed) {
      return fail(`argument '${value}' is only known when the command runs and may be an option`);
    }
    if (optionsEnded || word.dynamic || word.glob || !value.startsWith('-') || value === '-') {
      operands.push(word);
      if (spec.optionsFirst) optionsEnded = true;
      continue;
    }
    if (value === '--') {
      optionsEnded = true;
      if (stopAtOperand) {
        i++;
        break;
      }
      continue;
    }
    if (value.startsWith('--')) {
      const eq = value.indexOf('=');
      const name = eq === -1 ? value.slice(2) : value.slice(2, eq);
      const { option, problem } = resolveLongOption(spec, name);
      if (!option) return fail(problem!);
      if (!option.safe) return fail(`option '--${option.name}' is not on the read-only list`);
      if (option.arity === 'none' && eq !== -1) return fail(`option '--${option.name}' takes no value`);
      if (option.arity === 'required' && eq === -1) {
        if (i + 1 >= args.length) return fail(`option '--${option.name}' needs a value`);
        flags.push({ name: `--${option.name}`, value: args[++i]!.value });
      } else if (option.arity === 'two') {
        if (eq !== -1 || i + 2 >= args.length) return fail(`option '--${option.name}' takes two values`);
        flags.push({ name: `--${option.name}`, value: `${args[i + 1]!.value} ${args[i + 2]!.value}` });
        i += 2;
      } else flags.push({ name: `--${option.name}`, value: eq === -1 ? undefined : value.slice(eq + 1) });
      continue;
    }
    if (spec.numeric && /^-\d+$/.test(value)) {
      flags.push({ name: value });
      continue;
    }
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (spec.short.includes(letter)) {
        flags.push({ name: `-${letter}` });
      } else if (spec.shortValue?.includes(letter)) {
        const attached = value.slice(j + 1);
        if (attached === '' && i + 1 >= args.length) return fail(`option '-${letter}' needs a value`);
        flags.push({ name: `-${letter}`, value: attached !== '' ? attached : args[++i]!.value });
        break;
      } else if (spec.shortOptional?.includes(letter)) {
        flags.push({ name: `-${letter}`, value: value.slice(j + 1) || undefined });
        break;
      } else if (spec.numeric && /\d/.test(letter) && /^\d+$/.test(value.slice(j))) {
        flags.push({ name: `-${value.slice(j)}` });
        break;
      } else {
        return fail(spec.unsafeShort?.includes(letter) ? `option '-${letter}' is not on the read-only list` : `unknown option '-${letter}'`);
      }
    }
  }
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) return fail(`more than ${spec.maxOperands} operand(s)`);
  if (spec.operand) {
    const bad = operands.find((o) => o.dynamic || !spec.operand!(o.value));
    if (bad) return fail(`operand '${bad.value}' is not read-only`);
  }
  return { flags, operands, end: i };
}
