import type { JsonSchema } from '../schema/json-schema.js';

type Json = unknown;
type JsonObject = Record<string, Json>;

/** Keywords that only annotate; beside a `$ref` they override the target's. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
/** Keywords whose value is a schema or an array of schemas. */
const SCHEMA_KEYWORDS = new Set([
  'items', 'additionalItems', 'prefixItems', 'contains', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else',
  'allOf', 'anyOf', 'oneOf', 'unevaluatedItems', 'unevaluatedProperties',
]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Context {
  root: JsonObject;
  /** The root without its definitions and document keywords (what `#` means). */
  body: JsonObject;
  /** Recursive refs kept as `$ref`s: ref → name in the output's `$defs`. */
  kept: Map<string, string>;
}

/**
 * A self-contained copy of `schema` for models: every local `$ref` (`#/$defs/X`,
 * `#/definitions/X`, any `#/…` pointer) is replaced by what it points to. A `$ref` with validating
 * siblings becomes `allOf: [target]` beside them, so no constraint is lost; annotation siblings
 * (description, title, default…) override the target's. Recursive references cannot be inlined:
 * they stay as `$ref`s into a `$defs` that keeps only the definitions involved. `$schema` and
 * `$id` are dropped; the input is never modified.
 */
export function inlineSchemaRefs(schema: JsonSchema): JsonSchema {
  const { $defs: _defs, definitions: _definitions, $schema: _schema, $id: _id, ...body } = schema as JsonObject;
  const ctx: Context = { root: schema as JsonObject, body, kept: new Map() };
  const out = expand(body, ctx, []) as JsonObject;
  if (ctx.kept.size === 0) return out as JsonSchema;
  const defs: JsonObject = {};
  // Expanding a kept definition may keep more; loop until every kept one is written.
  for (let written = -1; written !== ctx.kept.size; ) {
    written = ctx.kept.size;
    for (const [ref, name] of [...ctx.kept]) if (!(name in defs)) defs[name] = expand(resolvePointer(ctx, ref), ctx, [ref]);
  }
  return { ...out, $defs: defs } as JsonSchema;
}

function expand(node: Json, ctx: Context, stack: readonly string[]): Json {
  if (Array.isArray(node)) return node.map((item) => expand(item, ctx, stack));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return expandKeywords(node, ctx, stack);
  const { $ref: _ref, ...siblings } = node;
  let target: Json;
  if (stack.includes(ref)) {
    target = { $ref: `#/$defs/${keep(ctx, ref)}` };
  } else {
    const resolved = resolvePointer(ctx, ref);
    target = resolved === undefined ? { $ref: ref } : expand(resolved, ctx, [...stack, ref]);
  }
  const rest = expandKeywords(siblings, ctx, stack);
  const keys = Object.keys(rest);
  if (keys.length === 0) return target;
  if (!isObject(target) || '$ref' in target || keys.some((k) => !ANNOTATIONS.has(k))) return { ...rest, allOf: [target] };
  return { ...target, ...rest };
}

function expandKeywords(node: JsonObject, ctx: Context, stack: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (SCHEMA_KEYWORDS.has(key)) out[key] = expand(value, ctx, stack);
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      const map: JsonObject = {};
      for (const name of Object.keys(value)) map[name] = expand(value[name], ctx, stack);
      out[key] = map;
    } else out[key] = value;
  }
  return out;
}

function keep(ctx: Context, ref: string): string {
  const existing = ctx.kept.get(ref);
  if (existing) return existing;
  const base = ref === '#' ? 'root' : decodeSegment(ref.split('/').pop() ?? '').replace(/[^a-zA-Z0-9_.-]/g, '_') || 'def';
  const names = new Set(ctx.kept.values());
  let name = base;
  for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
  ctx.kept.set(ref, name);
  return name;
}

function resolvePointer(ctx: Context, ref: string): Json {
  if (ref === '#') return ctx.body;
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = ctx.root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeSegment(raw);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function decodeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}
