/**
 * The closure-built schema checker (first calls of a tool, no ajv) gives ajv's verdict — ajv as
 * the oracle, with the codec's own options — on each keyword it covers, including ajv's edge
 * semantics (code-point lengths, `undefined` counts as missing, multipleOf by parseInt, deep
 * equality); schemas with keywords it does not cover are left to ajv.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createAjv } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { schemaChecker } from '../../src/schema/schema-checker.js';

const ajv = createAjv();

const SCHEMAS: JsonSchema[] = [
  { type: 'string', minLength: 2, maxLength: 3 },
  { type: 'string', pattern: '^a.c$' },
  { type: 'integer', minimum: 0, maximum: 10 },
  { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  { type: 'number', multipleOf: 0.1 },
  { type: 'string', nullable: true, enum: ['x', 'y', null] },
  { type: ['string', 'number'] },
  { const: [1, { a: 2 }] },
  { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3, uniqueItems: true },
  { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'], additionalProperties: false }] },
  { type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'integer' } }, additionalProperties: false } }, required: ['a'], additionalProperties: false },
  { type: 'object', additionalProperties: { type: 'number' } },
  { minLength: 1, minimum: 3, minItems: 1 },
  // One type: the type test and its keywords fused (other types' keywords cannot apply).
  { type: 'string', minLength: 2 },
  { type: 'string', enum: ['a', 'b', 'ab'], maxLength: 1 },
  { type: 'integer', enum: [1, 2, 3, 2.5], minimum: 2 },
  { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.25 },
  { type: 'object', required: ['x', 'a'], properties: { a: { type: 'string' } } },
  // Required and optional declared keys side by side (the for-in pass counts the required ones it sees).
  { type: 'object', properties: { a: { type: 'string' }, x: { type: 'integer' }, z: { type: 'number' } }, required: ['x'], additionalProperties: false },
  { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
  { type: 'string', minLength: 1, items: { type: 'integer' }, minimum: 3, required: ['a'] },
  { type: 'null', enum: [null, 1] },
];

const json = fc.jsonValue({ maxDepth: 3 });
const edgy = fc.oneof(
  json,
  fc.constantFrom('😀😀', '😀', 'ab', 'abc', 'a😀c', 0.3, 0.30000000000000004, 1e21, 2.5, -1, 10, 11, null, [1, 1], [1, 2], [1, { a: 2 }], [1, { a: 3 }], { a: undefined }, { a: 'x', b: { c: 1.5 } }, { a: true }, { a: true, z: 1 }, { x: 1, y: 'n' }, { x: 1, a: 'q' }, { x: undefined, a: 'q' }, '😀a', 'a', '', 0.25, 0.75, ['a', ''], ['a', 'b', 'c'], 3),
);

describe('schemaChecker', () => {
  it.each(SCHEMAS.map((schema) => [JSON.stringify(schema), schema] as const))('agrees with ajv on %s', (_name, schema) => {
    const check = schemaChecker(schema)!;
    expect(check).toBeDefined();
    const oracle = ajv.compile(schema);
    fc.assert(
      fc.property(edgy, (value) => {
        expect(check(value)).toBe(oracle(value));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves schemas with keywords it does not cover to ajv', () => {
    expect(schemaChecker({ type: 'string', format: 'email' })).toBeUndefined();
    expect(schemaChecker({ $ref: '#/definitions/A', definitions: { A: { type: 'string' } } } as JsonSchema)).toBeUndefined();
    expect(schemaChecker({ type: 'object', properties: { a: { not: { type: 'string' } } } } as JsonSchema)).toBeUndefined();
  });

  it('reads a hole in a sparse array as an undefined item, as ajv does', () => {
    const check = schemaChecker({ type: 'array', items: { type: 'integer' } })!;
    const sparse = [1, 2, 3];
    delete sparse[1];
    expect(check(sparse)).toBe(false);
    expect(ajv.compile({ type: 'array', items: { type: 'integer' } })(sparse)).toBe(false);
  });

  it('reads object keys as ajv does: inherited and non-enumerable ones, keys Object.prototype has, no prototype', () => {
    const schemas: JsonSchema[] = [
      { type: 'object', properties: { a: { type: 'string' }, q: { type: 'string' } }, required: ['a'], additionalProperties: false },
      // A declared key Object.prototype also has (written as JSON: TypeScript types `constructor` as a Function).
      JSON.parse('{"type": "object", "properties": {"constructor": {"type": "string"}, "a": {"type": "string"}}, "additionalProperties": false}') as JsonSchema,
    ];
    const hidden = (key: string, value: unknown, base: object = { a: 'x' }): object => Object.defineProperty({ ...base }, key, { value, enumerable: false });
    const values: unknown[] = [
      { a: 'x' },
      { a: 'x', q: 'y' },
      { a: 'x', q: undefined },
      { a: 'x', z: undefined },
      hidden('q', 5),
      hidden('q', 'y'),
      hidden('a', 'x', {}),
      hidden('a', 5, {}),
      hidden('z', 1),
      Object.assign(Object.create({ extra: 1 }) as object, { a: 'x' }),
      Object.assign(Object.create({ q: 5 }) as object, { a: 'x' }),
      Object.assign(Object.create(null) as object, { a: 'x' }),
      JSON.parse('{"a": "x", "__proto__": {"q": 5}}'),
      {},
      { constructor: 'c' },
    ];
    for (const schema of schemas) {
      const check = schemaChecker(schema)!;
      const oracle = ajv.compile(schema);
      for (const value of values) expect([schema, value, check(value)]).toEqual([schema, value, oracle(value)]);
    }
  });

  it('tells required from optional keys beyond the 30 a bit mask holds', () => {
    const properties: Record<string, JsonSchema> = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, { type: 'integer' } as JsonSchema]));
    const schema: JsonSchema = { type: 'object', properties, required: ['k3', 'k35'], additionalProperties: false };
    const check = schemaChecker(schema)!;
    const oracle = ajv.compile(schema);
    const values: unknown[] = [{ k3: 1, k35: 2 }, { k3: 1 }, { k35: 2 }, { k3: 1, k35: 2, k39: 'x' }, { k3: 1, k35: 2, k40: 1 }, { k3: 1, k35: undefined }, Object.assign(Object.create({ k35: 2 }) as object, { k3: 1 })];
    for (const value of values) expect([value, check(value)]).toEqual([value, oracle(value)]);
  });

  it('counts string length in code points as ajv does', () => {
    const check = schemaChecker({ type: 'string', maxLength: 1 })!;
    expect(check('😀')).toBe(true);
    expect(check('ab')).toBe(false);
  });
});
