/**
 * The generator of the read-only sandbox test: every command under test with every flag its
 * help lists, in every form the command accepts (`-oVALUE`, `-o VALUE`, `--output=VALUE`,
 * `--output VALUE`, an abbreviation `--outp=VALUE`, combined short flags `-ab`, `-aoVALUE`),
 * with values that name files, programs, numbers and git configuration, and operand shapes
 * rotating through files, `-`, globs, `--`, directories and symlinks. Plus, per command:
 * environment prefixes, redirections, wrappers and pipes. Deterministic: the same table gives
 * the same list; {@link sampleCases} takes a seeded sample of it.
 */
import { FuzzRandom } from '../fuzz/fuzz-random.js';
import type { CommandSpec } from './command-specs.js';
import type { FlagTable } from './flag-table.js';
import type { HelpFlag } from './help-flags.js';

/** One command line to analyse and, when it is called read-only, to run. */
export interface ShellCase {
  command: string;
  /** Where it comes from: `sort --output`, `sort env`, `attack`. */
  origin: string;
  /** Run it on a terminal. */
  tty: boolean;
}

const FILE_VALUES = ['README.md', 'out.txt'];
const PROGRAM_VALUES = ['x', 'sh', 'touch pwned'];
const GIT_CONFIG_VALUES = ['core.pager=x', 'alias.st=!x', 'core.fsmonitor=x', 'diff.external=x', 'diff.md.textconv=x'];
const NUMBER_VALUES = ['1', '3'];
const OTHER_VALUES = ['x', 'README.md'];
const FIND_EXEC_VALUES = ['cat', 'ls -l', 'x', 'touch', 'rm'];

/** Environment assignments put before a command (those that make programs run others, and harmless ones). */
export const ENV_PREFIXES = [
  'LANG=C',
  'GIT_PAGER=x',
  'PAGER=x',
  'GIT_EXTERNAL_DIFF=x',
  "LESSOPEN='|x %s'",
  'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=x',
  'BASH_ENV=hook.sh',
  'GIT_DIR=.git',
];
/** Redirections appended to a command. */
export const REDIRECTS = ['> out.txt', '>> README.md', '2> err.txt', '< README.md', '> /dev/null', '2>&1', '&> out.txt', '>| README.md', '<> out.txt', '| tee out.txt'];
/** Wrappers put before a command. */
export const WRAPPERS = ['time', 'nohup', 'timeout 5', 'nice', 'command', 'env', 'stdbuf -o0', 'xargs', 'exec', 'bash -c'];

/** Every case for every spec, in a fixed order. */
export function generateCases(specs: readonly CommandSpec[], table: FlagTable): ShellCase[] {
  const cases: ShellCase[] = [];
  for (const spec of specs) {
    const flags = table[spec.name] ?? [];
    let turn = 0;
    const push = (flagText: string, origin: string): void => {
      const operand = spec.operands[turn++ % spec.operands.length]!;
      cases.push({ command: line(spec, flagText, operand), origin, tty: spec.tty === true });
    };
    for (const flag of flags) for (const form of flagForms(spec, flag, flags)) push(form, `${spec.name} ${flag.name}`);
    for (const form of combinedShortForms(flags)) push(form, `${spec.name} combined`);
    const base = line(spec, '', spec.operands[0]!);
    for (const prefix of ENV_PREFIXES) cases.push({ command: `${prefix} ${base}`, origin: `${spec.name} env`, tty: spec.tty === true });
    for (const redirect of REDIRECTS) cases.push({ command: `${base} ${redirect}`, origin: `${spec.name} redirect`, tty: spec.tty === true });
    for (const wrapper of WRAPPERS) cases.push({ command: wrapper === 'bash -c' ? `bash -c ${quote(base)}` : `${wrapper} ${base}`, origin: `${spec.name} wrapper`, tty: spec.tty === true });
    cases.push({ command: `cat README.md | ${base}`, origin: `${spec.name} pipe`, tty: spec.tty === true });
  }
  return cases;
}

/** `count` cases drawn without repetition by a generator seeded with `seed`, in generation order. */
export function sampleCases(cases: readonly ShellCase[], count: number, seed: number): ShellCase[] {
  const random = new FuzzRandom(seed);
  const indexes = cases.map((_, i) => i);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, Math.min(count, cases.length)).sort((a, b) => a - b).map((i) => cases[i]!);
}

/** Single-quotes a word when the shell would otherwise split or expand it. */
export function quote(word: string): string {
  return /^[\w@%+=:,./!-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

function line(spec: CommandSpec, flags: string, operand: string): string {
  if (spec.build) return spec.build(flags, operand);
  return [spec.name, flags, operand].filter((part) => part !== '').join(' ');
}

/** The ways one flag is written, each with values from the pool its placeholder suggests. */
function flagForms(spec: CommandSpec, flag: HelpFlag, all: readonly HelpFlag[]): string[] {
  if (spec.findStyle) {
    if (flag.arg === 'none') return [flag.name];
    if (/^-(exec|execdir|ok|okdir)$/.test(flag.name)) return FIND_EXEC_VALUES.flatMap((v) => [`${flag.name} ${v} {} \\;`, `${flag.name} ${v} {} +`]);
    return valuesFor(flag).map((v) => `${flag.name} ${Array.from({ length: Math.max(1, flag.arity) }, () => quote(v)).join(' ')}`);
  }
  const long = flag.name.startsWith('--');
  const names = long ? [flag.name, ...abbreviations(flag.name, all)] : [flag.name];
  const forms: string[] = [];
  for (const name of names) {
    if (flag.arg !== 'required') forms.push(name);
    if (flag.arg === 'none') continue;
    for (const value of valuesFor(flag)) {
      const q = quote(value);
      if (flag.arity >= 2) {
        forms.push(`${name} ${q} ${q}`);
        continue;
      }
      forms.push(long ? `${name}=${q}` : `${name}${q}`);
      if (flag.arg === 'required') forms.push(`${name} ${q}`);
    }
  }
  return forms;
}

/** Unique prefixes of a long option among the command's long options (getopt_long and git accept them). */
function abbreviations(name: string, all: readonly HelpFlag[]): string[] {
  const others = all.map((f) => f.name).filter((n) => n.startsWith('--') && n !== name);
  const prefixes: string[] = [];
  for (let length = 3; length < name.length; length++) {
    const prefix = name.slice(0, length);
    if (others.some((o) => o.startsWith(prefix))) continue;
    prefixes.push(prefix);
    const middle = name.slice(0, Math.ceil((length + name.length) / 2));
    if (middle !== prefix && middle !== name) prefixes.push(middle);
    break;
  }
  return prefixes;
}

/** `-ab` for each short flag without a value, and `-aoVALUE` ending in one that takes a value. */
function combinedShortForms(flags: readonly HelpFlag[]): string[] {
  const plain = flags.filter((f) => /^-[A-Za-z0-9]$/.test(f.name) && f.arg === 'none').map((f) => f.name.slice(1));
  const valued = flags.filter((f) => /^-[A-Za-z0-9]$/.test(f.name) && f.arg === 'required');
  const forms: string[] = [];
  plain.forEach((letter, i) => {
    if (plain.length > 1) forms.push(`-${letter}${plain[(i + 1) % plain.length]}`);
    const last = valued[i % Math.max(1, valued.length)];
    if (last) forms.push(`-${letter}${last.name.slice(1)}${quote(valuesFor(last)[i % valuesFor(last).length]!)}`);
  });
  return forms;
}

function valuesFor(flag: HelpFlag): string[] {
  const p = flag.placeholder.toLowerCase();
  if (/name>=<value|<name>=/.test(p)) return GIT_CONFIG_VALUES;
  if (/command|cmd|prog|pager|editor|exec|hook|helper|filter|shell/.test(p)) return PROGRAM_VALUES;
  if (/file|path|dir|log|tags|output|^f$|^<?to>?$/.test(p)) return FILE_VALUES;
  if (/^<?(n|num|number|nmerge|lines|levels?|bytes|size|count|max[-\w]*|min[-\w]*|cols|width|depth|int|k|m)>?(,|\[|$)/.test(p)) return NUMBER_VALUES;
  return OTHER_VALUES;
}
