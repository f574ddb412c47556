import { listOption } from './parse-command-line.js';
import type { CommandLine } from './parse-command-line.js';
import { CliError } from '../cli-error.js';

/**
 * `--context key=value` options as a turn's values (what the spec's toolsets see: their `when:`).
 * A value without `=`, or with nothing before it, is a usage error of `command`.
 */
export function contextValues(texts: readonly string[], command = 'list'): Record<string, string> {
  // No prototype: a key such as __proto__ is a value like any other.
  const values = Object.create(null) as Record<string, string>;
  for (const text of texts) {
    const at = text.indexOf('=');
    if (at <= 0) throw new CliError({ message: `--context expects KEY=VALUE, got '${text}'.`, command });
    values[text.slice(0, at)] = text.slice(at + 1);
  }
  return values;
}

/** The `--context` values of a command line. */
export function turnValuesOf(line: CommandLine, command: string): Record<string, string> {
  return contextValues(listOption(line.values, 'context'), command);
}
