import { describe, expect, it } from '@jest/globals';
import { createAjv } from '@toolwright/sdk';
import type { JsonSchema } from '@toolwright/sdk';
import { inlineSchemaRefs } from '@toolwright/sdk/mcp';

describe('inlineSchemaRefs', () => {
  it('inlines $defs and draft-07 definitions and drops $schema', () => {
    const schema: JsonSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { Id: { type: 'string', minLength: 3 } },
      properties: { id: { $ref: '#/definitions/Id' }, ids: { type: 'array', items: { $ref: '#/definitions/Id' } } },
    };
    expect(inlineSchemaRefs(schema)).toEqual({
      type: 'object',
      properties: { id: { type: 'string', minLength: 3 }, ids: { type: 'array', items: { type: 'string', minLength: 3 } } },
    });
    expect(schema.definitions).toBeDefined();
  });

  it('lets annotation siblings override, and keeps validating siblings with allOf', () => {
    const schema: JsonSchema = {
      type: 'object',
      $defs: { N: { type: 'number', description: 'a number' } },
      properties: { a: { $ref: '#/$defs/N', description: 'the a' }, b: { $ref: '#/$defs/N', minimum: 3 } },
    };
    expect(inlineSchemaRefs(schema).properties).toEqual({
      a: { type: 'number', description: 'the a' },
      b: { minimum: 3, allOf: [{ type: 'number', description: 'a number' }] },
    });
  });

  it('keeps recursive definitions as $refs into a minimal $defs, which ajv accepts', () => {
    const schema: JsonSchema = {
      type: 'object',
      $defs: {
        Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['name'] },
        Unused: { type: 'string' },
      },
      properties: { root: { $ref: '#/$defs/Node' } },
    };
    const out = inlineSchemaRefs(schema);
    expect(Object.keys(out.$defs as object)).toEqual(['Node']);
    const validate = createAjv().compile(out);
    expect(validate({ root: { name: 'a', children: [{ name: 'b', children: [] }] } })).toBe(true);
    expect(validate({ root: { name: 'a', children: [{ children: [] }] } })).toBe(false);
  });

  it('leaves property names that look like keywords alone', () => {
    const schema: JsonSchema = { type: 'object', $defs: { S: { type: 'string' } }, properties: { default: { $ref: '#/$defs/S' }, enum: { type: 'number' } } };
    expect(inlineSchemaRefs(schema).properties).toEqual({ default: { type: 'string' }, enum: { type: 'number' } });
  });
});
