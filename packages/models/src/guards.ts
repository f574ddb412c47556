/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** `value` when it is an object, else `{}`. */
export function obj(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** `value` when it is an array, else `[]`. */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `value` when it is a string, else `fallback`. */
export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}
