/** Keywords that never change a verdict (the checkers and the generated checks skip them). */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['description', 'title', 'default', 'examples', 'deprecated', '$comment', 'readOnly', 'writeOnly']);

/** A schema's keywords that matter for the verdict: annotations and undefined-valued keywords dropped, as ajv reads them. */
export function verdictKeywordsOf(schema: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (value === undefined || ANNOTATION_KEYWORDS.has(key)) continue;
    out.set(key, value);
  }
  return out;
}
