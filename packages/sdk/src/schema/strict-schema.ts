import { makeNullable } from './class-model.js';
import type { JsonSchema } from './json-schema.js';

/** Keywords OpenAI's strict structured-output mode rejects; they are dropped (the validator still enforces them). */
const UNSUPPORTED_IN_STRICT = ['default', 'examples', 'minLength', 'maxLength', 'uniqueItems', 'minProperties', 'deprecated', 'title'];

/**
 * OpenAI strict mode: every object closes (`additionalProperties: false`) and lists every property
 * as required; properties that were optional become nullable, so the model sends `null` for
 * "absent" (which the validator turns back into absent). Returns a new schema.
 */
export function toStrictSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED_IN_STRICT.includes(key)) continue;
    out[key] = value;
  }
  if (schema.items) out.items = toStrictSchema(schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(toStrictSchema);
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const strict = toStrictSchema(property);
      if (!required.has(name)) makeNullable(strict);
      properties[name] = strict;
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}
