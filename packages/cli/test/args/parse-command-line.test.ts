import { describe, expect, it } from '@jest/globals';
import { listOption, parseCommandLine, stringOption } from '../../src/args/parse-command-line.js';
import { parseJsonArguments, parseTimeout } from '../../src/args/parse-json-arguments.js';
import { CliError } from '../../src/cli-error.js';

function usageError(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('parseCommandLine', () => {
  it('runs the shell with no command', () => {
    expect(parseCommandLine([])).toEqual({ command: 'shell', positionals: [], values: {} });
    expect(parseCommandLine(['--spec', 'a.yaml'])).toMatchObject({ command: 'shell', values: { spec: 'a.yaml' } });
  });

  it('parses a call with its options', () => {
    const line = parseCommandLine(['call', 'grep', '{"pattern":"x"}', '--json', '--timeout', '2', '--import', './a.js', '--import', './b.js']);
    expect(line.command).toBe('call');
    expect(line.positionals).toEqual(['grep', '{"pattern":"x"}']);
    expect(line.values.json).toBe(true);
    expect(stringOption(line.values, 'timeout')).toBe('2');
    expect(listOption(line.values, 'import')).toEqual(['./a.js', './b.js']);
  });

  it('suggests the closest command for an unknown one', () => {
    const error = usageError(() => parseCommandLine(['lsit']));
    expect(error.message).toBe("Unknown command 'lsit'. Did you mean 'list'?");
    expect(error.exitCode).toBe(2);
  });

  it('suggests the closest option and shows the usage', () => {
    const error = usageError(() => parseCommandLine(['list', '--jsno']));
    expect(error.command).toBe('list');
    expect(error.message).toBe("unknown option '--jsno'. Did you mean '--json'?");
    expect(error.hint).toBe('Usage: toolwright list [--spec FILE] [--json] [--context KEY=VALUE]...');
  });

  it('reports a missing option value and wrong positionals', () => {
    expect(usageError(() => parseCommandLine(['list', '--spec'])).message).toBe("option '--spec' needs a value.");
    expect(usageError(() => parseCommandLine(['call'])).message).toBe('too few arguments.');
    expect(usageError(() => parseCommandLine(['call', 'a', '{}', 'extra'])).message).toBe("unexpected argument 'extra'.");
  });

  it('names a short option by its long name when its value is missing', () => {
    expect(usageError(() => parseCommandLine(['schema', '-f'])).message).toBe("option '--format' needs a value.");
  });

  it('says how to pass a value that starts with a dash', () => {
    const error = usageError(() => parseCommandLine(['call', 'x', '--timeout', '-1']));
    expect(error.message).toBe("option '--timeout' needs a value; to give one that starts with '-', write --timeout=VALUE.");
    expect(parseCommandLine(['call', 'x', '--timeout=-1']).values.timeout).toBe('-1');
  });

  it('takes global options before the command', () => {
    expect(parseCommandLine(['--spec', 'a.yaml', 'list'])).toEqual({ command: 'list', positionals: [], values: { spec: 'a.yaml' } });
    expect(parseCommandLine(['--no-color', 'list', '--json'])).toEqual({ command: 'list', positionals: [], values: { 'no-color': true, json: true } });
    expect(parseCommandLine(['--spec=a.yaml', '--import', 'm.js', 'call', 'grep'])).toEqual({
      command: 'call',
      positionals: ['grep'],
      values: { spec: 'a.yaml', import: ['m.js'] },
    });
    expect(parseCommandLine(['--no-color', '--version'])).toMatchObject({ command: 'version' });
  });

  it('still rejects a command option before the command', () => {
    const error = usageError(() => parseCommandLine(['--json', 'list']));
    expect(error.message).toBe("unknown option '--json'.");
  });

  it('turns --help into the help command and --version into version', () => {
    expect(parseCommandLine(['call', '--help'])).toMatchObject({ command: 'help', positionals: ['call'] });
    expect(parseCommandLine(['-h'])).toMatchObject({ command: 'help', positionals: [] });
    expect(parseCommandLine(['--version'])).toMatchObject({ command: 'version' });
  });
});

describe('parseJsonArguments', () => {
  it('takes an object, and {} when absent', () => {
    expect(parseJsonArguments('t', '{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonArguments('t', undefined)).toEqual({});
  });

  it('explains text that is not a JSON object', () => {
    expect(usageError(() => parseJsonArguments('grep', '{pattern:1}')).message).toMatch(/^The arguments of 'grep' are not valid JSON: .+\.$/);
    const array = usageError(() => parseJsonArguments('grep', '[1]'));
    expect(array.message).toBe("The arguments of 'grep' must be a JSON object, got an array.");
    expect(array.hint).toBe(`Expected e.g. toolwright call grep '{"name": "value"}'`);
  });
});

describe('parseTimeout', () => {
  it('reads seconds as milliseconds', () => {
    expect(parseTimeout('1.5')).toBe(1500);
    expect(parseTimeout(undefined)).toBeUndefined();
  });

  it('rejects what is not a positive number', () => {
    expect(usageError(() => parseTimeout('soon')).message).toBe("--timeout: expected a number of seconds > 0, got 'soon'.");
    expect(() => parseTimeout('0')).toThrow(CliError);
  });
});
