const MAX_DEPTH = 64;

function readable(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown';
  }
}

function copy(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined: left out, as JSON does
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Too deep]';
  seen.add(value);
  try {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function' && !(value instanceof Date && Number.isNaN(value.getTime()))) {
      return copy(toJSON.call(value), depth + 1, seen);
    }
    if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      let item: unknown;
      try {
        item = (value as Record<string, unknown>)[key];
      } catch (error) {
        out[key] = `[Unreadable: ${readable(error)}]`;
        continue;
      }
      const safe = copy(item, depth + 1, seen);
      if (safe !== undefined) out[key] = safe;
    }
    return out;
  } catch (error) {
    return `[Unreadable: ${readable(error)}]`;
  } finally {
    seen.delete(value);
  }
}

/**
 * A copy of `value` that `JSON.stringify` can always write: BigInt as `"12n"`, non-finite numbers
 * as strings, cycles as `"[Circular]"`, values nested deeper than 64 as `"[Too deep]"`, a throwing
 * getter or `toJSON` as `"[Unreadable: …]"`. Never throws.
 */
export function toJsonSafe(value: unknown): unknown {
  return copy(value, 0, new WeakSet());
}

/** `produce()` made JSON-safe; when it throws, `fallback()` made JSON-safe instead (or an `"[Unreadable]"` marker). Never throws. */
export function jsonSafeOf(produce: () => unknown, fallback: () => unknown): unknown {
  try {
    return toJsonSafe(produce());
  } catch {
    try {
      return toJsonSafe(fallback());
    } catch (error) {
      return `[Unreadable: ${readable(error)}]`;
    }
  }
}
