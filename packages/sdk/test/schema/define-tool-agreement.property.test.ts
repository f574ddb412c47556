/**
 * Schema ⇔ validator agreement for schema-first tools ({@link defineTool}), as
 * agreement.property.test.ts shows it for decorated classes: on generated valid inputs and near
 * misses, "the JSON Schema the tool advertises accepts x" (ajv 2020-12 as the oracle) equals "the
 * tool accepts x" (`actionFromArguments`). For a JSON Schema tool the check is the compiled checker
 * MCP tools use, which asserts `format` (ajv-formats): that oracle does too. For a Zod tool the
 * check is Zod's own `validate` and the schema Zod's `toJSONSchema` of the input side, which
 * states each string format as a `pattern` beside `format`: that oracle reads `format` as JSON
 * Schema 2020-12 does by default, as an annotation (Zod's email rule and ajv-formats' differ). The documented leniency — `null` in an
 * optional, non-nullable property means "absent" — is applied to x before the oracle.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { defineTool, jsonSchemaOf } from '@toolwright/sdk';
import type { JsonSchema, SchemaTool } from '@toolwright/sdk';
import { mutate, mutationArb } from '../fixtures/near-miss.js';
import { AGREEMENT_FIXTURES } from '../fixtures/schema-fixtures.js';

/** Formats asserted, as the checker of JSON Schema tools asserts them. */
const formatsOracle = new Ajv2020({ strict: false });
addFormats.default(formatsOracle);
/** Formats as annotations (JSON Schema 2020-12's default). */
const annotationOracle = new Ajv2020({ strict: false, validateFormats: false });

function types(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** The schema of a property: itself, or its non-null branch when it is a nullable `anyOf` (Zod's `.nullable()`). */
function branch(schema: JsonSchema): JsonSchema {
  const nonNull = schema.anyOf?.filter((s) => s.type !== 'null');
  return nonNull?.length === 1 ? { ...nonNull[0], ...(schema.description ? { description: schema.description } : {}) } : schema;
}

/** Valid values of `schema` (the keywords these schemas use). */
function validArb(schema: JsonSchema): Arbitrary<unknown> {
  const nullable = types(schema).includes('null') || schema.anyOf?.some((s) => s.type === 'null') || schema.enum?.includes(null);
  const own = branch(schema);
  const base = own.enum ? fc.constantFrom(...own.enum.filter((v) => v !== null)) : own.const !== undefined ? fc.constant(own.const) : baseArb(own, types(own).find((t) => t !== 'null'));
  return nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function baseArb(schema: JsonSchema, type: string | undefined): Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (typeof schema.format === 'string' && FORMATS[schema.format]) return fc.oneof({ arbitrary: FORMATS[schema.format]!, weight: 5 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
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
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Mostly valid values of the formats the fixtures declare. */
const FORMATS: Record<string, Arbitrary<string>> = {
  email: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.+]{0,7}$/), fc.domain()).map(([l, h]) => `${l}@${h}`),
  uuid: fc.uuid(),
  'date-time': fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  ipv4: fc.ipV4(),
};

const junk: Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const mutations = mutationArb(junk);

/** Drops `null` where the schema makes a property optional and not nullable (recursively): the tools' documented leniency. */
function normalize(schema: JsonSchema, value: unknown): unknown {
  const own = branch(schema);
  if (Array.isArray(value)) return own.items ? value.map((v) => normalize(own.items!, v)) : value;
  if (typeof value !== 'object' || value === null || !own.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const prop = own.properties[k];
    const nullable = prop && (types(prop).includes('null') || prop.anyOf?.some((s) => s.type === 'null') || prop.enum?.includes(null));
    if (v === null && prop && !(own.required ?? []).includes(k) && !nullable) continue;
    out[k] = prop ? normalize(prop, v) : v;
  }
  return out;
}

function accepts(tool: SchemaTool<unknown>, x: unknown): boolean {
  try {
    tool.actionFromArguments(x);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'INVALID_ARGUMENTS') return false;
    throw error;
  }
}

/** Zod schemas covering what tools declare: bounds, enums, optional and nullable fields, nested objects and arrays, strict objects, patterns, string formats. */
const ZOD_SCHEMAS: Record<string, z.ZodObject> = {
  flat: z.object({ query: z.string().min(1).max(20), count: z.number().int().min(0).max(100), ratio: z.number(), exact: z.boolean().optional() }),
  enums: z.object({ mode: z.enum(['read', 'write']), level: z.literal(3).optional(), tag: z.union([z.literal('a'), z.literal('b')]).nullable() }),
  nested: z.object({ owner: z.object({ name: z.string(), age: z.number().int().min(0).optional() }), tags: z.array(z.string().max(5)).max(3) }),
  strict: z.strictObject({ path: z.string().regex(/^\/[a-z]{1,8}$/), lines: z.array(z.number().int().min(1)).min(1).max(4).optional() }),
  formats: z.object({ email: z.email(), id: z.uuid().optional(), when: z.iso.datetime().optional(), ip: z.ipv4().optional() }),
  nullable: z.object({ note: z.string().nullable(), limit: z.number().int().nullable().optional(), items: z.array(z.object({ id: z.number().int() })).optional() }),
};

function agree(tool: SchemaTool<unknown>, oracle: Ajv2020): void {
  const schema = tool.inputSchema();
  const check = oracle.compile(schema);
  const valid = validArb(schema);
  const input = fc.oneof(valid, fc.tuple(valid, mutations).map(([v, m]) => mutate(v, m)));
  let accepted = 0;
  fc.assert(
    fc.property(input, (x) => {
      const verdict = accepts(tool, x);
      if (verdict) accepted++;
      expect(verdict).toBe(check(normalize(schema, x)));
    }),
    { numRuns: 1000 },
  );
  // Both sides of the property were exercised.
  expect(accepted).toBeGreaterThan(100);
  expect(accepted).toBeLessThan(1000);
}

describe('schema ⇔ validator agreement of schema-first tools', () => {
  for (const cls of AGREEMENT_FIXTURES) {
    it(`agrees for a JSON Schema tool with ${cls.name}'s schema on 1,000 valid inputs and near misses`, () => {
      agree(defineTool({ name: 'json_tool', description: 'A JSON Schema tool.', input: jsonSchemaOf(cls), execute: () => 'ok' }) as SchemaTool<unknown>, formatsOracle);
    });
  }
  for (const [name, schema] of Object.entries(ZOD_SCHEMAS)) {
    it(`agrees for a Zod tool (${name}) on 1,000 valid inputs and near misses`, () => {
      agree(defineTool({ name: `zod_${name}`, description: 'A Zod tool.', input: schema, execute: () => 'ok' }) as SchemaTool<unknown>, annotationOracle);
    });
  }
});
