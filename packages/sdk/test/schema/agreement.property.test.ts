/**
 * Schema ⇔ validator agreement: for every fixture class, on generated valid inputs and near
 * misses, "the JSON Schema the model sees accepts x" (ajv as the oracle, `format` read as an
 * annotation, JSON Schema 2020-12's default) and "class-validator's own format rules accept x"
 * (class-validator as the second oracle, for IsUrl, IsEmail, IsUUID, IsDateString, IsIP… with
 * their options, which the description states) together equal "the tool's validator accepts x".
 * The one documented leniency — `null` in an optional, non-nullable field means "absent" (what
 * OpenAI strict mode sends, and what class-validator's @IsOptional allows) — is re-implemented
 * here from the schema alone and applied before the oracles. The MCP view of the same class
 * (JSON Schema 2020-12, nested classes as `$defs`) gives the same verdicts as the inlined view.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ValidationError } from 'class-validator';
import { codecOf, jsonSchemaOf } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { parserOfClass, uncachedCodec } from '../../src/schema/codec.js';
import { mcpJsonSchemaOf } from '../../src/schema/mcp-json-schema-of.js';
import { mutate, mutationArb } from '../fixtures/near-miss.js';
import { AGREEMENT_FIXTURES } from '../fixtures/schema-fixtures.js';

const oracle = new Ajv({ strict: false, validateFormats: false });
/** The MCP view (2020-12, nested classes as $defs) must give the same verdicts as the inlined view. */
const mcpOracle = new Ajv2020({ strict: false, validateFormats: false });

const FORMAT_RULE_NAMES = new Set(['isEmail', 'isUrl', 'isUuid', 'isDateString', 'isIso8601', 'isRFC3339', 'isIp', 'isFqdn', 'isMacAddress', 'isHexColor']);

/** class-validator's verdict on its format rules only (other rules are the schema's business). */
function formatRulesAccept(cls: new () => object, value: unknown): boolean {
  const failed = (errors: ValidationError[]): boolean =>
    errors.some((e) => Object.keys(e.constraints ?? {}).some((name) => FORMAT_RULE_NAMES.has(name)) || failed(e.children ?? []));
  return !failed(validateSync(plainToInstance(cls, value), { forbidUnknownValues: false }));
}

const URLS = ['javascript:alert(1)', 'mailto:a@example.com', 'http://localhost:3000', 'https://example.com/a?b=c', 'ftp://files.example.org/x', 'example.com', 'http://127.0.0.1', 'ws://example.com', 'https://ex ample.com'];
const EMAILS = ['user@example.com', 'a@b', 'first.last+tag@sub.example.org', 'no-at-sign', '"quoted"@example.com'];
const UUIDS = ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', '16fd2706-8baf-433b-82eb-8c7fada847da', 'urn:uuid:16fd2706-8baf-433b-82eb-8c7fada847da', '16FD2706-8BAF-433B-82EB-8C7FADA847DA'];
const DATES = ['2020-01-01', '2020-13-01', '2020-01-01T10:00:00Z', '2020-01-01 10:00', '20200101', 'yesterday'];
const IPS = ['1.2.3.4', '256.1.1.1', '::1', '2001:db8::1', '01.2.3.4'];

/** Strings for a field with a format rule (known from the description the rule writes). */
function formatArb(description: string): Arbitrary<string> | undefined {
  const pick = (edges: string[], valid: Arbitrary<string>): Arbitrary<string> =>
    fc.oneof({ arbitrary: valid, weight: 20 }, { arbitrary: fc.constantFrom(...edges), weight: 3 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
  // fast-check's own webUrl/emailAddress are mostly edge cases class-validator rejects; these are mostly plain ones.
  const host = fc.domain();
  const path = fc.stringMatching(/^(\/[a-z0-9]{1,6}){0,2}$/);
  if (description.includes('a URL: protocol https;')) return pick(URLS, fc.tuple(host, path).map(([h, p]) => `https://${h}${p}`));
  if (description.includes('a URL')) return pick(URLS, fc.tuple(fc.constantFrom('http://', 'https://', 'ftp://', ''), host, path).map(([s, h, p]) => `${s}${h}${p}`));
  if (description.includes('an email address')) return pick(EMAILS, fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), host).map(([l, h]) => `${l}@${h}`));
  if (description.includes('a UUID (version 4)')) return pick(UUIDS, fc.uuid({ version: 4 }));
  if (description.includes('a UUID')) return pick(UUIDS, fc.uuid());
  if (description.includes('ISO 8601')) return pick(DATES, fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()));
  if (description.includes('IPv4')) return pick(IPS, fc.ipV4());
  if (description.includes('an IP address')) return pick(IPS, fc.oneof(fc.ipV4(), fc.ipV6()));
  return undefined;
}

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
      if (typeof schema.description === 'string' && formatArb(schema.description)) return formatArb(schema.description)!;
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 12 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const each = typeof schema.description === 'string' ? formatArb(schema.description) : undefined;
      return fc.array(each ?? validArb(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: schema.maxItems ?? 4 });
    }
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

const mutations = mutationArb(junk);

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
      const mcpCheck = mcpOracle.compile(mcpJsonSchemaOf(cls));
      const codec = codecOf(cls);
      // Each path of the codec on its own, for all runs: the closure checker with the shared
      // hydrator (a class's first calls), and the one-pass parser (later calls), also alone:
      // the codec hands what it rejects to the closure checker, which would hide a wrong rejection.
      const firstCalls = uncachedCodec(cls, Infinity);
      const laterCalls = uncachedCodec(cls, 0);
      const parser = parserOfClass(cls);
      expect(parser).toBeDefined();
      const valid = validArb(schema);
      const input = fc.oneof(valid, fc.tuple(valid, mutations).map(([v, m]) => mutate(v, m)));
      let accepted = 0;
      fc.assert(
        fc.property(input, (x) => {
          const normalized = normalize(schema, x);
          const expected = check(normalized) && formatRulesAccept(cls, normalized);
          expect(mcpCheck(normalized)).toBe(check(normalized));
          const result = codec.parse(x);
          expect(firstCalls.parse(x)).toStrictEqual(result);
          expect(laterCalls.parse(x)).toStrictEqual(result);
          const built = parser!(x);
          expect(built).toStrictEqual(result.ok ? result.value : undefined);
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
