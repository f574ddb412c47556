import type { JsonSchema } from './json-schema.js';

/**
 * Adds a sentence to a schema's description: how exports keep a rule the provider's schema
 * language cannot carry visible to the model (the validator still enforces it).
 */
export function appendHint(schema: JsonSchema, sentence: string): void {
  const current = typeof schema.description === 'string' ? schema.description.trim() : '';
  if (current.includes(sentence)) return;
  schema.description = current === '' ? sentence : `${current}${/[.!?:]$/.test(current) ? '' : '.'} ${sentence}`;
}

/** A few words naming what a schema accepts (for hints such as "Items in order: …"). */
export function describeBriefly(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any value';
  const s = schema as JsonSchema;
  if (typeof s.description === 'string' && s.description.length <= 60) return s.description.replace(/[.]$/, '');
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (typeof s.type === 'string') return s.type === 'object' || s.type === 'array' ? `an ${s.type}` : `a ${s.type}`;
  return 'a value';
}

/**
 * Hints for validation keywords a provider drops (length, size, uniqueness, format): one short
 * sentence each, so the model still knows the rule.
 */
export function constraintHints(schema: JsonSchema, keywords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const n = (k: string): number | undefined => (keywords.has(k) && typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const minLength = n('minLength');
  const maxLength = n('maxLength');
  if (minLength !== undefined && maxLength !== undefined) out.push(`Between ${minLength} and ${maxLength} characters.`);
  else if (minLength !== undefined && minLength > 0) out.push(`At least ${minLength} character${minLength === 1 ? '' : 's'}.`);
  else if (maxLength !== undefined) out.push(`At most ${maxLength} characters.`);
  if (keywords.has('uniqueItems') && schema.uniqueItems === true) out.push('Items must be unique.');
  const minProperties = n('minProperties');
  if (minProperties !== undefined && minProperties > 0) out.push(`At least ${minProperties} field${minProperties === 1 ? '' : 's'}.`);
  const maxProperties = n('maxProperties');
  if (maxProperties !== undefined) out.push(`At most ${maxProperties} fields.`);
  if (keywords.has('format') && typeof schema.format === 'string') out.push(`Format: ${schema.format}.`);
  return out;
}

/**
 * The sentence that carries a `default` an export cannot keep (`Default: false.`), so the model
 * still knows what leaving the value out means. `undefined` when the schema declares none.
 */
export function defaultHint(schema: JsonSchema): string | undefined {
  return schema.default === undefined ? undefined : `Default: ${JSON.stringify(schema.default)}.`;
}
