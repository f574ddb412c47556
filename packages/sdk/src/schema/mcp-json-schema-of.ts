import { classModelOf } from './class-model.js';
import type { ClassModel, FieldModel } from './class-model.js';
import { deepFreeze } from './deep-freeze.js';
import type { JsonSchema } from './json-schema.js';
import { sameJson } from './merge-schemas.js';
import type { AnyClass } from './metadata-store.js';

/** The dialect of {@link mcpJsonSchemaOf} documents (MCP's default). */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const views = new WeakMap<AnyClass, JsonSchema>();

interface Context {
  names: Map<ClassModel, string>;
  defs: Record<string, JsonSchema>;
}

/**
 * The MCP view of a declared class: a JSON Schema 2020-12 document (`$schema`) whose nested
 * classes are `$defs` entries referenced with `$ref` (each class once), objects closed with
 * `additionalProperties: false`. It accepts exactly what {@link jsonSchemaOf}'s inlined view
 * accepts (the provider exports keep inlining); the validator checks that one schema. Cached and
 * frozen.
 */
export function mcpJsonSchemaOf(cls: AnyClass): JsonSchema {
  let view = views.get(cls);
  if (!view) {
    const ctx: Context = { names: new Map(), defs: {} };
    const root = objectView(classModelOf(cls), ctx);
    view = { $schema: JSON_SCHEMA_2020_12, ...root };
    if (Object.keys(ctx.defs).length > 0) view.$defs = ctx.defs;
    views.set(cls, deepFreeze(view));
  }
  return view;
}

function objectView(model: ClassModel, ctx: Context): JsonSchema {
  if (!model.fields.some((f) => f.nested)) return model.schema;
  const properties: Record<string, JsonSchema> = {};
  for (const field of model.fields) properties[field.wireName] = fieldView(field, ctx);
  return { ...model.schema, properties };
}

function refTo(model: ClassModel, ctx: Context): string {
  let name = ctx.names.get(model);
  if (!name) {
    const taken = new Set(ctx.names.values());
    const base = model.cls.name || 'Object';
    name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    ctx.names.set(model, name);
    ctx.defs[name] = objectView(model, ctx);
  }
  return `#/$defs/${name}`;
}

/**
 * `actual` is the nested class's schema plus what the field added (null, annotations, rules):
 * the same as a `$ref` with those additions beside it (2020-12 applies `$ref` in conjunction).
 */
function referenced(actual: JsonSchema, nested: ClassModel, ctx: Context): JsonSchema {
  const base = nested.schema;
  const ref = refTo(nested, ctx);
  const siblings: JsonSchema = {};
  for (const [key, value] of Object.entries(actual)) {
    if (key === 'type' || key === 'properties' || key === 'required' || key === 'additionalProperties') continue;
    if (!sameJson(value, base[key])) siblings[key] = value;
  }
  const nullable = Array.isArray(actual.type) && actual.type.includes('null');
  return nullable ? { ...siblings, anyOf: [{ $ref: ref }, { type: 'null' }] } : { $ref: ref, ...siblings };
}

function fieldView(field: FieldModel, ctx: Context): JsonSchema {
  if (!field.nested) return field.schema;
  if (field.isArray && field.schema.items) return { ...field.schema, items: referenced(field.schema.items, field.nested, ctx) };
  return referenced(field.schema, field.nested, ctx);
}
