import type { JsonSchema } from './json-schema.js';

/** A compiled yes/no check of one JSON Schema (no error reporting: that stays with ajv). */
export type SchemaCheck = (value: unknown) => boolean;

/** Keywords that never change a verdict. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', '$comment', 'readOnly', 'writeOnly']);

/** Every keyword {@link schemaChecker} understands; a schema with any other one is left to ajv. */
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'nullable',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
]);

/** Bails out of compilation: the schema uses something this checker does not do. */
class Unsupported extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length in Unicode code points (what ajv counts, its default `unicode: true`). */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** Structural equality of JSON values (ajv's `enum`, `const` and `uniqueItems`). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], other[i])) return false;
    return true;
  }
  const left = Object.keys(a);
  const right = b as Record<string, unknown>;
  if (left.length !== Object.keys(right).length) return false;
  return left.every((key) => Object.hasOwn(right, key) && equal((a as Record<string, unknown>)[key], right[key]));
}

function typeCheck(type: string): SchemaCheck {
  switch (type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number';
    case 'integer':
      return (v) => typeof v === 'number' && !(v % 1) && !Number.isNaN(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'object':
      return isObject;
    case 'array':
      return Array.isArray;
    default:
      throw new Unsupported(`type ${type}`);
  }
}

function numberOf(schema: JsonSchema, key: string): number | undefined {
  const value = (schema as Record<string, unknown>)[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new Unsupported(key);
  return value;
}

function compile(schema: unknown): SchemaCheck {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isObject(schema)) throw new Unsupported('schema');
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Unsupported(key);
  const s = schema as JsonSchema & Record<string, unknown>;
  const checks: SchemaCheck[] = [];

  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (s.nullable === true && !types.includes('null')) types.push('null');
    const each = types.map(typeCheck);
    checks.push(each.length === 1 ? each[0]! : (v) => each.some((check) => check(v)));
  } else if (s.nullable !== undefined) {
    throw new Unsupported('nullable without type');
  }
  if (s.enum !== undefined) {
    if (!Array.isArray(s.enum)) throw new Unsupported('enum');
    const values = s.enum as unknown[];
    checks.push((v) => values.some((allowed) => equal(v, allowed)));
  }
  if ('const' in s) {
    const expected = s.const;
    checks.push((v) => equal(v, expected));
  }

  // String keywords (they ignore other types).
  const minLength = numberOf(s, 'minLength');
  const maxLength = numberOf(s, 'maxLength');
  if (minLength !== undefined || maxLength !== undefined) {
    checks.push((v) => {
      if (typeof v !== 'string') return true;
      const length = codePoints(v);
      return (minLength === undefined || length >= minLength) && (maxLength === undefined || length <= maxLength);
    });
  }
  if (s.pattern !== undefined) {
    if (typeof s.pattern !== 'string') throw new Unsupported('pattern');
    const regex = new RegExp(s.pattern, 'u');
    checks.push((v) => typeof v !== 'string' || regex.test(v));
  }

  // Number keywords.
  const minimum = numberOf(s, 'minimum');
  const maximum = numberOf(s, 'maximum');
  const exclusiveMinimum = numberOf(s, 'exclusiveMinimum');
  const exclusiveMaximum = numberOf(s, 'exclusiveMaximum');
  const multipleOf = numberOf(s, 'multipleOf');
  if (minimum !== undefined) checks.push((v) => typeof v !== 'number' || v >= minimum);
  if (maximum !== undefined) checks.push((v) => typeof v !== 'number' || v <= maximum);
  if (exclusiveMinimum !== undefined) checks.push((v) => typeof v !== 'number' || v > exclusiveMinimum);
  if (exclusiveMaximum !== undefined) checks.push((v) => typeof v !== 'number' || v < exclusiveMaximum);
  if (multipleOf !== undefined) {
    // ajv's own test (no multipleOfPrecision): the quotient must be an integer as parseInt reads it.
    checks.push((v) => {
      if (typeof v !== 'number') return true;
      const quotient = v / multipleOf;
      return quotient === parseInt(String(quotient), 10);
    });
  }

  // Array keywords.
  const minItems = numberOf(s, 'minItems');
  const maxItems = numberOf(s, 'maxItems');
  if (minItems !== undefined) checks.push((v) => !Array.isArray(v) || v.length >= minItems);
  if (maxItems !== undefined) checks.push((v) => !Array.isArray(v) || v.length <= maxItems);
  if (s.items !== undefined) {
    if (Array.isArray(s.items)) throw new Unsupported('tuple items');
    const item = compile(s.items);
    checks.push((v) => {
      if (!Array.isArray(v)) return true;
      // An index loop, not every(): a hole in a sparse array is an undefined item, as for ajv.
      for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
      return true;
    });
  }
  if (s.uniqueItems === true) {
    checks.push((v) => {
      if (!Array.isArray(v)) return true;
      for (let i = 1; i < v.length; i++) for (let j = 0; j < i; j++) if (equal(v[i], v[j])) return false;
      return true;
    });
  } else if (s.uniqueItems !== undefined && s.uniqueItems !== false) {
    throw new Unsupported('uniqueItems');
  }

  // Object keywords.
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) throw new Unsupported('required');
    const required = s.required as string[];
    // ajv's test: a property whose value is undefined is missing.
    checks.push((v) => !isObject(v) || required.every((key) => v[key] !== undefined));
  }
  const properties = s.properties;
  const fields: [string, SchemaCheck][] = [];
  if (properties !== undefined) {
    if (!isObject(properties)) throw new Unsupported('properties');
    for (const [key, sub] of Object.entries(properties)) fields.push([key, compile(sub)]);
  }
  const additional = s.additionalProperties;
  const rest = additional === undefined || additional === true ? undefined : compile(additional);
  if (fields.length > 0 || rest) {
    const declared = new Set(fields.map(([key]) => key));
    checks.push((v) => {
      if (!isObject(v)) return true;
      for (const [key, check] of fields) {
        const value = v[key];
        if (value !== undefined && !check(value)) return false;
      }
      if (rest) for (const key of Object.keys(v)) if (!declared.has(key) && !rest(v[key])) return false;
      return true;
    });
  }

  if (s.anyOf !== undefined) {
    if (!Array.isArray(s.anyOf) || s.anyOf.length === 0) throw new Unsupported('anyOf');
    const options = (s.anyOf as unknown[]).map(compile);
    checks.push((v) => options.some((check) => check(v)));
  }

  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (v) => {
    for (const check of checks) if (!check(v)) return false;
    return true;
  };
}

/**
 * A validity check of `schema` built from closures, without generating code: microseconds to
 * build (ajv's compile costs about a millisecond per class, and loading ajv tens of ms), for the
 * first calls of a tool and for tools called rarely. It covers the keywords class models produce
 * (types, nullable, enum/const, string/number/array/object constraints, anyOf) with ajv's
 * semantics (draft-07); a schema with `format`, `$ref` or any other keyword gets undefined, and
 * the caller uses ajv.
 */
export function schemaChecker(schema: JsonSchema): SchemaCheck | undefined {
  try {
    return compile(schema);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}
