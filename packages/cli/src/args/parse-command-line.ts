import { parseArgs } from 'node:util';
import { closestMatch } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { COMMANDS, GLOBAL_OPTIONS } from './command-table.js';
import type { CommandName } from './command-table.js';
import type { OptionSpec } from './option-spec.js';

/** Option values as parsed (strings, booleans, or string lists for repeatable options). */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** A parsed command line. */
export interface CommandLine {
  /** The subcommand (`shell` when none was given). */
  command: CommandName;
  /** Positional arguments after the subcommand. */
  positionals: string[];
  /** Option values by long name. */
  values: OptionValues;
}

const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

function isCommand(word: string): word is CommandName {
  return (COMMAND_NAMES as string[]).includes(word);
}

/**
 * Splits `argv` into the subcommand and the words to parse for it. Global options may come
 * before the command (`toolwright --spec a.yaml list`, `toolwright --no-color list`): they are
 * skipped (with the value of a string option) while looking for the command word, and parsed
 * with the command's own options.
 */
function splitCommand(argv: readonly string[]): { word?: string; rest: string[] } {
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i]!;
    if (arg === '--' || !arg.startsWith('-') || arg === '-') break;
    const name = arg.startsWith('--') ? arg.slice(2).split('=')[0]! : undefined;
    const global = name === undefined ? Object.values(GLOBAL_OPTIONS).find((o) => o.short === arg.slice(1)) : Object.hasOwn(GLOBAL_OPTIONS, name) ? GLOBAL_OPTIONS[name] : undefined;
    if (!global) break;
    i += global.type === 'string' && !arg.includes('=') ? 2 : 1;
  }
  const word = argv[i];
  if (word === undefined || word.startsWith('-')) return { rest: [...argv] };
  return { word, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
}

/**
 * Parses `argv` (without `node` and the script) with `util.parseArgs`, strictly: an unknown
 * command or option, a missing option value or a wrong number of positionals is a {@link CliError}
 * naming what was wrong, the closest valid word, and the command's usage line. Global options
 * are accepted before or after the command.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let command: CommandName = 'shell';
  if (argv.includes('--version') || argv.includes('-V')) {
    const { word } = splitCommand(argv);
    if (word === undefined || word === 'version') return { command: 'version', positionals: [], values: {} };
  }
  const { word, rest } = splitCommand(argv);
  if (word !== undefined) {
    if (!isCommand(word) || word === 'shell') {
      const guess = closestMatch(word, COMMAND_NAMES.filter((n) => n !== 'shell'));
      throw new CliError({
        message: `Unknown command '${word}'.${guess ? ` Did you mean '${guess}'?` : ''}`,
        hint: `Commands: ${COMMAND_NAMES.filter((n) => n !== 'shell').join(', ')}. Run 'toolwright help' for usage.`,
      });
    }
    command = word;
  }
  const spec = COMMANDS[command];
  const options: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS, ...spec.options };
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries(options).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
      ),
      strict: true,
      allowPositionals: true,
    }) as { values: OptionValues; positionals: string[] };
  } catch (error) {
    throw optionError(error, command, Object.keys(options));
  }
  if (parsed.values.help === true) return { command: 'help', positionals: command === 'shell' ? [] : [command], values: parsed.values };
  const [min, max] = spec.positionals;
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    const what = count < min ? 'too few arguments' : `unexpected argument '${parsed.positionals[max]}'`;
    throw new CliError({ command: commandLabel(command), message: `${what}.`, hint: `Usage: ${spec.usage}` });
  }
  return { command, positionals: parsed.positionals, values: parsed.values };
}

function commandLabel(command: CommandName): string | undefined {
  return command === 'shell' ? undefined : command;
}

/** The long form of the option an error of `util.parseArgs` names (`'-f, --format <value>'` → `--format`). */
function optionNamed(text: string): string | undefined {
  const quoted = /'(-[^']*)'/.exec(text)?.[1];
  if (quoted === undefined) return undefined;
  return /--[^\s,=<]+/.exec(quoted)?.[0] ?? /-[^\s,=<]+/.exec(quoted)?.[0];
}

function optionError(error: unknown, command: CommandName, known: string[]): CliError {
  const usage = `Usage: ${COMMANDS[command].usage}`;
  const code = (error as { code?: string }).code;
  const text = error instanceof Error ? error.message : String(error);
  const option = optionNamed(text);
  const where = commandLabel(command);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const guess = closestMatch(option.replace(/^-+/, ''), known);
    return new CliError({ command: where, message: `unknown option '${option}'.${guess ? ` Did you mean '--${guess}'?` : ''}`, hint: usage });
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing/.test(text)) return new CliError({ command: where, message: `option '${option}' needs a value.`, hint: usage });
    if (/ambiguous/.test(text)) {
      return new CliError({ command: where, message: `option '${option}' needs a value; to give one that starts with '-', write ${option}=VALUE.`, hint: usage });
    }
    return new CliError({ command: where, message: `option '${option}' takes no value.`, hint: usage });
  }
  return new CliError({ command: where, message: text, hint: usage });
}

/** A string option's value (the last one when repeated), or undefined. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  if (Array.isArray(value)) return value[value.length - 1];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string option's values (empty when absent). */
export function listOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

/** True when a boolean option was given. */
export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true;
}
