import { describe, expect, it } from '@jest/globals';
import { toStrictSchema } from '../../src/schema/strict-schema.js';
import type { JsonSchema } from '@toolwright/sdk';
import type { SchemaProblem } from '../../src/schema/schema-problem.js';
import { AWKWARD_MCP_TOOLS } from '../fixtures/awkward-mcp-schemas.js';
import { inlineSchemaRefs } from '../../src/mcp/inline-schema-refs.js';

function strictOf(name: string): { schema: JsonSchema; problems: SchemaProblem[] } {
  const tool = AWKWARD_MCP_TOOLS.find((t) => t.name === name)!;
  const problems: SchemaProblem[] = [];
  const schema = toStrictSchema(inlineSchemaRefs(tool.inputSchema as JsonSchema), problems);
  return { schema, problems };
}

describe('toStrictSchema', () => {
  it('transforms recursive $defs like the rest: closed, all required, optional nullable', () => {
    const { schema, problems } = strictOf('recursive_tree');
    expect(problems).toEqual([]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        root: {
          description: 'The tree',
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: ['array', 'null'], items: { $ref: '#/$defs/Node' } } },
          required: ['name', 'children'],
          additionalProperties: false,
        },
      },
      required: ['root'],
      additionalProperties: false,
      $defs: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: ['array', 'null'], items: { $ref: '#/$defs/Node' } } },
          required: ['name', 'children'],
          additionalProperties: false,
        },
      },
    });
  });

  it('merges pydantic v1 allOf: [$ref] with its siblings, keeping the sibling description', () => {
    const { schema, problems } = strictOf('pydantic_v1_all_of');
    expect(problems).toEqual([]);
    expect(schema.properties?.config).toEqual({
      description: 'How to run',
      type: 'object',
      properties: { depth: { type: ['integer', 'null'], minimum: 1 }, mode: { type: 'string', enum: ['fast', 'safe'] } },
      required: ['depth', 'mode'],
      additionalProperties: false,
    });
  });

  it('turns oneOf into anyOf only when the branches exclude each other', () => {
    const exclusive = strictOf('one_of_discriminated');
    expect(exclusive.problems).toEqual([]);
    expect(exclusive.schema.properties?.id).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] });
    expect(exclusive.schema.properties?.shape?.anyOf?.[0]?.properties?.kind).toEqual({ type: 'string', enum: ['circle'] });
    expect(strictOf('one_of_overlapping').problems).toEqual([
      { path: '#/properties/target/oneOf', message: 'oneOf branches can match the same value, so it cannot become anyOf without accepting values oneOf rejects.' },
    ]);
  });

  it('turns tuples into arrays and says the positions in the description', () => {
    const { schema, problems } = strictOf('tuple_2020_12');
    expect(problems).toEqual([]);
    expect(schema.properties?.point).toEqual({
      type: 'array',
      items: { type: 'number' },
      maxItems: 2,
      description: 'Items in order: 1. x; 2. y.',
    });
  });

  it('keeps supported formats and moves the others, lengths and uniqueness into the description', () => {
    expect(strictOf('formats').schema.properties).toEqual({
      url: { type: 'string', description: 'Format: uri.' },
      when: { type: ['string', 'null'], format: 'date-time' },
      id: { type: ['string', 'null'], format: 'uuid' },
      host: { type: ['string', 'null'], format: 'hostname' },
      size: { type: ['number', 'null'], description: 'Format: double.' },
    });
    const addresses = strictOf('defs_with_described_refs').schema.properties?.addresses;
    expect(addresses?.description).toBe('Items must be unique.');
    expect(addresses?.items?.properties?.street).toEqual({ type: 'string', description: 'At least 1 character.' });
  });

  it('closes the root of a tool without arguments', () => {
    expect(strictOf('no_arguments')).toEqual({ schema: { type: 'object', properties: {}, required: [], additionalProperties: false }, problems: [] });
  });

  it('names each place it cannot express', () => {
    expect(strictOf('conditional').problems.map((p) => p.path)).toEqual(['#/if', '#/then', '#/properties/a/not']);
    expect(strictOf('untyped_items_and_type_lists').problems).toEqual([
      { path: '#/properties/values/items', message: 'has no type (accepts any JSON value); strict mode needs one.' },
    ]);
  });

  it('enforces the documented size limits', () => {
    const properties = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const problems: SchemaProblem[] = [];
    toStrictSchema({ type: 'object', properties } as JsonSchema, problems);
    expect(problems).toEqual([{ path: '#', message: 'has 5001 object properties; strict mode allows 5000.' }]);
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i < 11; i++) deep = { type: 'object', properties: { x: deep }, required: ['x'] };
    const deepProblems: SchemaProblem[] = [];
    toStrictSchema(deep, deepProblems);
    expect(deepProblems).toEqual([{ path: '#', message: 'nests objects 11 levels deep; strict mode allows 10.' }]);
  });
});

describe('toStrictSchema type lists', () => {
  it('spells a value of several types as anyOf, one branch per type, null last', () => {
    const problems: SchemaProblem[] = [];
    const schema = toStrictSchema({ type: 'object', properties: { v: { type: ['string', 'integer'], minimum: 1, pattern: '^a' } } } as JsonSchema, problems);
    expect(problems).toEqual([]);
    expect(schema.properties?.v).toEqual({ anyOf: [{ type: 'string', pattern: '^a' }, { type: 'integer', minimum: 1 }, { type: 'null' }] });
  });
});

describe('toStrictSchema defaults', () => {
  it('moves default into the description (strict mode has no default), like server-everything includeImage', () => {
    const schema = toStrictSchema({
      type: 'object',
      properties: {
        messageType: { type: 'string', enum: ['error', 'success', 'debug'], description: 'Type of message to demonstrate different annotation patterns' },
        includeImage: { type: 'boolean', default: false, description: 'Whether to include an example image' },
      },
      required: ['messageType'],
    });
    expect(schema.properties?.includeImage).toEqual({ type: ['boolean', 'null'], description: 'Whether to include an example image. Default: false.' });
    expect(JSON.stringify(schema)).not.toContain('"default"');
  });

  it('says the default of nested properties, array items, anyOf and type-list values, after the other hints', () => {
    const problems: SchemaProblem[] = [];
    const schema = toStrictSchema(
      {
        type: 'object',
        properties: {
          options: {
            type: 'object',
            properties: { depth: { type: 'integer', default: 2 }, name: { type: 'string', minLength: 1, default: 'main' } },
            default: { depth: 2 },
          },
          tags: { type: 'array', items: { type: 'string', default: 'x' }, default: [] },
          value: { anyOf: [{ type: 'string' }, { type: 'number' }], default: 'a' },
          either: { type: ['string', 'integer'], default: 3 },
        },
        required: ['options', 'tags', 'value', 'either'],
      },
      problems,
    );
    expect(problems).toEqual([]);
    const p = schema.properties!;
    expect(p.options!.description).toBe('Default: {"depth":2}.');
    expect(p.options!.properties!.depth!.description).toBe('Default: 2.');
    expect(p.options!.properties!.name!.description).toBe('At least 1 character. Default: "main".');
    expect(p.tags).toMatchObject({ description: 'Default: [].', items: { type: 'string', description: 'Default: "x".' } });
    expect(p.value).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }], description: 'Default: "a".' });
    expect(p.either).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'Default: 3.' });
    expect(JSON.stringify(schema)).not.toContain('"default"');
  });
});
