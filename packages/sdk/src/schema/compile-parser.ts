import type { ClassModel, FieldModel } from './class-model.js';
import type { ClassValidatorRunner } from './compile-hydrator.js';
import { cloneDefault } from './compile-hydrator.js';
import type { JsonSchema } from './json-schema.js';
import { fieldChecker } from './run-field-checks.js';
import { codePoints, schemaChecker } from './schema-checker.js';
import type { ValidationIssue } from './validation-issue.js';
import { CodeRefs } from './code-refs.js';
import { verdictKeywordsOf } from './schema-keywords.js';

/**
 * Checks wire data and builds the class instance in one pass: the instance when the data is valid
 * (ajv's verdict on the class's validation schema, `null` in an optional, non-nullable field
 * read as absent), else `undefined`, and the caller asks the exact path for the issues.
 */
export type Parser = (data: unknown) => object | undefined;

/** Keywords written out inline for a plain (not nested) value; a schema with any other one is checked by a closure. */
const INLINE = new Set(['type', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'items']);

/** Keywords a nested class's object schema may carry (the rest is the nested class's own schema). */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties']);

/** Keywords an array of nested class instances may carry. */
const ARRAY_KEYWORDS = new Set(['type', 'items', 'minItems', 'maxItems']);

const NUMERIC = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'];

/** The class cannot be compiled into one pass: it keeps the two-pass path (ajv, then a hydrator). */
class NotCompiled extends Error {}

const lit = (value: unknown): string => JSON.stringify(value);

/** The types a `type` keyword names: one type, possibly with `null`; undefined for anything else. */
function typesOf(type: unknown): { main: string | undefined; nullable: boolean } | undefined {
  const list = Array.isArray(type) ? type : [type];
  if (list.length === 0 || list.length > 2 || list.some((t) => typeof t !== 'string')) return undefined;
  const others = (list as string[]).filter((t) => t !== 'null');
  if (others.length > 1 || (list.length === 2 && others.length !== 1)) return undefined;
  return { main: others[0], nullable: others.length < list.length };
}

/** `===` decides ajv's deep equality for these values (NaN is never one: JSON has none). */
function isSimpleLiteral(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Statements that `return undefined` when `v` (a local) fails a plain value's schema: inline for
 * the keywords class fields use, else through the closure checker of that schema (same verdicts).
 */
function valueCheck(schema: JsonSchema, v: string, refs: CodeRefs): string {
  return inlineCheck(schema, v, refs) ?? closureCheck(schema, v, refs);
}

function closureCheck(schema: JsonSchema, v: string, refs: CodeRefs): string {
  const check = schemaChecker(schema);
  if (!check) throw new NotCompiled('a field schema the closure checker does not cover');
  return `if (!${refs.ref(check)}(${v})) return undefined;`;
}

function inlineCheck(schema: JsonSchema, v: string, refs: CodeRefs): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  const k = verdictKeywordsOf(schema);
  for (const key of k.keys()) if (!INLINE.has(key)) return undefined;
  for (const key of NUMERIC) {
    const value = k.get(key);
    if (value !== undefined && (typeof value !== 'number' || Number.isNaN(value))) return undefined;
  }
  const types = typesOf(k.get('type'));
  if (!types?.main) return undefined;
  const main = types.main;
  const n = (key: string): number | undefined => k.get(key) as number | undefined;
  const fails: string[] = [];
  let loop = '';
  switch (main) {
    case 'string': {
      fails.push(`typeof ${v} !== "string"`);
      const min = n('minLength');
      const max = n('maxLength');
      // A code point is one or two UTF-16 units: count only when the unit count cannot decide.
      if (min !== undefined) fails.push(`${v}.length < ${min} || (${v}.length < ${2 * min} && ${refs.ref(codePoints)}(${v}) < ${min})`);
      if (max !== undefined) fails.push(`${v}.length > ${max} && ${refs.ref(codePoints)}(${v}) > ${max}`);
      const pattern = k.get('pattern');
      if (pattern !== undefined) {
        if (typeof pattern !== 'string') return undefined;
        let re: RegExp;
        try {
          re = new RegExp(pattern, 'u');
        } catch {
          return undefined;
        }
        fails.push(`!${refs.ref(re)}.test(${v})`);
      }
      break;
    }
    case 'number':
    case 'integer': {
      // ajv's integer test, Infinity included.
      fails.push(main === 'integer' ? `!(typeof ${v} === "number" && !(${v} % 1) && !isNaN(${v}))` : `typeof ${v} !== "number"`);
      // Comparisons with NaN are false, as in ajv's generated code.
      if (n('minimum') !== undefined) fails.push(`!(${v} >= ${n('minimum')})`);
      if (n('maximum') !== undefined) fails.push(`!(${v} <= ${n('maximum')})`);
      if (n('exclusiveMinimum') !== undefined) fails.push(`!(${v} > ${n('exclusiveMinimum')})`);
      if (n('exclusiveMaximum') !== undefined) fails.push(`!(${v} < ${n('exclusiveMaximum')})`);
      // ajv's own test (no multipleOfPrecision): the quotient must be an integer as parseInt reads it.
      if (n('multipleOf') !== undefined) fails.push(`${v} / ${n('multipleOf')} !== parseInt(String(${v} / ${n('multipleOf')}), 10)`);
      break;
    }
    case 'boolean':
      fails.push(`typeof ${v} !== "boolean"`);
      break;
    case 'array': {
      fails.push(`!Array.isArray(${v})`);
      if (n('minItems') !== undefined) fails.push(`!(${v}.length >= ${n('minItems')})`);
      if (n('maxItems') !== undefined) fails.push(`!(${v}.length <= ${n('maxItems')})`);
      const items = k.get('items');
      if (items !== undefined && items !== true) {
        if (Array.isArray(items)) return undefined;
        const j = refs.local('j');
        const x = refs.local('x');
        // An index loop: a hole in a sparse array is an undefined item, as for ajv.
        loop = `for (let ${j} = 0; ${j} < ${v}.length; ${j}++) { const ${x} = ${v}[${j}]; ${valueCheck(items as JsonSchema, x, refs)} }`;
      }
      break;
    }
    default:
      return undefined;
  }
  const body = `if (${fails.map((f) => `(${f})`).join(' || ')}) return undefined;${loop ? ` ${loop}` : ''}`;
  const typed = types.nullable ? `if (${v} !== null) { ${body} }` : body;
  const values = k.get('enum');
  if (values === undefined) return typed;
  if (!Array.isArray(values) || !values.every(isSimpleLiteral)) return undefined;
  if (values.length === 0) return 'return undefined;';
  return `if (!(${values.map((value) => `${v} === ${lit(value)}`).join(' || ')})) return undefined; ${typed}`;
}

/** The schema of a nested class's value must be that class's own validation schema (plus annotations, `null`): else no one-pass parser. */
function nestedObjectNullable(schema: JsonSchema, nested: ClassModel): boolean {
  const k = verdictKeywordsOf(schema);
  for (const key of k.keys()) if (!OBJECT_KEYWORDS.has(key)) throw new NotCompiled(`nested keyword ${key}`);
  const types = typesOf(k.get('type'));
  if (!types || types.main !== 'object') throw new NotCompiled('nested type');
  const own = verdictKeywordsOf(nested.validationSchema);
  for (const key of OBJECT_KEYWORDS) {
    if (key === 'type') continue;
    if (lit(k.get(key)) !== lit(own.get(key))) throw new NotCompiled(`nested ${key} differs from the class's`);
  }
  return types.nullable;
}

/** Statements for a nested field: `v` (not undefined, not null) becomes the built value or the parser returns undefined. */
function nestedValue(field: FieldModel, v: string, parserOf: (m: ClassModel) => Parser, refs: CodeRefs): string {
  const nested = field.nested!;
  const parse = refs.ref(parserOf(nested));
  if (!field.isArray) {
    nestedObjectNullable(field.validationSchema, nested);
    return `${v} = ${parse}(${v}); if (${v} === undefined) return undefined;`;
  }
  const k = verdictKeywordsOf(field.validationSchema);
  for (const key of k.keys()) if (!ARRAY_KEYWORDS.has(key)) throw new NotCompiled(`array keyword ${key}`);
  const types = typesOf(k.get('type'));
  if (!types || types.main !== 'array') throw new NotCompiled('array type');
  const itemsNullable = nestedObjectNullable(k.get('items') as JsonSchema, nested);
  const fails = [`!Array.isArray(${v})`];
  const min = k.get('minItems');
  const max = k.get('maxItems');
  for (const bound of [min, max]) if (bound !== undefined && (typeof bound !== 'number' || Number.isNaN(bound))) throw new NotCompiled('array bounds');
  if (min !== undefined) fails.push(`!(${v}.length >= ${min as number})`);
  if (max !== undefined) fails.push(`!(${v}.length <= ${max as number})`);
  const out = refs.local('a');
  const j = refs.local('j');
  const x = refs.local('x');
  const item = itemsNullable ? `if (${x} === null) { ${out}.push(null); continue; } ` : '';
  return [
    `if (${fails.join(' || ')}) return undefined;`,
    `const ${out} = [];`,
    `for (let ${j} = 0; ${j} < ${v}.length; ${j}++) { let ${x} = ${v}[${j}]; ${item}${x} = ${parse}(${x}); if (${x} === undefined) return undefined; ${out}.push(${x}); }`,
    `${v} = ${out};`,
  ].join(' ');
}

/** The code of one field: read, null read as absent where it means that, default, check, build, store. */
function fieldCode(model: ClassModel, field: FieldModel, parserOf: (m: ClassModel) => Parser, refs: CodeRefs, scratch: string): string {
  const lines: string[] = [];
  const v = refs.local('v');
  lines.push(`let ${v} = data[${lit(field.wireName)}];`);
  if (model.nullMeansAbsent.includes(field.wireName)) lines.push(`if (${v} === null) ${v} = undefined;`);
  const target = `o[${lit(field.tsName)}]`;
  const required = model.validationSchema.required?.includes(field.wireName) === true;
  const absent = required ? 'return undefined;' : field.hasDefault ? `${target} = ${refs.ref(cloneDefault)}(${refs.ref(field.defaultValue)});` : '';
  const check = fieldChecker(field);
  // The format checks see the value as read (after null-as-absent), as the hydrator gives it.
  const checked = check ? ` ${refs.ref(check)}(${v}, '', ${scratch});` : '';
  let present: string;
  if (field.nested) {
    const allowsNull = field.isArray ? typesOf(field.validationSchema.type)?.nullable === true : nestedObjectNullable(field.validationSchema, field.nested);
    const built = refs.local('w');
    const body = nestedValue(field, built, parserOf, refs);
    present = `${checked} ${allowsNull ? `if (${v} === null) ${target} = null; else ` : ''}{ let ${built} = ${v}; ${body} ${target} = ${built}; }`;
  } else {
    present = `${valueCheck(field.validationSchema, v, refs)}${checked} ${target} = ${v};`;
  }
  lines.push(`if (${v} === undefined) { ${absent} } else { ${present} }`);
  return lines.join('\n');
}

/**
 * Compiles the one-pass parser of `model` (see {@link Parser}): one generated function per class
 * that reads each field once, checks it with ajv's semantics (the keywords class models produce
 * written out inline: type, enum, lengths in code points, pattern, bounds, items; any other field
 * schema through the closure checker) and stores it on the new instance; nested classes through
 * their own parsers. Two passes (ajv's check, then the hydrator's walk) cost about twice as much
 * per call. Format checks and class-validator rules run as in the hydrator; any issue makes the
 * result `undefined`. Returns `undefined` when the class's schema is not one a one-pass parser
 * covers (additional-property schemas, extra keywords on a nested class), so the caller keeps ajv.
 */
export function compileParser(model: ClassModel, parserOf: (m: ClassModel) => Parser | undefined, runClassValidator: ClassValidatorRunner): Parser | undefined {
  try {
    return build(model, (m) => {
      const parser = parserOf(m);
      if (!parser) throw new NotCompiled('a nested class has no parser');
      return parser;
    }, runClassValidator);
  } catch (error) {
    if (error instanceof NotCompiled) return undefined;
    throw error;
  }
}

function build(model: ClassModel, parserOf: (m: ClassModel) => Parser, runClassValidator: ClassValidatorRunner): Parser {
  const root = verdictKeywordsOf(model.validationSchema);
  for (const key of root.keys()) if (!OBJECT_KEYWORDS.has(key)) throw new NotCompiled(`class keyword ${key}`);
  if (root.get('type') !== 'object' || root.get('additionalProperties') !== false) throw new NotCompiled('class schema');
  const wire = model.fields.map((f) => f.wireName);
  const required = (root.get('required') as unknown[] | undefined) ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string' || !wire.includes(name))) throw new NotCompiled('required');
  const properties = root.get('properties') as Record<string, JsonSchema> | undefined;
  if (!properties || Object.keys(properties).length !== wire.length || model.fields.some((f) => properties[f.wireName] !== f.validationSchema)) {
    throw new NotCompiled('properties');
  }
  const refs = new CodeRefs();
  const Cls = refs.ref(model.cls);
  const scratchValues: ValidationIssue[] = [];
  const scratch = refs.ref(scratchValues);
  const tracked = model.needsClassValidator || model.fields.some((f) => f.checks.length > 0);
  const body: string[] = [
    'if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;',
    // ajv's additionalProperties: false, key by key (inherited enumerable keys included, as its for-in does).
    wire.length === 0
      ? 'for (const key in data) return undefined;'
      : `for (const key in data) if (${wire.map((w) => `key !== ${lit(w)}`).join(' && ')}) return undefined;`,
    `const o = new ${Cls}();`,
  ];
  for (const field of model.fields) body.push(fieldCode(model, field, parserOf, refs, scratch));
  if (model.needsClassValidator) body.push(`${refs.ref(runClassValidator)}(${refs.ref(model)}, o, '', ${scratch});`);
  if (tracked) body.push(`if (${scratch}.length !== 0) { ${scratch}.length = 0; return undefined; }`);
  body.push('return o;');
  const names = refs.values.map((_, i) => `r${i}`);
  const factory = new Function(...names, `return function parse(data) {\n${body.join('\n')}\n};`) as (...values: unknown[]) => Parser;
  return factory(...refs.values);
}
