import { classModelOf } from './class-model.js';
import type { JsonSchema } from './json-schema.js';
import type { AnyClass } from './metadata-store.js';

/**
 * The self-contained JSON Schema of a declared class: an object with `properties`, `required`
 * (optional fields left out) and `additionalProperties: false`, nested classes inlined (no
 * `$ref`). Cached per class; the returned object is frozen.
 */
export function jsonSchemaOf(cls: AnyClass): JsonSchema {
  return classModelOf(cls).schema;
}
