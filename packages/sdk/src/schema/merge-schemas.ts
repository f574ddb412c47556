import type { JsonSchema } from './json-schema.js';
import { ANNOTATION_KEYWORDS } from './schema-keywords.js';

type JsonObject = Record<string, unknown>;

const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural equality of two JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as JsonObject)[k], (b as JsonObject)[k]));
}

function typeList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.map(String) : undefined;
}

function intersectTypes(a: string[], b: string[]): string[] {
  const out: string[] = [];
  for (const t of a) {
    if (b.includes(t)) out.push(t);
    else if (t === 'integer' && b.includes('number')) out.push('integer');
    else if (t === 'number' && b.includes('integer')) out.push('integer');
  }
  return [...new Set(out)];
}

/**
 * The conjunction of two schemas as one schema (what `allOf: [a, b]` means), for exports whose
 * providers have no `allOf`. Keys that cannot be combined exactly are listed in `conflicts` (the
 * result then keeps `a`'s value). Annotations keep the first one given.
 */
export function mergeSchemas(a: JsonSchema, b: JsonSchema, conflicts: string[]): JsonSchema {
  const out: JsonObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out) || out[key] === undefined) {
      out[key] = value;
      continue;
    }
    const current = out[key];
    if (sameJson(current, value) || ANNOTATION_KEYWORDS.has(key)) continue;
    if (key === 'properties' && isObject(current) && isObject(value)) {
      const merged: JsonObject = { ...current };
      for (const [name, schema] of Object.entries(value)) {
        merged[name] = name in merged && isObject(merged[name]) && isObject(schema) ? mergeSchemas(merged[name] as JsonSchema, schema, conflicts) : schema;
      }
      out.properties = merged;
    } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      out.required = [...new Set([...current, ...value])];
    } else if (key === 'type' && typeList(current) && typeList(value)) {
      const types = intersectTypes(typeList(current)!, typeList(value)!);
      if (types.length === 0) conflicts.push('type');
      else out.type = types.length === 1 ? types[0] : types;
    } else if (key === 'enum' && Array.isArray(current) && Array.isArray(value)) {
      out.enum = current.filter((v) => value.some((w) => sameJson(v, w)));
    } else if (LOWER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      out[key] = Math.max(current, value);
    } else if (UPPER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      out[key] = Math.min(current, value);
    } else if (key === 'additionalProperties' && (current === false || value === false)) {
      out.additionalProperties = false;
    } else {
      conflicts.push(key);
    }
  }
  return out as JsonSchema;
}
