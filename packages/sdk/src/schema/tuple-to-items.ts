import type { JsonSchema } from './json-schema.js';
import { sameJson } from './merge-schemas.js';
import { describeBriefly } from './schema-hint.js';

/** A tuple rewritten as a plain array: one `items` schema, bounds, and a hint naming the positions. */
export interface TupleAsArray {
  items: JsonSchema | undefined;
  minItems?: number;
  maxItems?: number;
  hint: string;
}

/**
 * A tuple (`prefixItems`, or draft-07's `items: [...]`) as a plain array for providers without
 * tuples: `items` is the one position schema or an `anyOf` of the distinct ones (so every
 * position's values stay allowed), the length is kept where the tuple closes, and the positions
 * are spelled out in a hint. Returns `undefined` when `schema` is not a tuple.
 */
export function tupleToItems(schema: JsonSchema): TupleAsArray | undefined {
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : Array.isArray(schema.items) ? (schema.items as unknown[]) : undefined;
  if (!prefix) return undefined;
  const rest: unknown = Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems;
  const closed = rest === false;
  const parts: unknown[] = [...prefix];
  if (rest !== undefined && rest !== false) parts.push(rest);
  // Positions that differ only in their annotations share one item schema (the hint names them).
  const distinct: JsonSchema[] = [];
  for (const part of parts) {
    const { description: _d, title: _t, ...s } = (typeof part === 'object' && part !== null ? part : {}) as JsonSchema;
    if (!distinct.some((d) => sameJson(d, s))) distinct.push(s);
  }
  const items = distinct.length === 0 ? undefined : distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  const out: TupleAsArray = {
    items,
    hint: `Items in order: ${prefix.map((p, i) => `${i + 1}. ${describeBriefly(p)}`).join('; ')}${closed ? '' : '; more items may follow'}.`,
  };
  if (typeof schema.minItems === 'number') out.minItems = schema.minItems;
  if (closed) out.maxItems = Math.min(prefix.length, typeof schema.maxItems === 'number' ? schema.maxItems : Infinity);
  else if (typeof schema.maxItems === 'number') out.maxItems = schema.maxItems;
  return out;
}
