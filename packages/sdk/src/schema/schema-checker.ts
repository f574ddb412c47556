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
  // NaN (never in JSON) is left to ajv rather than reasoned about.
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Unsupported(key);
  return value;
}

/** A schema's keywords, read and checked once (a keyword with a value this checker cannot read throws {@link Unsupported}). */
interface Keywords {
  types?: string[];
  values?: unknown[];
  hasConst: boolean;
  constValue?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaCheck;
  uniqueItems: boolean;
  required?: string[];
  properties: [string, SchemaCheck][];
  rest?: SchemaCheck;
  anyOf?: SchemaCheck[];
}

function readKeywords(schema: Record<string, unknown>): Keywords {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Unsupported(key);
  const s = schema as JsonSchema & Record<string, unknown>;
  const k: Keywords = { hasConst: 'const' in s, uniqueItems: false, properties: [] };
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? [...(s.type as string[])] : [s.type as string];
    if (s.nullable === true && !types.includes('null')) types.push('null');
    for (const type of types) typeCheck(type);
    k.types = types;
  } else if (s.nullable !== undefined) {
    throw new Unsupported('nullable without type');
  }
  if (s.enum !== undefined) {
    if (!Array.isArray(s.enum)) throw new Unsupported('enum');
    k.values = s.enum as unknown[];
  }
  if (k.hasConst) k.constValue = s.const;
  k.minLength = numberOf(s, 'minLength');
  k.maxLength = numberOf(s, 'maxLength');
  if (s.pattern !== undefined) {
    if (typeof s.pattern !== 'string') throw new Unsupported('pattern');
    k.pattern = new RegExp(s.pattern, 'u');
  }
  k.minimum = numberOf(s, 'minimum');
  k.maximum = numberOf(s, 'maximum');
  k.exclusiveMinimum = numberOf(s, 'exclusiveMinimum');
  k.exclusiveMaximum = numberOf(s, 'exclusiveMaximum');
  k.multipleOf = numberOf(s, 'multipleOf');
  k.minItems = numberOf(s, 'minItems');
  k.maxItems = numberOf(s, 'maxItems');
  if (s.items !== undefined) {
    if (Array.isArray(s.items)) throw new Unsupported('tuple items');
    k.items = compile(s.items);
  }
  if (s.uniqueItems === true) k.uniqueItems = true;
  else if (s.uniqueItems !== undefined && s.uniqueItems !== false) throw new Unsupported('uniqueItems');
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) throw new Unsupported('required');
    k.required = s.required as string[];
  }
  if (s.properties !== undefined) {
    if (!isObject(s.properties)) throw new Unsupported('properties');
    for (const [key, sub] of Object.entries(s.properties)) k.properties.push([key, compile(sub)]);
  }
  const additional = s.additionalProperties;
  if (additional !== undefined && additional !== true) k.rest = compile(additional);
  if (s.anyOf !== undefined) {
    if (!Array.isArray(s.anyOf) || s.anyOf.length === 0) throw new Unsupported('anyOf');
    k.anyOf = (s.anyOf as unknown[]).map(compile);
  }
  return k;
}

/** True when `v`, already known to be a string, meets the length and pattern keywords. */
function stringCheck(k: Keywords): SchemaCheck | undefined {
  const { minLength, maxLength, pattern } = k;
  if (minLength === undefined && maxLength === undefined && !pattern) return undefined;
  return (v) => {
    const text = v as string;
    // A code point is one or two UTF-16 units: count only when the unit count cannot decide.
    if (minLength !== undefined && (text.length < minLength || (text.length < 2 * minLength && codePoints(text) < minLength))) return false;
    if (maxLength !== undefined && text.length > maxLength && codePoints(text) > maxLength) return false;
    return !pattern || pattern.test(text);
  };
}

/** True when `v`, already known to be a number, meets the range and multipleOf keywords. */
function numberCheck(k: Keywords): SchemaCheck | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = k;
  if (minimum === undefined && maximum === undefined && exclusiveMinimum === undefined && exclusiveMaximum === undefined && multipleOf === undefined) return undefined;
  const low = minimum ?? -Infinity;
  const high = maximum ?? Infinity;
  return (v) => {
    const n = v as number;
    // Comparisons with NaN are false, as in ajv's generated code.
    if (minimum !== undefined && !(n >= low)) return false;
    if (maximum !== undefined && !(n <= high)) return false;
    if (exclusiveMinimum !== undefined && !(n > exclusiveMinimum)) return false;
    if (exclusiveMaximum !== undefined && !(n < exclusiveMaximum)) return false;
    if (multipleOf !== undefined) {
      // ajv's own test (no multipleOfPrecision): the quotient must be an integer as parseInt reads it.
      const quotient = n / multipleOf;
      if (quotient !== parseInt(String(quotient), 10)) return false;
    }
    return true;
  };
}

/** True when `v`, already known to be an array, meets the array keywords. */
function arrayCheck(k: Keywords): SchemaCheck | undefined {
  const { minItems, maxItems, items: item, uniqueItems } = k;
  if (minItems === undefined && maxItems === undefined && !item && !uniqueItems) return undefined;
  return (v) => {
    const list = v as unknown[];
    if (minItems !== undefined && !(list.length >= minItems)) return false;
    if (maxItems !== undefined && !(list.length <= maxItems)) return false;
    // An index loop, not every(): a hole in a sparse array is an undefined item, as for ajv.
    if (item) for (let i = 0; i < list.length; i++) if (!item(list[i])) return false;
    if (uniqueItems) for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (equal(list[i], list[j])) return false;
    return true;
  };
}

/** True when `v`, already known to be a plain object, meets the object keywords (one pass, no closure per keyword). */
function objectCheck(k: Keywords): SchemaCheck | undefined {
  const { properties, rest } = k;
  const required = k.required ?? [];
  if (properties.length === 0 && !rest && required.length === 0) return undefined;
  const keys = properties.map(([key]) => key);
  const checks = properties.map(([, check]) => check);
  const requiredHere = keys.map((key) => required.includes(key));
  const requiredElsewhere = required.filter((key) => !keys.includes(key));
  const declared = new Set(keys);
  return (v) => {
    const o = v as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      const value = o[keys[i]!];
      // ajv's test: a property whose value is undefined is missing.
      if (value === undefined) {
        if (requiredHere[i]) return false;
      } else if (!checks[i]!(value)) {
        return false;
      }
    }
    for (let i = 0; i < requiredElsewhere.length; i++) if (o[requiredElsewhere[i]!] === undefined) return false;
    if (rest) {
      const own = Object.keys(o);
      for (let i = 0; i < own.length; i++) if (!declared.has(own[i]!) && !rest(o[own[i]!])) return false;
    }
    return true;
  };
}

/** Membership in `enum` (ajv's deep equality; primitives compare as `includes` does). */
function enumCheck(values: unknown[]): SchemaCheck {
  if (values.every((value) => typeof value !== 'object' || value === null)) {
    // For primitives, deep equality is SameValueZero (NaN equals NaN, 0 equals -0): includes().
    return (v) => (typeof v === 'object' && v !== null ? false : values.includes(v));
  }
  return (v) => values.some((allowed) => equal(v, allowed));
}

/**
 * One type (the shape class models produce: a field is a string, a number, an array or an
 * object): the type test and that type's keywords in one closure. Keywords of other types
 * never apply to such a value, so they are dropped.
 */
function singleTypeCheck(type: string, k: Keywords): SchemaCheck {
  const rest =
    type === 'string' ? stringCheck(k) : type === 'number' || type === 'integer' ? numberCheck(k) : type === 'array' ? arrayCheck(k) : type === 'object' ? objectCheck(k) : undefined;
  const member = k.values ? enumCheck(k.values) : undefined;
  const more = rest && member ? (v: unknown) => member(v) && rest(v) : (rest ?? member);
  if (!more) return typeCheck(type);
  // The type test written out in each closure: one call fewer per value than calling typeCheck's.
  switch (type) {
    case 'string':
      return (v) => typeof v === 'string' && more(v);
    case 'number':
      return (v) => typeof v === 'number' && more(v);
    case 'integer':
      return (v) => typeof v === 'number' && !(v % 1) && !Number.isNaN(v) && more(v);
    case 'boolean':
      return (v) => typeof v === 'boolean' && more(v);
    case 'null':
      return (v) => v === null && more(v);
    case 'object':
      return (v) => isObject(v) && more(v);
    default:
      return (v) => Array.isArray(v) && more(v);
  }
}

function compile(schema: unknown): SchemaCheck {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isObject(schema)) throw new Unsupported('schema');
  const k = readKeywords(schema);
  if (k.types?.length === 1 && !k.hasConst && !k.anyOf) return singleTypeCheck(k.types[0]!, k);
  return generalCheck(k);
}

/** Any combination of keywords: one check per keyword, each ignoring values of other types (as ajv does). */
function generalCheck(k: Keywords): SchemaCheck {
  const checks: SchemaCheck[] = [];
  if (k.types) {
    const each = k.types.map(typeCheck);
    checks.push(each.length === 1 ? each[0]! : (v) => each.some((check) => check(v)));
  }
  if (k.values) checks.push(enumCheck(k.values));
  if (k.hasConst) {
    const expected = k.constValue;
    checks.push((v) => equal(v, expected));
  }
  const strings = stringCheck(k);
  if (strings) checks.push((v) => typeof v !== 'string' || strings(v));
  const numbers = numberCheck(k);
  if (numbers) checks.push((v) => typeof v !== 'number' || numbers(v));
  const arrays = arrayCheck(k);
  if (arrays) checks.push((v) => !Array.isArray(v) || arrays(v));
  const objects = objectCheck(k);
  if (objects) checks.push((v) => !isObject(v) || objects(v));
  if (k.anyOf) {
    const options = k.anyOf;
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
 * first calls of a tool and for tools called rarely. It covers the keywords class models and
 * most MCP tool schemas use (types, nullable, enum/const, string/number/array/object
 * constraints, anyOf) with ajv's semantics, which are the same for them in draft-07, 2019-09 and
 * 2020-12 (a root `$schema` only names the dialect); a schema with `format`, `$ref` or any other
 * keyword, or a keyword value it cannot read (an invalid pattern), gets undefined, and the caller uses ajv.
 */
export function schemaChecker(schema: JsonSchema): SchemaCheck | undefined {
  try {
    if (isObject(schema) && '$schema' in schema) {
      if (typeof schema.$schema !== 'string') return undefined;
      const { $schema: _dialect, ...rest } = schema;
      return compile(rest);
    }
    return compile(schema);
  } catch (error) {
    // A pattern JavaScript cannot compile (with the u flag, as ajv does) is ajv's to report.
    if (error instanceof Unsupported || error instanceof SyntaxError) return undefined;
    throw error;
  }
}
