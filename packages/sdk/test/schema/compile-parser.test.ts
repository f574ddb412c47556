/**
 * The one-pass parser (hot classes: check and build in one generated function) gives ajv's
 * verdict — ajv as the oracle, with the codec's own options — on every field schema shape it
 * writes out inline or hands to the closure checker, on the object rules (required, unknown keys
 * as ajv's for-in sees them, `undefined` as missing) and on the edge values JSON cannot carry but
 * a direct caller can (NaN, Infinity, holes, inherited keys).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Type } from 'class-transformer';
import { ArrayUnique, ValidateNested } from 'class-validator';
import { codecOf, createAjv, Field } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { parserOfClass, uncachedCodec } from '../../src/schema/codec.js';
import { ArrayOfNestedAction, OptionalNullableAction, Tag } from '../fixtures/schema-fixtures.js';

const ajv = createAjv();

const SCHEMAS: JsonSchema[] = [
  { type: 'string', minLength: 2, maxLength: 3 },
  { type: 'string', pattern: '^a.c$' },
  { type: 'integer', minimum: 0, maximum: 10 },
  { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  { type: 'number', multipleOf: 0.1 },
  { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.25 },
  { type: ['string', 'null'], enum: ['x', 'y', null] },
  { type: ['integer', 'null'], enum: [1, 2, 3, 2.5], minimum: 2 },
  { type: 'string', enum: ['a', 'b', 'ab'], maxLength: 1 },
  { type: 'boolean' },
  { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
  { type: ['array', 'null'], items: { type: 'array', items: { type: 'integer' } }, minItems: 1 },
  { type: 'string', minLength: 1, items: { type: 'integer' }, minimum: 3, required: ['a'] },
  // Not written out inline: the closure checker decides these.
  { type: ['string', 'number'] },
  // (const and enum with objects are left out: the class model's schema is a structuredClone, made
  // in jest's outer realm, and ajv's deep equality compares constructors across realms.)
  { const: 2.5 },
  { type: 'array', items: { type: 'integer' }, uniqueItems: true },
  { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'], additionalProperties: false }] },
  { type: 'object', additionalProperties: { type: 'number' } },
  { type: 'string', nullable: true, enum: ['x', 'y', null] },
  { enum: [1, 'a', null] },
  {},
];

const json = fc.jsonValue({ maxDepth: 3 });
const sparse = [1, 2, 3];
delete sparse[1];
const edgy = fc.oneof(
  json,
  fc.constantFrom('😀😀', '😀', 'ab', 'abc', 'a😀c', 'a\uD800', 0.3, 0.30000000000000004, 1e21, 2.5, -1, -0, 10, 11, null, NaN, Infinity, -Infinity, sparse, [1, 1], [1, 2], [[1], [2.5]], [1, { a: 2 }], { a: undefined }, { a: true }, { a: true, z: 1 }, '', 0.25, 0.75, ['a', ''], ['a', 'b', 'c'], [], 3),
);

/** A class with one required field of `schema` (declared with `@Field({ schema })`). */
function classWith(schema: JsonSchema): new () => object {
  const cls = class OneField {};
  Field({ schema })(cls.prototype, 'value');
  return cls;
}

describe('compileParser', () => {
  it.each(SCHEMAS.map((schema) => [JSON.stringify(schema), schema] as const))('agrees with ajv on a field of %s', (_name, schema) => {
    const cls = classWith(schema);
    const parser = parserOfClass(cls)!;
    expect(parser).toBeDefined();
    const oracle = ajv.compile(codecOf(cls).model.validationSchema);
    fc.assert(
      fc.property(edgy, (value) => {
        const built = parser({ value });
        expect(built !== undefined).toBe(oracle({ value }));
        if (built) {
          expect(built).toBeInstanceOf(cls);
          expect((built as { value: unknown }).value).toBe(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sees unknown and missing keys as ajv does: inherited keys, undefined values, __proto__', () => {
    const parser = parserOfClass(Tag)!;
    const oracle = ajv.compile(codecOf(Tag).model.validationSchema);
    const inherited = Object.create({ name: 'from the prototype' }) as object;
    const inheritedExtra = Object.assign(Object.create({ extra: 1 }) as object, { name: 'n' });
    const cases: unknown[] = [
      { name: 'n' },
      { name: 'n', weight: undefined },
      { name: 'n', extra: undefined },
      { name: undefined },
      inherited,
      inheritedExtra,
      JSON.parse('{"name": "n", "__proto__": {"weight": 1}}'),
      Object.assign(Object.create(null) as object, { name: 'n' }),
      [],
      null,
      'n',
    ];
    const cold = uncachedCodec(Tag, Infinity);
    const hot = uncachedCodec(Tag, 0);
    for (const value of cases) {
      expect([value, parser(value) !== undefined]).toEqual([value, oracle(value)]);
      // And the codec's own verdict on either path (what the parser rejects, the closure checker decides).
      expect([value, cold.parse(value).ok, hot.parse(value).ok]).toEqual([value, oracle(value), oracle(value)]);
    }
  });

  it('builds nested instances and arrays of them, and reads null in an optional field as absent', () => {
    const parsed = parserOfClass(ArrayOfNestedAction)!({ tags: [{ name: 'a', weight: 2 }], labels: ['x'] }) as ArrayOfNestedAction;
    expect(parsed).toBeInstanceOf(ArrayOfNestedAction);
    expect(parsed.tags[0]).toBeInstanceOf(Tag);
    expect(parsed).toEqual({ tags: [{ name: 'a', weight: 2 }], labels: ['x'] });
    const input = { note: null, parent: null, address: null, limit: null };
    const expected = codecOf(OptionalNullableAction).parse(input);
    expect(expected.ok).toBe(true);
    expect(parserOfClass(OptionalNullableAction)!(input)).toStrictEqual(expected.ok ? expected.value : undefined);
  });

  it('leaves an array of nested instances with rules beyond its items to ajv, with the same results', () => {
    class UniqueTags {
      @Field({ description: 'Tags' }) @ValidateNested({ each: true }) @Type(() => Tag) @ArrayUnique() tags!: Tag[];
    }
    expect(parserOfClass(UniqueTags)).toBeUndefined();
    const hot = uncachedCodec(UniqueTags, 0);
    expect(hot.parse({ tags: [{ name: 'a' }, { name: 'b' }] })).toStrictEqual(uncachedCodec(UniqueTags, Infinity).parse({ tags: [{ name: 'a' }, { name: 'b' }] }));
    const duplicate = hot.parse({ tags: [{ name: 'a' }, { name: 'a' }] });
    expect(duplicate.ok).toBe(false);
    expect(duplicate).toStrictEqual(uncachedCodec(UniqueTags, Infinity).parse({ tags: [{ name: 'a' }, { name: 'a' }] }));
  });
});
