import { describe, expect, it } from '@jest/globals';
import type { JsonSchema } from '@toolwright/sdk';
import { lazyNullDropper, schemaNullDropper } from '../../src/schema/schema-null-dropper.js';

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

describe('lazyNullDropper', () => {
  it('passes values without null as they are and reads the schema only when one holds a null', () => {
    let reads = 0;
    const drop = lazyNullDropper(() => {
      reads += 1;
      return schema;
    });
    const plain = { name: 'a', note: 'n', tree: { label: 'r', kids: [{ label: 'c' }] } };
    expect(drop(plain)).toBe(plain);
    expect(reads).toBe(0);
    const deep = { name: 'a', tree: { label: 'r', kids: [{ label: 'c', kids: null }] } };
    expect(drop(deep)).toEqual({ name: 'a', tree: { label: 'r', kids: [{ label: 'c' }] } });
    expect(reads).toBe(1);
    const top = { name: 'a', note: null };
    expect(drop(top)).toEqual({ name: 'a' });
    expect(drop(plain)).toBe(plain);
    expect(reads).toBe(1);
  });

  it('gives what schemaNullDropper gives for null in an array element and in a nullable property', () => {
    const drop = lazyNullDropper(() => schema);
    const input = { name: 'a', maybe: null, tree: { label: 'r', kids: [null] } };
    expect(drop(input)).toEqual(schemaNullDropper(schema)(input));
  });
});
