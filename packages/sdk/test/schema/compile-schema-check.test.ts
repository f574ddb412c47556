/**
 * The generated schema check (hot MCP and provider tools) gives ajv's verdict — ajv as the
 * oracle, per dialect — on every schema it compiles, and no text of a hostile schema can reach its
 * generated source as code.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createAjv } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { compileSchemaCheck } from '../../src/schema/compile-schema-check.js';

const oracles = { 'draft-07': createAjv(), '2020-12': createAjv({}, '2020-12') };

const SCHEMAS: JsonSchema[] = [
  { type: 'string', minLength: 2, maxLength: 3 },
  { type: 'string', pattern: '^a.c$' },
  { type: 'integer', minimum: 0, maximum: 10 },
  { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  { type: 'number', multipleOf: 0.1 },
  { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.25 },
  { type: ['string', 'number'] },
  { type: ['integer', 'null'], enum: [1, 2, null] },
  { type: 'string', enum: ['a', 'b', 'ab'], maxLength: 1 },
  { type: 'integer', enum: [1, 2, 3, 2.5], minimum: 2 },
  { const: 'x' },
  { type: 'null', enum: [null, 1] },
  { minLength: 1, minimum: 3, minItems: 1 },
  { type: 'string', minLength: 1, items: { type: 'integer' }, minimum: 3, required: ['a'] },
  { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
  { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], additionalProperties: false }, minItems: 1 },
  { type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'integer' } }, additionalProperties: false } }, required: ['a'], additionalProperties: false },
  { type: 'object', additionalProperties: { type: 'number' } },
  { type: 'object', properties: { a: { type: 'boolean' } }, additionalProperties: { type: 'string', maxLength: 1 } },
  { type: 'object', required: ['x', 'a'], properties: { a: { type: 'string' } } },
  { type: 'object', properties: {}, additionalProperties: false },
  { type: 'object', properties: { a: true, b: false } } as unknown as JsonSchema,
  // Subschemas outside the written-out keywords go through the closure checker.
  { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, b: { type: 'array', uniqueItems: true }, c: { const: [1, { a: 2 }] } } },
  // Declared keys read by name: ajv sees Object.prototype's `constructor` on {}.
  JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"},"toString":{"type":"integer"}}}') as JsonSchema,
  // A `__proto__` entry of `properties` is left out by ajv (built with JSON.parse: a literal would set the prototype).
  JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"integer"}},"additionalProperties":false}') as JsonSchema,
  JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}') as JsonSchema,
  // memory_query's schema, and a root $schema (it only names the dialect).
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 2000, description: 'What to look for.' },
      bank_ids: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50 },
      max_chunks: { type: 'integer', minimum: 1, maximum: 100 },
    },
    required: ['query'],
    additionalProperties: false,
  },
];

const json = fc.jsonValue({ maxDepth: 3 });
const edgy = fc.oneof(
  json,
  fc.constantFrom(
    '😀😀',
    '😀',
    'ab',
    'abc',
    'a😀c',
    0.3,
    0.30000000000000004,
    1e21,
    2.5,
    -1,
    10,
    11,
    null,
    [1, 1],
    [{ a: 1 }],
    [{ a: 1, b: 2 }],
    [],
    { a: undefined },
    { a: 'x', b: { c: 1.5 } },
    { a: 'x', b: { c: 1 } },
    { a: true },
    { a: true, z: 'q' },
    { a: true, z: 'qq' },
    { x: 1, a: 'q' },
    { x: undefined, a: 'q' },
    { constructor: 'x', toString: 1 },
    JSON.parse('{"__proto__": "x"}') as unknown,
    JSON.parse('{"__proto__": 1}') as unknown,
    { query: 'user:1' },
    { query: '', max_chunks: 3 },
    { query: 'q', bank_ids: ['a'], max_chunks: 100 },
    { query: 'q', bank_ids: [], max_chunks: 1.5 },
    { query: 'q', extra: 1 },
    '',
    0.25,
    0.75,
    3,
    'x',
  ),
);

describe('compileSchemaCheck', () => {
  it.each(SCHEMAS.map((schema) => [JSON.stringify(schema), schema] as const))('agrees with ajv on %s', (_name, schema) => {
    const check = compileSchemaCheck(schema);
    expect(check).toBeDefined();
    const dialects = typeof schema.$schema === 'string' && schema.$schema.includes('draft-07') ? [oracles['draft-07']] : Object.values(oracles);
    for (const ajv of dialects) {
      const oracle = ajv.compile(schema);
      fc.assert(
        fc.property(edgy, (value) => {
          expect(check!(value)).toBe(oracle(value));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('agrees with ajv on inherited and non-enumerable keys', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    const check = compileSchemaCheck(schema)!;
    const oracle = oracles['2020-12'].compile(schema);
    const hidden = Object.defineProperty({}, 'a', { value: 5, enumerable: false });
    const inherited = Object.create({ a: 'x' }) as object;
    const extraInherited = Object.assign(Object.create({ z: 1 }) as object, { a: 'x' });
    for (const value of [hidden, inherited, extraInherited]) expect(check(value)).toBe(oracle(value));
  });

  it('leaves schemas with keywords it does not write out, and odd keyword values, to the other checks', () => {
    for (const schema of [
      { type: 'string', format: 'email' },
      { $ref: '#/definitions/a', definitions: { a: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'string', format: 'uri' } } },
      { type: 'object', patternProperties: { '^a': { type: 'string' } } },
      { type: 'string', minLength: '2' },
      { type: 'number', maximum: null },
      { type: 'strnig' },
      { type: 'string', pattern: '(' },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'object', required: 'a' },
      { $schema: 7, type: 'string' },
    ] as JsonSchema[]) {
      expect(compileSchemaCheck(schema)).toBeUndefined();
    }
  });

  it('never runs text of a hostile schema: names, enum values and patterns stay data', () => {
    const hostile = '"];globalThis.pwned=1;//';
    const keys = [hostile, `'); globalThis.pwned = 1; ('`, '\u2028globalThis.pwned=1', '\\', '`${globalThis.pwned=1}`', '__proto__', 'constructor', '*/globalThis.pwned=1/*'];
    const schema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'string', enum: [key, `${key}\u2029`], pattern: key.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&') }])),
      required: [hostile],
      additionalProperties: false,
    };
    const check = compileSchemaCheck(schema)!;
    expect(check).toBeDefined();
    const oracle = oracles['2020-12'].compile(schema);
    const good = JSON.parse(JSON.stringify({ [hostile]: hostile, constructor: 'constructor' })) as unknown;
    expect(check(good)).toBe(true);
    for (const value of [good, {}, { [hostile]: 'x' }, JSON.parse(JSON.stringify({ [hostile]: hostile, '\\': '\\' })), { [hostile]: hostile, [`${hostile}!`]: 1 }] as unknown[]) {
      expect(check(value)).toBe(oracle(value));
    }
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('gives up on a schema nested too deep to walk instead of throwing', () => {
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i < 20_000; i++) deep = { type: 'array', items: deep };
    expect(compileSchemaCheck(deep)).toBeUndefined();
  });
});
