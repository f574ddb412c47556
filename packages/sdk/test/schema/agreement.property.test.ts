/**
 * Schema ⇔ validator agreement: for every fixture class, on generated valid inputs and near
 * misses, "the JSON Schema the model sees accepts x" (ajv as the oracle) equals "the tool's
 * validator accepts x". The one documented leniency — `null` in an optional, non-nullable field
 * means "absent" (what OpenAI strict mode sends, and what class-validator's @IsOptional allows) —
 * is re-implemented here from the schema alone and applied before the oracle.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { codecOf, jsonSchemaOf } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { AGREEMENT_FIXTURES } from '../fixtures/schema-fixtures.js';

const oracle = new Ajv({ strict: false });
addFormats.default(oracle);

function types(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** Valid values of `schema` (the subset our schemas use). */
function validArb(schema: JsonSchema): Arbitrary<unknown> {
  const t = types(schema);
  const nonNull = t.filter((x) => x !== 'null');
  const base = schema.enum ? fc.constantFrom(...schema.enum.filter((v) => v !== null)) : baseArb(schema, nonNull[0]);
  return t.includes('null') || schema.enum?.includes(null) ? fc.oneof(base, fc.constant(null)) : base;
}

function baseArb(schema: JsonSchema, type: string | undefined): Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 12 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArb(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: schema.maxItems ?? 4 });
    case 'object': {
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validArb(v)]));
      return fc.record(props, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue();
  }
}

const junk: Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

type Mutation = { kind: 'replace' | 'delete' | 'add'; depth: number; pick: number; value: unknown };

/** A near miss: one random edit somewhere in a valid value. */
function mutate(value: unknown, m: Mutation): unknown {
  const copy = structuredClone(value);
  let node: unknown = copy;
  for (let d = 0; d < m.depth; d++) {
    const children = typeof node === 'object' && node !== null ? Object.values(node).filter((c) => typeof c === 'object' && c !== null) : [];
    if (children.length === 0) break;
    node = children[m.pick % children.length];
  }
  if (typeof node !== 'object' || node === null) return m.value;
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  if (m.kind === 'add' || keys.length === 0) record[`extra_${m.pick % 3}`] = m.value;
  else if (m.kind === 'delete') delete record[keys[m.pick % keys.length]!];
  else record[keys[m.pick % keys.length]!] = m.value;
  return copy;
}

const mutationArb: Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'delete', 'add'),
  depth: fc.nat({ max: 3 }),
  pick: fc.nat({ max: 20 }),
  value: junk,
});

/** Drops `null` where the schema makes a field optional and not nullable (recursively). */
function normalize(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) return schema.items ? value.map((v) => normalize(schema.items!, v)) : value;
  if (typeof value !== 'object' || value === null || !schema.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const prop = schema.properties[k];
    if (v === null && prop && !(schema.required ?? []).includes(k) && !types(prop).includes('null')) continue;
    out[k] = prop ? normalize(prop, v) : v;
  }
  return out;
}

describe('schema ⇔ validator agreement', () => {
  for (const cls of AGREEMENT_FIXTURES) {
    it(`agrees for ${cls.name} on 1,000 valid inputs and near misses`, () => {
      const schema = jsonSchemaOf(cls);
      const check = oracle.compile(schema);
      const codec = codecOf(cls);
      const valid = validArb(schema);
      const input = fc.oneof(valid, fc.tuple(valid, mutationArb).map(([v, m]) => mutate(v, m)));
      let accepted = 0;
      fc.assert(
        fc.property(input, (x) => {
          const expected = check(normalize(schema, x));
          const result = codec.parse(x);
          if (result.ok) {
            accepted++;
            expect(result.value).toBeInstanceOf(cls);
          }
          expect(result.ok).toBe(expected);
        }),
        { numRuns: 1000 },
      );
      // Both sides of the property were exercised.
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(1000);
    });
  }
});
