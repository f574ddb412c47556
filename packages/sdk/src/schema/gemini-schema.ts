import type { JsonSchema, JsonSchemaType } from './json-schema.js';

/** Keywords of the OpenAPI 3.0 subset Gemini function declarations accept. */
const GEMINI_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
  'default',
  'propertyOrdering',
]);

/** Formats Gemini understands for strings. */
const GEMINI_STRING_FORMATS = new Set(['enum', 'date-time']);

/**
 * Gemini's schema subset: no `additionalProperties`, `$ref`, `const` or `examples`; a type list
 * with `null` becomes one type plus `nullable: true`; `const` becomes a one-value enum; enums of
 * other than strings move into the description. Returns a new schema.
 */
export function toGeminiSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  let type = schema.type;
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    if (types.length < type.length) out.nullable = true;
    type = types.length === 1 ? types[0] : undefined;
    if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
  }
  if (type) out.type = type as JsonSchemaType;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' || !GEMINI_KEYWORDS.has(key) || value === undefined) continue;
    if (key === 'format' && !(schema.type === 'number' || schema.type === 'integer' || GEMINI_STRING_FORMATS.has(String(value)))) continue;
    out[key] = value;
  }
  if (schema.exclusiveMinimum !== undefined && out.minimum === undefined) out.minimum = schema.exclusiveMinimum;
  if (schema.exclusiveMaximum !== undefined && out.maximum === undefined) out.maximum = schema.exclusiveMaximum;
  if (schema.const !== undefined) out.enum = [schema.const];
  if (out.enum) {
    const values = out.enum.filter((v) => v !== null);
    if (values.length < out.enum.length) out.nullable = true;
    if (values.every((v) => typeof v === 'string')) {
      out.enum = values;
      out.type = 'string';
    } else {
      // Gemini enums are strings only: keep the real type and say the values in words.
      delete out.enum;
      const allowed = `Allowed values: ${values.map((v) => JSON.stringify(v)).join(', ')}.`;
      out.description = out.description ? `${out.description} ${allowed}` : allowed;
    }
  }
  if (schema.items) out.items = toGeminiSchema(schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(toGeminiSchema);
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, toGeminiSchema(v)]));
  }
  return out;
}
