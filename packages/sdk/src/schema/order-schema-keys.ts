import type { JsonSchema } from './json-schema.js';

const ORDER = [
  'type',
  'description',
  'title',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'default',
  'examples',
  'deprecated',
];

/** A copy of `schema` with its keys in a stable, readable order (unknown keys last). */
export function orderSchemaKeys(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const key of ORDER) if (schema[key] !== undefined) out[key] = schema[key];
  for (const key of Object.keys(schema)) if (!(key in out) && schema[key] !== undefined) out[key] = schema[key];
  return out;
}
