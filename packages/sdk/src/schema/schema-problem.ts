/**
 * Something in a JSON Schema that a provider's schema rules cannot express. `path` is a JSON
 * Pointer into the schema being exported (`#/properties/config/additionalProperties`).
 */
export interface SchemaProblem {
  /** Where, as a JSON Pointer (`#` is the root). */
  readonly path: string;
  /** What cannot be expressed, and why. */
  readonly message: string;
}

/** Appends one segment to a JSON Pointer (escaping `~` and `/`). */
export function pointer(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const s of segments) {
    const text = String(s);
    out += `/${text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text}`;
  }
  return out;
}
