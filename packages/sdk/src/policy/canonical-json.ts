/**
 * The canonical JSON text of `value`: what `JSON.stringify` keeps of it (so a value and its JSON
 * round trip give the same text), object keys sorted by code unit, no whitespace. Two values with
 * the same canonical text are the same JSON, whatever the key order they were written in.
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : canonicalOf(JSON.parse(text) as unknown);
}

function canonicalOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalOf).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalOf(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
