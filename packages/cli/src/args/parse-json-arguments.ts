import { CliError } from '../cli-error.js';

/**
 * The JSON arguments of `toolwright call TOOL 'JSON'`: an object (absent = `{}`). Text that is not
 * JSON, or JSON that is not an object, is a {@link CliError} showing the expected form.
 */
export function parseJsonArguments(tool: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  const example = `toolwright call ${tool} '{"name": "value"}'`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError({
      message: `The arguments of '${tool}' are not valid JSON: ${(error as Error).message}.`,
      hint: `Expected one JSON object in single quotes, e.g. ${example}`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new CliError({ message: `The arguments of '${tool}' must be a JSON object, got ${got}.`, hint: `Expected e.g. ${example}` });
  }
  return value as Record<string, unknown>;
}

/** `--timeout S` in milliseconds (undefined when absent). */
export function parseTimeout(text: string | undefined, flag = '--timeout'): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new CliError({ message: `${flag}: expected a number of seconds > 0, got '${text}'.`, hint: `e.g. ${flag} 30 or ${flag} 0.5` });
  }
  return Math.round(seconds * 1000);
}
