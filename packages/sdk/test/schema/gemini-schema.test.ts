import { describe, expect, it } from '@jest/globals';
import { toGeminiSchema } from '../../src/schema/gemini-schema.js';
import type { JsonSchema } from '@toolwright/sdk';
import type { SchemaProblem } from '../../src/schema/schema-problem.js';
import { AWKWARD_MCP_TOOLS } from '../fixtures/awkward-mcp-schemas.js';
import { inlineSchemaRefs } from '../../src/mcp/inline-schema-refs.js';

function geminiOf(name: string): { schema: JsonSchema | undefined; problems: SchemaProblem[] } {
  const tool = AWKWARD_MCP_TOOLS.find((t) => t.name === name)!;
  const problems: SchemaProblem[] = [];
  return { schema: toGeminiSchema(inlineSchemaRefs(tool.inputSchema as JsonSchema), problems), problems };
}

describe('toGeminiSchema (OpenAPI subset)', () => {
  it('gives no parameters for a tool without arguments', () => {
    expect(geminiOf('no_arguments')).toEqual({ schema: undefined, problems: [] });
  });

  it('types mixed and typeless enums: string values as an enum, others in words', () => {
    expect(geminiOf('mixed_and_typeless_enums').schema?.properties).toEqual({
      mode: { anyOf: [{ type: 'integer', description: 'Allowed values: 1.' }, { type: 'string', enum: ['two'] }] },
      level: { type: 'string', nullable: true, enum: ['low', 'high'] },
      answer: { type: 'integer', description: 'Allowed values: 42.' },
    });
  });

  it('gives untyped items and type lists a type, and keeps OpenAPI nullable', () => {
    expect(geminiOf('untyped_items_and_type_lists').schema?.properties).toEqual({
      values: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } },
      value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      maybe: { type: 'string', nullable: true },
    });
  });

  it('turns tuples into arrays with items', () => {
    expect(geminiOf('tuple_draft_07').schema?.properties?.pair).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      maxItems: 2,
      description: 'Items in order: 1. a string; 2. a integer.',
    });
  });

  it('merges allOf and turns oneOf into anyOf', () => {
    expect(geminiOf('pydantic_v1_all_of').schema?.properties?.config).toEqual({
      type: 'object',
      description: 'How to run',
      title: 'Config',
      properties: { depth: { type: 'integer', minimum: 1 }, mode: { type: 'string', enum: ['fast', 'safe'] } },
      required: ['mode'],
    });
    expect(geminiOf('one_of_discriminated').schema?.properties?.id).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
  });

  it('leaves out free-form objects, records and recursion, and says where', () => {
    const free = geminiOf('record_and_free_form');
    expect(Object.keys(free.schema?.properties ?? {})).toEqual(['query', 'meta']);
    expect(free.problems.map((p) => p.path)).toEqual(['#/properties/labels', '#/properties/options']);
    const tree = geminiOf('recursive_tree');
    // The recursion unrolls once (the first level is inlined, then $defs/Node once more), then stops.
    expect(tree.schema?.properties?.root?.properties?.children?.items?.properties).toEqual({ name: { type: 'string' } });
    expect(tree.problems).toEqual([
      { path: '#/properties/root/properties/children/items/properties/children/items', message: "refers back to '#/$defs/Node' (recursion); Gemini schemas cannot, so it is left out." },
      { path: '#/properties/root/properties/children/items/properties/children', message: 'is an array of values Gemini cannot describe; left out.' },
    ]);
  });

  it('keeps only the formats Gemini accepts for each type', () => {
    expect(geminiOf('formats').schema?.properties).toEqual({
      url: { type: 'string', description: 'Format: uri.' },
      when: { type: 'string', format: 'date-time' },
      id: { type: 'string', description: 'Format: uuid.' },
      host: { type: 'string', description: 'Format: hostname.' },
      size: { type: 'number', format: 'double' },
    });
  });
});

describe('toGeminiSchema parameter names', () => {
  const message = 'is a parameter name Gemini does not allow (a letter or underscore, then letters, digits or underscores, at most 64); left out.';

  it('leaves out an optional parameter whose name Gemini does not allow (Gemini would refuse the request), and says so', () => {
    const problems: SchemaProblem[] = [];
    const undescribed: string[] = [];
    const schema = toGeminiSchema({ type: 'object', properties: { 'file-path': { type: 'string' }, ok_name: { type: 'string' } }, required: ['ok_name'] }, problems, undescribed);
    expect(schema).toEqual({ type: 'object', properties: { ok_name: { type: 'string' } }, required: ['ok_name'] });
    expect(problems).toEqual([{ path: '#/properties/file-path', message }]);
    expect(undescribed).toEqual([]);
  });

  it('counts a required one as a value every call must carry', () => {
    const problems: SchemaProblem[] = [];
    const undescribed: string[] = [];
    toGeminiSchema({ type: 'object', properties: { año_vehiculo: { type: 'integer' }, marca: { type: 'string' } }, required: ['año_vehiculo'] }, problems, undescribed);
    expect(problems).toEqual([{ path: '#/properties/año_vehiculo', message }]);
    expect(undescribed).toEqual(['#/properties/año_vehiculo']);
  });
});

describe('toGeminiSchema: values every call must carry', () => {
  const undescribedOf = (schema: JsonSchema): string[] => {
    const undescribed: string[] = [];
    toGeminiSchema(schema, [], undescribed);
    return undescribed;
  };
  const freeForm: JsonSchema = { type: 'object', description: 'Anything.' };

  it('names a required argument Gemini cannot describe (a free-form object, a record, a recursive reference)', () => {
    expect(undescribedOf({ type: 'object', properties: { q: { type: 'string' }, options: freeForm }, required: ['q', 'options'] })).toEqual(['#/properties/options']);
    expect(undescribedOf({ type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['labels'] })).toEqual(['#/properties/labels']);
    expect(
      undescribedOf({
        type: 'object',
        properties: { tree: { $ref: '#/$defs/node' } },
        required: ['tree'],
        $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' }, minItems: 1 } }, required: ['kids'] } },
      }),
    ).toEqual(['#/properties/tree/properties/kids', '#/properties/tree']);
  });

  it('follows required fields of required objects and of the items of non-empty arrays', () => {
    const nested: JsonSchema = { type: 'object', properties: { config: { type: 'object', properties: { name: { type: 'string' }, extra: freeForm }, required: ['extra'] } }, required: ['config'] };
    expect(undescribedOf(nested)).toEqual(['#/properties/config/properties/extra']);
    const items: JsonSchema = { type: 'object', properties: { rows: { type: 'array', minItems: 1, items: { type: 'object', properties: { id: { type: 'string' }, data: freeForm }, required: ['data'] } } }, required: ['rows'] };
    expect(undescribedOf(items)).toEqual(['#/properties/rows/items/properties/data']);
  });

  it('does not count a value a call may leave out, set to null, or send in another anyOf branch', () => {
    expect(undescribedOf({ type: 'object', properties: { q: { type: 'string' }, options: freeForm }, required: ['q'] })).toEqual([]);
    expect(undescribedOf({ type: 'object', properties: { config: { type: 'object', properties: { name: { type: 'string' }, extra: freeForm }, required: ['extra'] } } })).toEqual([]);
    expect(undescribedOf({ type: 'object', properties: { config: { type: ['object', 'null'], properties: { name: { type: 'string' }, extra: freeForm }, required: ['extra'] } }, required: ['config'] })).toEqual([]);
    expect(undescribedOf({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, data: freeForm }, required: ['data'] } } }, required: ['rows'] })).toEqual([]);
    expect(undescribedOf({ type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' }, b: freeForm }, required: ['b'] }] } }, required: ['v'] })).toEqual([]);
  });
});

describe('toGeminiSchema defaults', () => {
  it('keeps default (Gemini Schema has the field) on the value, not on each anyOf or type branch', () => {
    const schema = toGeminiSchema({
      type: 'object',
      properties: { includeImage: { type: 'boolean', default: false }, limit: { type: ['integer', 'string'], default: 10 }, mode: { anyOf: [{ type: 'string' }, { type: 'number' }], default: 'fast' } },
    })!;
    expect(schema.properties).toEqual({
      includeImage: { type: 'boolean', default: false },
      limit: { anyOf: [{ type: 'integer' }, { type: 'string' }], default: 10 },
      mode: { anyOf: [{ type: 'string' }, { type: 'number' }], default: 'fast' },
    });
  });
});
