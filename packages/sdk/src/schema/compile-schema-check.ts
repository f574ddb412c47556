import type { JsonSchema } from './json-schema.js';
import { codePoints, schemaChecker } from './schema-checker.js';
import type { SchemaCheck } from './schema-checker.js';
import { CodeRefs } from './code-refs.js';
import { verdictKeywordsOf } from './schema-keywords.js';

/** Keywords written out as code; a (sub)schema with any other one is checked by the closure checker, or not compiled. */
const COVERED = new Set([
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'items',
  'properties',
  'required',
  'additionalProperties',
]);

const NUMERIC = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'];

/** The type tests, `V` standing for the value's local. */
const TYPE_TESTS: Readonly<Record<string, string>> = {
  string: 'typeof V === "string"',
  number: 'typeof V === "number"',
  // ajv's integer test.
  integer: '(typeof V === "number" && !(V % 1) && !isNaN(V))',
  boolean: 'typeof V === "boolean"',
  null: 'V === null',
  object: '(typeof V === "object" && V !== null && !Array.isArray(V))',
  array: 'Array.isArray(V)',
};

/** The schema cannot be written out: the caller keeps its other checks. */
class NotCompiled extends Error {}

/** A JSON literal of a string, finite number, boolean or null (JSON.stringify escapes quotes, backslashes and control characters). */
function lit(value: string | number | boolean | null): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new NotCompiled('a number that is not finite');
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `===` decides ajv's deep equality for these values. */
function isSimpleLiteral(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Statements that `return false` when `v` (a local) fails `schema`. */
function checkCode(schema: unknown, v: string, refs: CodeRefs): string {
  if (schema === true) return '';
  if (schema === false) return 'return false;';
  if (!isRecord(schema)) throw new NotCompiled('a schema that is not an object');
  const k = verdictKeywordsOf(schema);
  for (const key of k.keys()) if (!COVERED.has(key)) return closureCode(schema, v, refs);
  const out: string[] = [];
  const type = k.get('type');
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0) throw new NotCompiled('an empty type list');
    const tests = types.map((t) => {
      if (typeof t !== 'string' || !Object.hasOwn(TYPE_TESTS, t)) throw new NotCompiled('an unknown type');
      return TYPE_TESTS[t]!.replaceAll('V', v);
    });
    out.push(`if (!(${tests.join(' || ')})) return false;`);
  }
  const literal = enumCode(k, v);
  if (literal === undefined) return closureCode(schema, v, refs);
  out.push(literal);
  for (const key of NUMERIC) {
    const value = k.get(key);
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) throw new NotCompiled(`a ${key} that is not a finite number`);
  }
  const n = (key: string): string | undefined => (k.has(key) ? lit(k.get(key) as number) : undefined);
  // Each type's keywords apply to values of that type only, as in ajv.
  const strings: string[] = [];
  const min = n('minLength');
  const max = n('maxLength');
  // A code point is one or two UTF-16 units: count only when the unit count cannot decide.
  if (min !== undefined) strings.push(`${v}.length < ${min} || (${v}.length < 2 * ${min} && ${refs.ref(codePoints)}(${v}) < ${min})`);
  if (max !== undefined) strings.push(`${v}.length > ${max} && ${refs.ref(codePoints)}(${v}) > ${max}`);
  const pattern = k.get('pattern');
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') throw new NotCompiled('a pattern that is not a string');
    let re: RegExp;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      throw new NotCompiled('a pattern ajv cannot compile either');
    }
    strings.push(`!${refs.ref(re)}.test(${v})`);
  }
  if (strings.length > 0) out.push(`if (typeof ${v} === "string" && (${strings.map((s) => `(${s})`).join(' || ')})) return false;`);
  const numbers: string[] = [];
  // Comparisons with NaN are false, as in ajv's generated code.
  if (n('minimum') !== undefined) numbers.push(`!(${v} >= ${n('minimum')})`);
  if (n('maximum') !== undefined) numbers.push(`!(${v} <= ${n('maximum')})`);
  if (n('exclusiveMinimum') !== undefined) numbers.push(`!(${v} > ${n('exclusiveMinimum')})`);
  if (n('exclusiveMaximum') !== undefined) numbers.push(`!(${v} < ${n('exclusiveMaximum')})`);
  // ajv's own test (no multipleOfPrecision): the quotient must be an integer as parseInt reads it.
  if (n('multipleOf') !== undefined) numbers.push(`${v} / ${n('multipleOf')} !== parseInt(String(${v} / ${n('multipleOf')}), 10)`);
  if (numbers.length > 0) out.push(`if (typeof ${v} === "number" && (${numbers.join(' || ')})) return false;`);
  const arrays = arrayCode(k, v, refs);
  if (arrays) out.push(`if (Array.isArray(${v})) { ${arrays} }`);
  const objects = objectCode(k, v, refs);
  if (objects) out.push(`if (${TYPE_TESTS.object!.replaceAll('V', v)}) { ${objects} }`);
  return out.join(' ');
}

/** `enum` and `const` of simple literals as comparisons ('' when absent); undefined for other values (the closure checker compares those deeply). */
function enumCode(k: Map<string, unknown>, v: string): string | undefined {
  const out: string[] = [];
  if (k.has('enum')) {
    const values = k.get('enum');
    if (!Array.isArray(values) || !values.every(isSimpleLiteral)) return undefined;
    out.push(values.length === 0 ? 'return false;' : `if (!(${values.map((value) => `${v} === ${lit(value)}`).join(' || ')})) return false;`);
  }
  if (k.has('const')) {
    const value = k.get('const');
    if (!isSimpleLiteral(value)) return undefined;
    out.push(`if (${v} !== ${lit(value)}) return false;`);
  }
  return out.join(' ');
}

function arrayCode(k: Map<string, unknown>, v: string, refs: CodeRefs): string {
  const out: string[] = [];
  if (k.has('minItems')) out.push(`if (!(${v}.length >= ${lit(k.get('minItems') as number)})) return false;`);
  if (k.has('maxItems')) out.push(`if (!(${v}.length <= ${lit(k.get('maxItems') as number)})) return false;`);
  const items = k.get('items');
  if (items !== undefined && items !== true) {
    if (Array.isArray(items)) throw new NotCompiled('tuple items');
    const j = refs.local('j');
    const x = refs.local('x');
    // An index loop: a hole in a sparse array is an undefined item, as for ajv.
    out.push(`for (let ${j} = 0; ${j} < ${v}.length; ${j}++) { const ${x} = ${v}[${j}]; ${checkCode(items, x, refs)} }`);
  }
  return out.join(' ');
}

/** `properties`, `required` and `additionalProperties`, read as ajv reads them: declared keys by name, extra keys by for-in. */
function objectCode(k: Map<string, unknown>, v: string, refs: CodeRefs): string {
  const out: string[] = [];
  const properties = k.get('properties');
  if (properties !== undefined && !isRecord(properties)) throw new NotCompiled('properties that are not an object');
  const required = k.get('required') ?? [];
  if (!Array.isArray(required) || !required.every((key) => typeof key === 'string')) throw new NotCompiled('required that is not a list of names');
  // ajv leaves a `__proto__` entry of `properties` out (so such a key in the data is an extra one).
  const declared = Object.keys(properties ?? {}).filter((key) => key !== '__proto__');
  for (const key of declared) {
    const p = refs.local('p');
    // ajv's test: a property whose value is undefined is missing.
    const absent = required.includes(key) ? 'return false;' : '';
    out.push(`const ${p} = ${v}[${lit(key)}]; if (${p} === undefined) { ${absent} } else { ${checkCode(properties![key], p, refs)} }`);
  }
  for (const key of required as string[]) if (!declared.includes(key)) out.push(`if (${v}[${lit(key)}] === undefined) return false;`);
  const rest = k.get('additionalProperties');
  if (rest !== undefined && rest !== true) {
    const key = refs.local('k');
    const isDeclared = declared.length === 0 ? 'false' : declared.map((name) => `${key} === ${lit(name)}`).join(' || ');
    if (rest === false) {
      out.push(`for (const ${key} in ${v}) if (!(${isDeclared})) return false;`);
    } else {
      const a = refs.local('a');
      out.push(`for (const ${key} in ${v}) { if (${isDeclared}) continue; const ${a} = ${v}[${key}]; ${checkCode(rest, a, refs)} }`);
    }
  }
  return out.join(' ');
}

/** A (sub)schema with keywords not written out: its closure-built check (same verdicts), or no generated check at all. */
function closureCode(schema: JsonSchema, v: string, refs: CodeRefs): string {
  const check = schemaChecker(schema);
  if (!check) throw new NotCompiled('a schema the closure checker does not cover either');
  return `if (!${refs.ref(check)}(${v})) return false;`;
}

/**
 * A validity check of `schema` compiled into one generated function, for schemas checked often
 * (a hot MCP or provider tool): ajv's verdicts (code-point lengths, `undefined` counts as
 * missing, declared keys read by name and extra keys by for-in, multipleOf by parseInt) for
 * types, enum/const of plain values, string/number/array bounds, pattern, items and nested
 * object schemas; a subschema with other keywords is checked by the closure checker
 * ({@link schemaChecker}). Faster than the closure checker once hot: each schema gets its own
 * code, where the closures are shared by every schema and their property reads see objects of
 * every shape (measurement: packages/bench/README.md). Returns undefined when the schema has
 * nothing to gain or cannot be written out
 * (the root is not covered, a keyword value is not what ajv reads, a `$ref`, a `format`…).
 *
 * The schema may come from an MCP server and is hostile: none of its text reaches the generated
 * source except as JSON literals (property names, enum values, finite numbers) or as arguments
 * (regular expressions, closure checks).
 */
export function compileSchemaCheck(schema: JsonSchema): SchemaCheck | undefined {
  if (!isRecord(schema)) return undefined;
  let root: Record<string, unknown> = schema;
  if ('$schema' in schema) {
    // A root `$schema` only names the dialect: the covered keywords mean the same in draft-07, 2019-09 and 2020-12.
    if (typeof schema.$schema !== 'string') return undefined;
    const { $schema: _dialect, ...rest } = schema;
    root = rest;
  }
  for (const key of verdictKeywordsOf(root).keys()) if (!COVERED.has(key)) return undefined;
  const refs = new CodeRefs();
  try {
    const body = checkCode(root, 'value', refs);
    const names = refs.values.map((_, i) => `r${i}`);
    const factory = new Function(...names, `"use strict"; return function check(value) { ${body} return true; };`) as (...values: unknown[]) => SchemaCheck;
    return factory(...refs.values);
  } catch (error) {
    // Not covered, or a schema nested too deep to walk (RangeError): the other checks decide.
    if (error instanceof NotCompiled || error instanceof RangeError) return undefined;
    throw error;
  }
}
