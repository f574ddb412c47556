import type { FuzzRandom } from './fuzz-random.js';

/** The parts of a JSON Schema the sampler reads. */
export interface SampledSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: SampledSchema[];
  oneOf?: SampledSchema[];
  properties?: Record<string, SampledSchema>;
  required?: string[];
  items?: SampledSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** Produces a value for a field the fuzzer must control (paths inside the scratch directory, safe shell commands), or undefined. */
export type FieldOverride = (path: readonly string[]) => (() => unknown) | undefined;

/** Options of {@link sampleValue}. */
export interface SampleOptions {
  rng: FuzzRandom;
  /** Strings for plain string fields. */
  string: () => string;
  override: FieldOverride;
}

/**
 * A value valid for `schema` (as far as the schema says; a tool may still refuse it for reasons
 * the schema cannot express): enums and consts are picked, required properties always and
 * optional ones sometimes present, numbers small and within bounds.
 */
export function sampleValue(schema: SampledSchema, options: SampleOptions, path: readonly string[] = []): unknown {
  const special = options.override(path);
  if (special) return special();
  const { rng } = options;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return rng.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return sampleValue(rng.pick(branches), options, path);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type.filter((t) => t !== 'null').length > 0 ? schema.type.filter((t) => t !== 'null') : schema.type) : schema.type;
  switch (type) {
    case 'string': {
      let text = options.string();
      if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
      if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
      return text;
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 5;
      const n = rng.int(Math.ceil(min), Math.floor(max));
      return type === 'number' && rng.chance(0.2) ? Math.min(max, n + 0.5) : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const count = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, (_, i) => sampleValue(schema.items ?? {}, options, [...path, String(i)]));
    }
    case 'object':
    default: {
      if (type === undefined && !schema.properties) return options.string();
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.5)) out[key] = sampleValue(property, options, [...path, key]);
      }
      return out;
    }
  }
}
