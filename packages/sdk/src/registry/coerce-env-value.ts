import type { JsonSchema, JsonSchemaType } from '../schema/json-schema.js';

/** The outcome of {@link coerceEnvValue}. */
export type CoerceResult = { ok: true; value: unknown } | { ok: false; expected: string };

function typesOf(schema: JsonSchema | undefined): JsonSchemaType[] {
  if (!schema) return [];
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf)];
}

/**
 * A string that came from `${VAR}` interpolation, converted to the type the target field
 * declares: `integer` (decimal digits), `number` (a finite decimal), `boolean` (`true`/`false`,
 * any case), `null` (`null`). A field that also takes strings, or declares no type, keeps the
 * string. `{ ok: false, expected }` when the text is none of the declared types.
 */
export function coerceEnvValue(text: string, schema: JsonSchema | undefined): CoerceResult {
  const types = typesOf(schema);
  if (types.length === 0 || types.includes('string')) return { ok: true, value: text };
  const trimmed = text.trim();
  if (types.includes('integer') && /^[-+]?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))) return { ok: true, value: Number(trimmed) };
  if (types.includes('number') && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) && Number.isFinite(Number(trimmed))) return { ok: true, value: Number(trimmed) };
  if (types.includes('boolean') && /^(true|false)$/i.test(trimmed)) return { ok: true, value: trimmed.toLowerCase() === 'true' };
  if (types.includes('null') && trimmed === 'null') return { ok: true, value: null };
  const names: Record<string, string> = { integer: 'an integer', number: 'a number', boolean: 'true or false', null: 'null', array: 'an array', object: 'an object' };
  return { ok: false, expected: [...new Set(types)].map((t) => names[t] ?? t).join(' or ') };
}
