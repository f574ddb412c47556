import { flattenComposition } from './flatten-composition.js';
import type { JsonSchema, JsonSchemaType } from './json-schema.js';
import { appendHint, constraintHints } from './schema-hint.js';
import { pointer } from './schema-problem.js';
import type { SchemaProblem } from './schema-problem.js';
import { tupleToItems } from './tuple-to-items.js';

type JsonObject = Record<string, unknown>;

/**
 * `format` values Gemini's Schema accepts, per type (Gemini API reference, `Schema.format`:
 * NUMBER float/double, INTEGER int32/int64, STRING enum/date-time). Others move into the description.
 */
export const GEMINI_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['enum', 'date-time']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};

/** Keywords copied as they are (the rest of Gemini's OpenAPI subset is built explicitly). */
const COPIED = ['title', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'default'];

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Context {
  root: JsonSchema;
  problems: SchemaProblem[];
  /** Paths of values every valid call must carry that were left out. */
  undescribed: string[];
}

/**
 * Gemini's function-declaration schema (a subset of OpenAPI 3.0's Schema): every node typed,
 * `nullable` instead of `null` in type lists, enums only of strings, no `$ref`, `allOf`, `oneOf`,
 * `const`, `additionalProperties` or tuples. `$ref`s are expanded, `allOf` merged, `oneOf` and type
 * lists become `anyOf`, non-string enum values move into the description, tuples become arrays.
 *
 * Values Gemini cannot describe (free-form objects and records, recursive references, arrays of
 * them) are left out and each drop is pushed to `problems`. A left-out value that every valid
 * call must carry (a required property of the root, of a required object, of the items of a
 * non-empty array, and so on down; not below a nullable value or one `anyOf` branch) is also
 * pushed to `undescribed`: a Gemini model cannot make a call the validator accepts, so exports
 * do not offer such a tool to Gemini. A parameter whose name Gemini does not allow is left out
 * the same way (Gemini refuses a request that declares it). Returns `undefined` when nothing is left of the root object
 * (a tool without arguments: omit `parameters`). Never modifies its input.
 */
export function toGeminiSchema(schema: JsonSchema, problems: SchemaProblem[] = [], undescribed: string[] = []): JsonSchema | undefined {
  const ctx: Context = { root: schema, problems, undescribed };
  const out = geminiNode(schema, '#', ctx, [], true);
  if (!out) return undefined;
  if (out.type === 'object' && (!out.properties || Object.keys(out.properties).length === 0)) return undefined;
  // A name Gemini refuses would make it refuse the whole request: the parameter is left out (and, when required, the tool is uncallable).
  const properties = out.properties ?? {};
  const refused = Object.keys(properties).filter((name) => !GEMINI_PARAMETER_NAME.test(name));
  if (refused.length === 0) return out;
  const required = Array.isArray(out.required) ? out.required : [];
  for (const name of refused) {
    const path = pointer('#', 'properties', name);
    problems.push({ path, message: 'is a parameter name Gemini does not allow (a letter or underscore, then letters, digits or underscores, at most 64); left out.' });
    if (required.includes(name)) undescribed.push(path);
  }
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => !refused.includes(name)));
  if (Object.keys(kept).length === 0) return undefined;
  const keptRequired = required.filter((name) => !refused.includes(name));
  const result: JsonSchema = { ...out, properties: kept };
  if (keptRequired.length > 0) result.required = keptRequired;
  else delete result.required;
  return result;
}

/** Gemini's rule for parameter names (FunctionDeclaration.parameters). */
const GEMINI_PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function resolve(ctx: Context, ref: string): JsonSchema | undefined {
  if (ref === '#') return ctx.root;
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = m ? (ctx.root[m[1]!] as Record<string, JsonSchema> | undefined) : undefined;
  return m && defs ? defs[m[2]!.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

function typeOfValue(v: unknown): JsonSchemaType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonSchemaType;
}

/** Any JSON scalar: Gemini has no "any" type and no empty objects. */
function anyScalar(description: unknown): JsonSchema {
  const out: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
  if (typeof description === 'string') out.description = description;
  return out;
}

/** `mandatory`: every valid call carries a value here (so leaving out a required property makes the tool uncallable). */
function geminiNode(input: unknown, path: string, ctx: Context, stack: readonly string[], mandatory: boolean): JsonSchema | undefined {
  if (input === true || (isObject(input) && Object.keys(input).every((k) => k === 'description' || k === 'title'))) {
    return anyScalar(isObject(input) ? input.description : undefined);
  }
  if (!isObject(input)) {
    ctx.problems.push({ path, message: 'is the false schema (accepts nothing); left out.' });
    return undefined;
  }
  let raw = input as JsonSchema;
  let refs = stack;
  if (typeof raw.$ref === 'string') {
    const ref = raw.$ref;
    if (stack.includes(ref)) {
      ctx.problems.push({ path, message: `refers back to '${ref}' (recursion); Gemini schemas cannot, so it is left out.` });
      return undefined;
    }
    const target = resolve(ctx, ref);
    if (!target) {
      ctx.problems.push({ path, message: `$ref '${ref}' cannot be resolved inside the schema; left out.` });
      return undefined;
    }
    const { $ref: _ref, ...siblings } = raw;
    raw = { ...target, ...siblings };
    refs = [...stack, ref];
  }
  const node = flattenComposition(raw, path, { resolve: (r) => resolve(ctx, r), oneOf: 'always', problems: ctx.problems });
  return Array.isArray(node.anyOf) ? geminiAnyOf(node, path, ctx, refs, mandatory) : geminiTyped(node, path, ctx, refs, mandatory);
}

function geminiAnyOf(node: JsonSchema, path: string, ctx: Context, stack: readonly string[], mandatory: boolean): JsonSchema | undefined {
  const { anyOf, description, default: defaultValue, ...siblings } = node;
  const shared = Object.keys(siblings).length > 0 ? siblings : undefined;
  const branches: JsonSchema[] = [];
  const list = anyOf as unknown[];
  const nullable = list.some((branch) => isObject(branch) && branch.type === 'null');
  // A call may take any other branch, or null: only a lone branch must be described whole.
  const lone = mandatory && !nullable && list.length === 1;
  list.forEach((branch, i) => {
    if (isObject(branch) && branch.type === 'null') return;
    const b = shared && isObject(branch) ? { allOf: [shared, branch] } : branch;
    const converted = geminiNode(b, pointer(path, 'anyOf', i), ctx, stack, lone);
    if (converted) branches.push(converted);
  });
  if (branches.length === 0) return undefined;
  const out: JsonSchema = branches.length === 1 ? { ...branches[0]! } : { anyOf: branches };
  if (typeof description === 'string') out.description = description;
  if (nullable) out.nullable = true;
  if (defaultValue !== undefined) out.default = defaultValue;
  return out;
}

function geminiTyped(node: JsonSchema, path: string, ctx: Context, stack: readonly string[], mandatory: boolean): JsonSchema | undefined {
  const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  let types: string[] = Array.isArray(node.type) ? [...node.type] : typeof node.type === 'string' ? [node.type] : [];
  if (types.length === 0 && values) types = [...new Set(values.map(typeOfValue))];
  if (types.length === 0) {
    if (node.properties !== undefined || node.additionalProperties !== undefined || node.required !== undefined) types = ['object'];
    else if (node.items !== undefined || node.prefixItems !== undefined) types = ['array'];
  }
  const nullable = node.nullable === true || types.includes('null') || (values?.includes(null) ?? false);
  types = types.filter((t) => t !== 'null');
  if (types.includes('number') && types.includes('integer')) types = types.filter((t) => t !== 'integer');
  if (types.length === 0) {
    if (nullable && node.type !== undefined) {
      ctx.problems.push({ path, message: 'only accepts null, which Gemini cannot describe; left out.' });
      return undefined;
    }
    return anyScalar(node.description);
  }
  if (types.length > 1) {
    // One branch per type, each with the keywords that apply to it.
    const branches: JsonSchema[] = [];
    for (const t of types) {
      const own = values?.filter((v) => typeOfValue(v) === t || (t === 'number' && typeof v === 'number'));
      const branchSchema: JsonSchema = { ...node, type: t as JsonSchemaType, description: undefined, nullable: undefined, default: undefined };
      delete branchSchema.const;
      if (values) branchSchema.enum = own;
      const converted = geminiTyped(branchSchema, path, ctx, stack, false);
      if (converted) branches.push(converted);
    }
    if (branches.length === 0) return undefined;
    const out: JsonSchema = branches.length === 1 ? branches[0]! : { anyOf: branches };
    if (typeof node.description === 'string') out.description = node.description;
    if (nullable) out.nullable = true;
    if (node.default !== undefined) out.default = node.default;
    return out;
  }
  const type = types[0] as JsonSchemaType;
  const out: JsonSchema = { type };
  if (typeof node.description === 'string') out.description = node.description;
  if (nullable) out.nullable = true;
  for (const key of COPIED) if (node[key] !== undefined) out[key] = node[key];
  if (typeof node.exclusiveMinimum === 'number' && out.minimum === undefined) out.minimum = node.exclusiveMinimum;
  if (typeof node.exclusiveMaximum === 'number' && out.maximum === undefined) out.maximum = node.exclusiveMaximum;
  if (typeof node.format === 'string') {
    if (GEMINI_FORMATS[type]?.has(node.format)) out.format = node.format;
    else appendHint(out, `Format: ${node.format}.`);
  }
  if (values) {
    const kept = values.filter((v) => v !== null);
    if (type === 'string' && kept.every((v) => typeof v === 'string')) out.enum = kept;
    else appendHint(out, `Allowed values: ${kept.map((v) => JSON.stringify(v)).join(', ')}.`);
  }
  if (type === 'array') {
    const tuple = tupleToItems(node);
    const itemSchema = tuple ? tuple.items : node.items;
    if (tuple) {
      delete out.minItems;
      delete out.maxItems;
      if (tuple.minItems !== undefined) out.minItems = tuple.minItems;
      if (tuple.maxItems !== undefined) out.maxItems = tuple.maxItems;
      appendHint(out, tuple.hint);
    }
    const minItems = typeof out.minItems === 'number' ? out.minItems : 0;
    const items = itemSchema === undefined ? anyScalar(undefined) : geminiNode(itemSchema, pointer(path, tuple ? 'prefixItems' : 'items'), ctx, stack, mandatory && !nullable && minItems > 0);
    if (!items) {
      ctx.problems.push({ path, message: 'is an array of values Gemini cannot describe; left out.' });
      return undefined;
    }
    out.items = items;
    for (const sentence of constraintHints(node, new Set(['uniqueItems']))) appendHint(out, sentence);
  }
  if (type === 'object') return geminiObject(node, out, path, ctx, stack, mandatory && !nullable);
  return out;
}

function geminiObject(node: JsonSchema, out: JsonSchema, path: string, ctx: Context, stack: readonly string[], mandatory: boolean): JsonSchema | undefined {
  const declared = isObject(node.properties) ? (node.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(declared)) {
    const at = pointer(path, 'properties', name);
    const converted = geminiNode(schema, at, ctx, stack, mandatory && required.has(name));
    if (converted) properties[name] = converted;
    else if (required.has(name)) {
      ctx.problems.push({ path: at, message: 'is required but cannot be described for Gemini; a Gemini model cannot send it.' });
      if (mandatory) ctx.undescribed.push(at);
    }
  }
  const extra = node.additionalProperties;
  if (Object.keys(properties).length === 0) {
    if (path !== '#' || (extra !== undefined && extra !== false)) {
      ctx.problems.push({ path, message: 'is a free-form object or record (no declared properties); Gemini objects need properties, so it is left out.' });
    }
    return path === '#' ? out : undefined;
  }
  if (isObject(extra) && Object.keys(extra).length > 0) {
    ctx.problems.push({ path: pointer(path, 'additionalProperties'), message: 'extra keys cannot be described for Gemini; only the declared properties are shown.' });
  }
  out.properties = properties;
  const kept = [...required].filter((name) => name in properties);
  if (kept.length > 0) out.required = kept;
  for (const sentence of constraintHints(node, new Set())) appendHint(out, sentence);
  return out;
}
