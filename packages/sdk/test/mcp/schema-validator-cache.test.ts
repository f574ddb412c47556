/**
 * The MCP validator cache checks with the closure-built checker where it covers a schema, and
 * ajv decides every rejection: the issues (and so every verdict) are exactly those of ajv with
 * the schema's dialect, as before the closure checker was used. ajv as the oracle.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '@toolwright/sdk';
import { SchemaValidatorCache } from '../../src/mcp/schema-validator-cache.js';
import { schemaChecker } from '../../src/schema/schema-checker.js';
import { issuesFromAjv } from '../../src/schema/validation-issue.js';

const options = { strict: false, allErrors: true, verbose: true, addUsedSchema: false };
const draft07 = new Ajv(options);
const draft2020 = new Ajv2020(options);
addFormats.default(draft07);
addFormats.default(draft2020);

const SCHEMAS: JsonSchema[] = [
  {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 5, description: 'Search text' },
      limit: { type: 'integer', minimum: 1, maximum: 10 },
      mode: { type: 'string', enum: ['fast', 'exact'] },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
      flag: { type: 'boolean', default: false },
    },
    required: ['query'],
    additionalProperties: false,
  },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'number', exclusiveMinimum: 0 } }, required: ['a'] },
  { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, additionalProperties: { type: 'integer' } },
  { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } },
];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ query: fc.oneof(fc.string({ maxLength: 7 }), fc.integer()), limit: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double()), mode: fc.constantFrom('fast', 'exact', 'slow'), tags: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }), flag: fc.boolean(), extra: fc.integer() }, { requiredKeys: [] }),
  fc.record({ a: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.string(), fc.constant(null)), b: fc.oneof(fc.integer(), fc.double({ noInteger: true }), fc.string()) }, { requiredKeys: [] }),
  fc.record({ when: fc.constantFrom('2020-01-01T10:00:00Z', 'yesterday', 5) }, { requiredKeys: [] }),
);

describe('SchemaValidatorCache', () => {
  it.each(SCHEMAS.map((schema) => [JSON.stringify(schema).slice(0, 80), schema] as const))('gives exactly ajv’s issues for %s', (_name, schema) => {
    const check = new SchemaValidatorCache().get(schema);
    const oracle = String(schema.$schema ?? '').includes('draft-07') ? draft07.compile(schema) : draft2020.compile(schema);
    fc.assert(
      fc.property(value, (v) => {
        const expected = oracle(v) ? [] : issuesFromAjv(oracle.errors);
        expect(check(v)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('uses the closure checker for the schemas it covers, ajv for the others', () => {
    expect(schemaChecker(SCHEMAS[0]!)).toBeDefined();
    expect(schemaChecker(SCHEMAS[1]!)).toBeDefined();
    expect(schemaChecker(SCHEMAS[2]!)).toBeDefined();
    expect(schemaChecker(SCHEMAS[3]!)).toBeUndefined();
    expect(schemaChecker({ type: 'string', pattern: '(' })).toBeUndefined();
  });

  it('still accepts everything for a schema no dialect can compile, though the closure checker covers it', () => {
    const odd: JsonSchema = { type: 'object', properties: { a: { type: 'string', minLength: -1 } } };
    expect(schemaChecker(odd)!({ a: 5 })).toBe(false);
    expect(new SchemaValidatorCache().get(odd)({ a: 5 })).toEqual([]);
  });
});
