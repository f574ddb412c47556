import type { JsonSchema } from './json-schema.js';
import { ANNOTATION_KEYWORDS } from './schema-keywords.js';

/** A compiled yes/no check of one JSON Schema (no error reporting: that stays with ajv). */
export type SchemaCheck = (value: unknown) => boolean;

/** Every keyword {@link schemaChecker} understands; a schema with any other one is left to ajv. */
const KNOWN = new Set([
  ...ANNOTATION_KEYWORDS,
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
export function codePoints(text: string): number {
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

// The type tests, shared by every schema (a closure per field would cost heap for each declared class).
const IS_STRING: SchemaCheck = (v) => typeof v === 'string';
const IS_NUMBER: SchemaCheck = (v) => typeof v === 'number';
const IS_INTEGER: SchemaCheck = (v) => typeof v === 'number' && !(v % 1) && !Number.isNaN(v);
const IS_BOOLEAN: SchemaCheck = (v) => typeof v === 'boolean';
const IS_NULL: SchemaCheck = (v) => v === null;
const IS_ARRAY: SchemaCheck = Array.isArray;
const ANYTHING: SchemaCheck = () => true;
const NOTHING: SchemaCheck = () => false;

function typeCheck(type: string): SchemaCheck {
  switch (type) {
    case 'string':
      return IS_STRING;
    case 'number':
      return IS_NUMBER;
    case 'integer':
      return IS_INTEGER;
    case 'boolean':
      return IS_BOOLEAN;
    case 'null':
      return IS_NULL;
    case 'object':
      return isObject;
    case 'array':
      return IS_ARRAY;
    default:
      throw new Unsupported(`type ${type}`);
  }
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
  const k: Keywords = { hasConst: false, uniqueItems: false, properties: [] };
  let nullable: unknown;
  // One pass over the keys the schema has (probing every known keyword cost ~10x more on the
  // first call of each class: lookups of absent keys on many different schema shapes).
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Unsupported(key);
    const value = schema[key];
    if (key === 'const') {
      k.hasConst = true;
      k.constValue = value;
      continue;
    }
    // A keyword whose value is undefined is absent (ajv reads it so).
    if (value === undefined || ANNOTATION_KEYWORDS.has(key)) continue;
    switch (key) {
      case 'type': {
        const types = Array.isArray(value) ? [...(value as string[])] : [value as string];
        for (const type of types) typeCheck(type);
        k.types = types;
        break;
      }
      case 'nullable':
        nullable = value;
        break;
      case 'enum':
        if (!Array.isArray(value)) throw new Unsupported('enum');
        k.values = value;
        break;
      case 'minLength':
      case 'maxLength':
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'multipleOf':
      case 'minItems':
      case 'maxItems':
        // NaN (never in JSON) is left to ajv rather than reasoned about.
        if (typeof value !== 'number' || Number.isNaN(value)) throw new Unsupported(key);
        k[key] = value;
        break;
      case 'pattern':
        if (typeof value !== 'string') throw new Unsupported('pattern');
        k.pattern = new RegExp(value, 'u');
        break;
      case 'items':
        if (Array.isArray(value)) throw new Unsupported('tuple items');
        k.items = compile(value);
        break;
      case 'uniqueItems':
        if (typeof value !== 'boolean') throw new Unsupported('uniqueItems');
        k.uniqueItems = value;
        break;
      case 'required':
        if (!Array.isArray(value)) throw new Unsupported('required');
        k.required = value as string[];
        break;
      case 'properties':
        if (!isObject(value)) throw new Unsupported('properties');
        for (const [name, sub] of Object.entries(value)) k.properties.push([name, compile(sub)]);
        break;
      case 'additionalProperties':
        if (value !== true) k.rest = compile(value);
        break;
      case 'anyOf':
        if (!Array.isArray(value) || value.length === 0) throw new Unsupported('anyOf');
        k.anyOf = value.map(compile);
        break;
    }
  }
  if (nullable !== undefined) {
    if (!k.types) throw new Unsupported('nullable without type');
    if (nullable === true && !k.types.includes('null')) k.types.push('null');
  }
  return k;
}

// The keyword checks below take `typed` without a default value: a default makes the parameters
// a scope of their own, and a closure that reads one keeps that second context beside its body's
// (measurement: packages/bench/README.md).

/**
 * True when `v` meets the length and pattern keywords: `v` is known to be a string, or, when
 * `typed`, is tested for it first (one closure per field instead of a type test wrapping the keywords').
 */
function stringCheck(k: Keywords, typed: boolean): SchemaCheck | undefined {
  const { minLength, maxLength, pattern } = k;
  if (minLength === undefined && maxLength === undefined && !pattern) return undefined;
  return (v) => {
    if (typed && typeof v !== 'string') return false;
    const text = v as string;
    // A code point is one or two UTF-16 units: count only when the unit count cannot decide.
    if (minLength !== undefined && (text.length < minLength || (text.length < 2 * minLength && codePoints(text) < minLength))) return false;
    if (maxLength !== undefined && text.length > maxLength && codePoints(text) > maxLength) return false;
    return !pattern || pattern.test(text);
  };
}

/** True when `v` meets the range and multipleOf keywords: `v` is known to be a number, else `typed` says which type test comes first. */
function numberCheck(k: Keywords, typed?: 'number' | 'integer'): SchemaCheck | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = k;
  if (minimum === undefined && maximum === undefined && exclusiveMinimum === undefined && exclusiveMaximum === undefined && multipleOf === undefined) return undefined;
  const low = minimum ?? -Infinity;
  const high = maximum ?? Infinity;
  const integer = typed === 'integer';
  return (v) => {
    if (typed !== undefined && (typeof v !== 'number' || (integer && (v % 1 || Number.isNaN(v))))) return false;
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

/** True when `v` meets the array keywords: `v` is known to be an array, or, when `typed`, is tested for it first. */
function arrayCheck(k: Keywords, typed: boolean): SchemaCheck | undefined {
  const { minItems, maxItems, items: item, uniqueItems } = k;
  if (minItems === undefined && maxItems === undefined && !item && !uniqueItems) return undefined;
  return (v) => {
    if (typed && !Array.isArray(v)) return false;
    const list = v as unknown[];
    if (minItems !== undefined && !(list.length >= minItems)) return false;
    if (maxItems !== undefined && !(list.length <= maxItems)) return false;
    // An index loop, not every(): a hole in a sparse array is an undefined item, as for ajv.
    if (item) for (let i = 0; i < list.length; i++) if (!item(list[i])) return false;
    if (uniqueItems) for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (equal(list[i], list[j])) return false;
    return true;
  };
}

/**
 * True when `v` meets the object keywords (one pass, no closure per keyword): `v` is known to be a
 * plain object, or, when `typed`, is tested for it first. Per class it keeps the declared keys,
 * their checks and one Map from key to position (`~position` for a required key), nothing else:
 * a Set of the keys and a list of required flags beside it cost ~0.35 KiB per declared class.
 */
function objectCheck(k: Keywords, typed: boolean): SchemaCheck | undefined {
  const { properties, rest } = k;
  const required = k.required ?? [];
  if (properties.length === 0 && !rest && required.length === 0) return undefined;
  const keys = properties.map(([key]) => key);
  const checks = properties.map(([, check]) => check);
  const missingElsewhere = required.filter((key) => !keys.includes(key));
  const requiredElsewhere = missingElsewhere.length > 0 ? missingElsewhere : undefined;
  /** Declared key → its position, or `~position` (negative) when it is required. */
  const index = new Map(keys.map((key, i) => [key, required.includes(key) ? ~i : i]));
  const requiredCount = required.length;
  /** The declared keys fit in a bit mask (which of them the for-in saw). */
  const masked = keys.length <= 30;
  // The full test: every declared key read by name (inherited and non-enumerable ones too), then the rest.
  const byName = (o: Record<string, unknown>): boolean => {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = o[key];
      // ajv's test: a property whose value is undefined is missing.
      if (value === undefined) {
        if (index.get(key)! < 0) return false;
      } else if (!checks[i]!(value)) {
        return false;
      }
    }
    if (requiredElsewhere) for (let i = 0; i < requiredElsewhere.length; i++) if (o[requiredElsewhere[i]!] === undefined) return false;
    // ajv's for-in: inherited enumerable keys count as additional properties too.
    if (rest) for (const key in o) if (!index.has(key) && !rest(o[key])) return false;
    return true;
  };
  // A declared key that Object.prototype also has (constructor, toString…) is read through the
  // prototype by name, as ajv does, but never enumerated: such schemas keep the full test only.
  if (keys.some((key) => key in Object.prototype)) {
    return (v) => {
      if (typed && !isObject(v)) return false;
      return byName(v as Record<string, unknown>);
    };
  }
  return (v) => {
    if (typed && !isObject(v)) return false;
    const o = v as Record<string, unknown>;
    // A plain object (JSON arguments): one pass over its own keys, each looked up once; keyed reads
    // by a for-in key stay fast across schemas where o[keys[i]] does not. Any doubt (a required
    // key not seen, another prototype) is settled by the full test.
    if (Object.getPrototypeOf(o) !== Object.prototype) return byName(o);
    let requiredSeen = 0;
    let seen = 0;
    let seenMask = 0;
    for (const key in o) {
      const value = o[key];
      const at = index.get(key);
      if (at === undefined) {
        if (rest && !rest(value)) return false;
        continue;
      }
      if (value === undefined) continue;
      const i = at < 0 ? ~at : at;
      if (!checks[i]!(value)) return false;
      if (at < 0) requiredSeen++;
      seen++;
      seenMask |= 1 << i;
    }
    if (requiredSeen !== requiredCount) return byName(o);
    if (seen === keys.length) return true;
    // A declared key not enumerated is absent, or an own non-enumerable property (never in JSON)
    // that ajv reads by name: such a value makes the full test decide.
    if (!masked) return byName(o);
    for (let i = 0; i < keys.length; i++) if (!(seenMask & (1 << i)) && o[keys[i]!] !== undefined) return byName(o);
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
  const test = typeCheck(type);
  const member = k.values ? enumCheck(k.values) : undefined;
  if (!member) {
    // The type test inside the keywords' closure: one closure per field, one call per value.
    const typed =
      type === 'string' ? stringCheck(k, true) : type === 'number' || type === 'integer' ? numberCheck(k, type) : type === 'array' ? arrayCheck(k, true) : type === 'object' ? objectCheck(k, true) : undefined;
    return typed ?? test;
  }
  const rest = type === 'string' ? stringCheck(k, false) : type === 'number' || type === 'integer' ? numberCheck(k) : type === 'array' ? arrayCheck(k, false) : type === 'object' ? objectCheck(k, false) : undefined;
  // Members that all pass the type test imply it (an enum of strings for a string field).
  if (!rest && k.values!.every((value) => test(value))) return member;
  return rest ? (v) => test(v) && member(v) && rest(v) : (v) => test(v) && member(v);
}

function compile(schema: unknown): SchemaCheck {
  if (schema === true) return ANYTHING;
  if (schema === false) return NOTHING;
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
  const strings = stringCheck(k, false);
  if (strings) checks.push((v) => typeof v !== 'string' || strings(v));
  const numbers = numberCheck(k);
  if (numbers) checks.push((v) => typeof v !== 'number' || numbers(v));
  const arrays = arrayCheck(k, false);
  if (arrays) checks.push((v) => !Array.isArray(v) || arrays(v));
  const objects = objectCheck(k, false);
  if (objects) checks.push((v) => !isObject(v) || objects(v));
  if (k.anyOf) {
    const options = k.anyOf;
    checks.push((v) => options.some((check) => check(v)));
  }
  if (checks.length === 0) return ANYTHING;
  if (checks.length === 1) return checks[0]!;
  return (v) => {
    for (const check of checks) if (!check(v)) return false;
    return true;
  };
}

/**
 * A validity check of `schema` built from closures, without generating code: far cheaper to
 * build than ajv's compile (and ajv's load; measurement: packages/bench/README.md), for the
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
