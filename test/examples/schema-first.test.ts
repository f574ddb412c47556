import { describe, expect, it } from '@jest/globals';
import { schemaFirst } from '../../examples/schema-first.js';

/** What `node examples/dist/schema-first.js` prints (the README shows it). */
export const SCHEMA_FIRST_OUTPUT = [
  'tools: forecast (structured output), save_note',
  'forecast {"city":"Oslo","days":2} -> {"city":"Oslo","days":["day 1: sunny","day 2: sunny"]}',
  'forecast {"city":"","days":9} -> INVALID_ARGUMENTS: Invalid arguments for tool \'forecast\':',
  '- city: Too small: expected string to have >=1 characters (got a string of 0 characters)',
  '- days: Too big: expected number to be <=7 (got a number)',
  "Fix these arguments and call 'forecast' again.",
  'asked: save_note {"text":"milk"}',
  'save_note {"text":"milk"} -> saved: milk',
];

describe('examples/schema-first', () => {
  it('runs a Zod tool and a JSON Schema tool under a policy, as the README shows', async () => {
    expect((await schemaFirst()).join('\n').split('\n')).toEqual(SCHEMA_FIRST_OUTPUT);
  });
});
