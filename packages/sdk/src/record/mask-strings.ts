/**
 * A copy of the JSON value `value` with `mask` applied to every string in it (object keys kept).
 * Values JSON would drop or cannot carry are left as they are (the serializer handles them).
 */
export function maskStrings(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => maskStrings(item, mask));
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return maskStrings((json as () => unknown).call(value), mask);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = maskStrings((value as Record<string, unknown>)[key], mask);
  return out;
}
