/** generateCases: valid and invalid arguments derived from a JSON Schema, each invalid one breaking one thing at a named path. */
import { describe, expect, it } from '@jest/globals';
import type { JsonSchema } from '@toolwright/sdk';
import { generateCases } from '@toolwright/sdk/testing';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 8 },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    note: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 2 },
    owner: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('generateCases', () => {
  const { valid, invalid, unmodelled } = generateCases(SCHEMA);
  const inputs = valid.map((c) => c.input);

  it('has the required fields alone, and every optional field present', () => {
    expect(inputs).toContainEqual({ name: 'value' });
    expect(inputs).toContainEqual({ name: 'value', mode: 'fast', count: 1, ratio: 0.5, note: 'value', tags: [], owner: { id: 0 } });
  });

  it('reaches each boundary, each enum value, the empty string where allowed and unicode counted in code points', () => {
    for (const input of [{ name: 'a' }, { name: 'aaaaaaaa' }, { name: 'aaaaaaa😀' }, { name: 'value', count: 5 }, { name: 'value', ratio: 1 }, { name: 'value', mode: 'slow' }, { name: 'value', note: '' }, { name: 'é✓日😀' }, { name: 'value', tags: ['aaa'] }, { name: 'value', tags: ['aaa', 'aaa'] }, { name: 'value', tags: [''] }]) {
      expect(inputs).toContainEqual(input);
    }
    expect(inputs).not.toContainEqual({ name: '' });
  });

  it('breaks one thing per invalid case and names its path', () => {
    const byPath = (path: string) => invalid.filter((c) => c.path === path).map((c) => c.input);
    expect(byPath('name')).toEqual(expect.arrayContaining([{}, { name: '' }, { name: 'aaaaaaaaa' }, { name: 42 }]));
    expect(byPath('count')).toEqual(expect.arrayContaining([{ name: 'value', count: 0 }, { name: 'value', count: 6 }, { name: 'value', count: 1.5 }]));
    expect(byPath('ratio')).toEqual(expect.arrayContaining([{ name: 'value', ratio: 0 }, { name: 'value', ratio: 1.5 }]));
    expect(byPath('mode')).toContainEqual({ name: 'value', mode: '__not_one_of_the_values__' });
    expect(byPath('tags')).toContainEqual({ name: 'value', tags: ['aaa', 'aaa', 'aaa'] });
    expect(byPath('tags[0]')).toContainEqual({ name: 'value', tags: ['aaaa'] });
    expect(byPath('owner.id')).toEqual(expect.arrayContaining([{ name: 'value', owner: {} }, { name: 'value', owner: { id: 0.5 } }]));
    expect(byPath('owner.__unknown_field__')).toEqual([{ name: 'value', owner: { id: 0, __unknown_field__: 1 } }]);
    expect(byPath('__unknown_field__')).toEqual([{ name: 'value', __unknown_field__: 1 }]);
    expect(unmodelled).toEqual([]);
  });

  it('lists constraints it does not model and keeps to the schema\'s examples there', () => {
    const cases = generateCases({ type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]+$', examples: ['42'] }, code: { type: 'string', pattern: '^x' } }, required: ['id'] });
    expect(cases.unmodelled.sort()).toEqual(['code', 'id']);
    expect(cases.valid.map((c) => c.input)).toEqual([{ id: '42' }]);
    expect(cases.invalid.map((c) => [c.path, c.input])).toEqual([['id', {}], ['id', { id: 42 }], ['code', { id: '42', code: 42 }]]);
  });

  it('follows local $refs, stopping recursion', () => {
    const cases = generateCases({ type: 'object', properties: { root: { $ref: '#/$defs/node' } }, required: ['root'], $defs: { node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/node' } }, required: ['name'] } } });
    expect(cases.valid.map((c) => c.input)).toContainEqual({ root: { name: 'value', child: { name: 'value' } } });
    expect(cases.invalid.map((c) => c.path)).toContain('root.child.name');
  });
});
