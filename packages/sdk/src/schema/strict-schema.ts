import { flattenComposition } from './flatten-composition.js';
import type { JsonSchema, JsonSchemaType } from './json-schema.js';
import { appendHint, constraintHints, defaultHint } from './schema-hint.js';
import { pointer } from './schema-problem.js';
import type { SchemaProblem } from './schema-problem.js';
import { checkStrictLimits } from './strict-limits.js';
import { tupleToItems } from './tuple-to-items.js';

type JsonObject = Record<string, unknown>;

/**
 * String formats OpenAI strict mode accepts ("Supported schemas", Structured Outputs guide);
 * others move into the description.
 */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** Keywords with no strict-mode equivalent that constrain values: the schema cannot be made strict. */
const UNSUPPORTED = new Set(['not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies', 'patternProperties', 'propertyNames', 'contains', 'unevaluatedItems']);
/** Validation keywords strict mode lacks that a hint in the description can carry. */
const HINTED: ReadonlySet<string> = new Set(['minLength', 'maxLength', 'uniqueItems', 'minProperties', 'maxProperties']);
const HINTED_AND_FORMAT: ReadonlySet<string> = new Set([...HINTED, 'format']);

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Context {
  root: JsonSchema;
  problems: SchemaProblem[];
  resolve(ref: string): JsonSchema | undefined;
}

/**
 * The schema in OpenAI strict (Structured Outputs) form: every object closed
 * (`additionalProperties: false`) with every property required, optional ones made nullable (the
 * validator turns `null` back into "absent"); `allOf` and `$ref`-with-siblings merged, `oneOf`
 * turned into `anyOf` where the branches exclude each other, tuples into arrays, `const` into
 * `enum`; keywords strict mode lacks (lengths, uniqueness, unsupported formats, `default`) moved
 * into the description (`Default: false.`); annotations it lacks dropped; recursive `$defs`
 * transformed alike.
 *
 * What cannot be made strict (free-form objects and records below the root, `not`/`if`, typeless
 * values, overlapping `oneOf`, a non-object root, size limits) is pushed to `problems` with its
 * path; the returned schema is then only a best effort. Never modifies its input.
 */
export function toStrictSchema(schema: JsonSchema, problems: SchemaProblem[] = []): JsonSchema {
  const ctx: Context = { root: schema, problems, resolve: (ref) => resolveRef(schema, ref) };
  const out = strictNode(schema, '#', ctx);
  if (isObject(schema.$defs)) {
    const defs: Record<string, JsonSchema> = {};
    for (const [name, def] of Object.entries(schema.$defs)) defs[name] = strictNode(def, pointer('#', '$defs', name), ctx);
    out.$defs = defs;
  }
  const rootTypes = typesOf(out);
  if (out.anyOf) problems.push({ path: '#', message: 'the root is an anyOf; strict mode needs an object root.' });
  else if (!(rootTypes.length === 1 && rootTypes[0] === 'object')) problems.push({ path: '#', message: 'the root is not an object; strict mode needs an object root.' });
  checkStrictLimits(out, problems);
  return out;
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = m ? (root[m[1]!] as Record<string, JsonSchema> | undefined) : undefined;
  return m && defs ? defs[m[2]!.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

function typesOf(schema: JsonSchema): JsonSchemaType[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

function typeOfValue(v: unknown): JsonSchemaType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonSchemaType;
}

function typesOfValues(values: readonly unknown[]): JsonSchemaType[] {
  const set = new Set(values.map(typeOfValue));
  if (set.has('number')) set.delete('integer');
  return [...set];
}

function strictNode(input: unknown, path: string, ctx: Context): JsonSchema {
  if (!isObject(input)) {
    ctx.problems.push({ path, message: input === false ? 'is the false schema (accepts nothing).' : 'accepts any JSON value; strict mode needs a type.' });
    return {};
  }
  const node = flattenComposition(input as JsonSchema, path, { resolve: ctx.resolve, oneOf: 'exclusive-only', describedRefs: false, problems: ctx.problems });
  for (const key of Object.keys(node)) {
    if (UNSUPPORTED.has(key) && node[key] !== undefined) ctx.problems.push({ path: pointer(path, key), message: `'${key}' has no strict-mode equivalent.` });
  }
  const out: JsonSchema = {};
  if (typeof node.description === 'string') out.description = node.description;
  if (typeof node.$ref === 'string') {
    out.$ref = node.$ref;
    return out;
  }
  if (Array.isArray(node.anyOf)) return strictAnyOf(node, out, path, ctx);

  const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  let types = typesOf(node);
  if (types.length === 0 && values) types = typesOfValues(values);
  if (types.length === 0) types = impliedTypes(node);
  if (node.nullable === true && types.length > 0 && !types.includes('null')) types = [...types, 'null'];
  if (types.length === 0) {
    ctx.problems.push({ path, message: 'has no type (accepts any JSON value); strict mode needs one.' });
    return out;
  }
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length > 1) return strictTypeList(node, out, types, values, path, ctx);
  out.type = types.length === 1 ? types[0] : types;
  if (values) out.enum = node.nullable === true && !values.includes(null) ? [...values, null] : [...values];

  if (types.includes('string')) {
    if (typeof node.pattern === 'string') out.pattern = node.pattern;
    if (typeof node.format === 'string' && OPENAI_STRICT_FORMATS.has(node.format)) out.format = node.format;
  }
  if (types.includes('number') || types.includes('integer')) copyNumberBounds(node, out);
  if (types.includes('array')) strictArray(node, out, path, ctx);
  if (types.includes('object')) strictObject(node, out, path, ctx);

  const hinted = typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format) ? HINTED_AND_FORMAT : HINTED;
  for (const sentence of constraintHints(node, hinted)) appendHint(out, sentence);
  hintDefault(node, out);
  return out;
}

/** Strict mode has no `default`: the description says it instead. */
function hintDefault(node: JsonSchema, out: JsonSchema): void {
  const sentence = defaultHint(node);
  if (sentence) appendHint(out, sentence);
}

function impliedTypes(node: JsonSchema): JsonSchemaType[] {
  if (node.properties !== undefined || node.required !== undefined || node.additionalProperties !== undefined) return ['object'];
  if (node.items !== undefined || node.prefixItems !== undefined) return ['array'];
  return [];
}

function strictAnyOf(node: JsonSchema, out: JsonSchema, path: string, ctx: Context): JsonSchema {
  // Keywords beside anyOf apply to every branch (anyOf(b1, b2) ∧ s = anyOf(b1 ∧ s, b2 ∧ s)).
  const { anyOf, description: _d, default: _default, ...siblings } = node;
  const shared = Object.keys(siblings).length > 0 ? siblings : undefined;
  out.anyOf = (anyOf as unknown[]).map((branch, i) => {
    const b = shared && isObject(branch) ? { allOf: [shared, branch] } : branch;
    return strictNode(b, pointer(path, 'anyOf', i), ctx);
  });
  hintDefault(node, out);
  return out;
}

/**
 * A value of several types as `anyOf`, one branch per type with the keywords that apply to it
 * (the guide shows type lists only as `[T, "null"]`).
 */
function strictTypeList(node: JsonSchema, out: JsonSchema, types: JsonSchemaType[], values: unknown[] | undefined, path: string, ctx: Context): JsonSchema {
  const { description: _d, nullable: _n, const: _c, default: _default, ...rest } = node;
  const branches: JsonSchema[] = [];
  for (const type of types) {
    if (type === 'null') continue;
    const own = values?.filter((v) => typesOfValues([v]).some((t) => t === type || (type === 'number' && t === 'integer')));
    const branch: JsonSchema = { ...rest, type };
    if (values) branch.enum = own;
    branches.push(strictNode(branch, path, ctx));
  }
  if (types.includes('null') || node.nullable === true) branches.push({ type: 'null' });
  out.anyOf = branches;
  hintDefault(node, out);
  return out;
}

function copyNumberBounds(node: JsonSchema, out: JsonSchema): void {
  for (const key of ['multipleOf', 'minimum', 'maximum'] as const) if (typeof node[key] === 'number') out[key] = node[key];
  // Draft-04 spells exclusive bounds as booleans beside minimum/maximum.
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    const value: unknown = node[exclusive];
    if (typeof value === 'number') out[exclusive] = value;
    else if (value === true && typeof node[bound] === 'number') {
      out[exclusive] = node[bound];
      delete out[bound];
    }
  }
}

function strictArray(node: JsonSchema, out: JsonSchema, path: string, ctx: Context): void {
  const tuple = tupleToItems(node);
  if (tuple) {
    if (tuple.items) out.items = strictNode(tuple.items, pointer(path, 'prefixItems'), ctx);
    else ctx.problems.push({ path, message: 'is an empty tuple.' });
    if (tuple.minItems !== undefined) out.minItems = tuple.minItems;
    if (tuple.maxItems !== undefined) out.maxItems = tuple.maxItems;
    appendHint(out, tuple.hint);
    return;
  }
  if (node.items === undefined) ctx.problems.push({ path, message: 'is an array without items (any values); strict mode needs an item type.' });
  else out.items = strictNode(node.items, pointer(path, 'items'), ctx);
  if (typeof node.minItems === 'number') out.minItems = node.minItems;
  if (typeof node.maxItems === 'number') out.maxItems = node.maxItems;
}

function isTrivialSchema(value: unknown): boolean {
  return value === true || (isObject(value) && Object.keys(value).length === 0);
}

function strictObject(node: JsonSchema, out: JsonSchema, path: string, ctx: Context): void {
  const declared = isObject(node.properties) ? (node.properties as Record<string, unknown>) : {};
  const names = Object.keys(declared);
  const extra = node.additionalProperties;
  if (names.length === 0) {
    const rootWithoutArguments = path === '#' && extra === undefined;
    if (!rootWithoutArguments && extra !== false) {
      ctx.problems.push({
        path,
        message: isObject(extra) && !isTrivialSchema(extra)
          ? 'is a record (any keys, values of one schema); strict mode only allows declared properties.'
          : 'is a free-form object (no declared properties); strict mode only allows declared properties.',
      });
    }
  } else if (extra !== undefined && extra !== false && !isTrivialSchema(extra)) {
    ctx.problems.push({ path: pointer(path, 'additionalProperties'), message: 'allows extra keys of a given schema; strict mode only allows declared properties.' });
  }
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties: Record<string, JsonSchema> = {};
  for (const name of names) {
    const property = strictNode(declared[name], pointer(path, 'properties', name), ctx);
    properties[name] = required.has(name) ? property : nullable(property);
  }
  out.properties = properties;
  out.required = names;
  out.additionalProperties = false;
}

/** `schema` that also accepts `null` (how strict mode spells "optional"). */
function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const { description, ...rest } = schema;
    const out: JsonSchema = { anyOf: [rest, { type: 'null' }] };
    if (description !== undefined) out.description = description;
    return out;
  }
  if (Array.isArray(schema.anyOf)) {
    if (schema.anyOf.some((b) => typesOf(b).includes('null'))) return schema;
    return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  const types = typesOf(schema);
  if (types.length === 0 || types.includes('null')) return schema;
  const out: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  return out;
}
