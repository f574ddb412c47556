import { parseArgs } from 'node:util';
import { closestMatch } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { COMMANDS, GLOBAL_OPTIONS } from './command-table.js';
import type { CommandName, OptionSpec } from './command-table.js';

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
 * Parses `argv` (without `node` and the script) with `util.parseArgs`, strictly: an unknown
 * command or option, a missing option value or a wrong number of positionals is a {@link CliError}
 * naming what was wrong, the closest valid word, and the command's usage line.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const first = argv[0];
  let command: CommandName = 'shell';
  let rest = argv;
  if (first === '--version' || first === '-V') return { command: 'version', positionals: [], values: {} };
  if (first !== undefined && !first.startsWith('-')) {
    if (!isCommand(first) || first === 'shell') {
      const guess = closestMatch(first, COMMAND_NAMES.filter((n) => n !== 'shell'));
      throw new CliError({
        message: `Unknown command '${first}'.${guess ? ` Did you mean '${guess}'?` : ''}`,
        hint: `Commands: ${COMMAND_NAMES.filter((n) => n !== 'shell').join(', ')}. Run 'toolwright help' for usage.`,
      });
    }
    command = first;
    rest = argv.slice(1);
  }
  const spec = COMMANDS[command];
  const options: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS, ...spec.options };
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...rest],
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
    throw new CliError({ message: `toolwright ${command}: ${what}.`, hint: `Usage: ${spec.usage}` });
  }
  return { command, positionals: parsed.positionals, values: parsed.values };
}

function optionError(error: unknown, command: CommandName, known: string[]): CliError {
  const usage = `Usage: ${COMMANDS[command].usage}`;
  const code = (error as { code?: string }).code;
  const text = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(text)?.[1];
  const where = command === 'shell' ? 'toolwright' : `toolwright ${command}`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const guess = closestMatch(option.replace(/^-+/, ''), known);
    return new CliError({ message: `${where}: unknown option '${option}'.${guess ? ` Did you mean '--${guess}'?` : ''}`, hint: usage });
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const expectsValue = /argument missing/.test(text);
    const message = expectsValue ? `option '${option}' needs a value.` : `option '${option}' takes no value.`;
    return new CliError({ message: `${where}: ${message}`, hint: usage });
  }
  return new CliError({ message: `${where}: ${text}`, hint: usage });
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
