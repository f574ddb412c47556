import { describe, expect, it } from '@jest/globals';
import type { JsonSchema } from '@toolwright/sdk';
import { schemaNullDropper } from '../../src/schema/schema-null-dropper.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    note: { type: 'string' },
    maybe: { type: ['string', 'null'] },
    tree: { $ref: '#/$defs/Node' },
  },
  required: ['name'],
  $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['label'] } },
};

describe('schemaNullDropper', () => {
  const drop = schemaNullDropper(schema);

  it('drops null where an optional property rejects it, at any depth and through recursion', () => {
    const input = { name: 'a', note: null, maybe: null, tree: { label: 'r', kids: [{ label: 'c', kids: null }] } };
    expect(drop(input)).toEqual({ name: 'a', maybe: null, tree: { label: 'r', kids: [{ label: 'c' }] } });
    expect(input.note).toBeNull();
  });

  it('keeps null in required properties (the validator reports it) and returns the value itself when nothing changes', () => {
    const input = { name: null, maybe: null };
    expect(drop(input)).toBe(input);
  });

  it('is the identity for a schema without optional properties', () => {
    const value = { a: null };
    expect(schemaNullDropper({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })(value)).toBe(value);
  });
});
