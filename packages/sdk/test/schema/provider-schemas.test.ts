import { describe, expect, it } from '@jest/globals';
import { jsonSchemaOf } from '@toolwright/sdk';
import { toGeminiSchema } from '../../src/schema/gemini-schema.js';
import { toStrictSchema } from '../../src/schema/strict-schema.js';
import { ArrayOfNestedAction, EnumAction, OptionalNullableAction, WireAction } from '../fixtures/schema-fixtures.js';

describe('toGeminiSchema', () => {
  it('turns type lists with null into nullable and drops additionalProperties everywhere', () => {
    const schema = toGeminiSchema(jsonSchemaOf(OptionalNullableAction))!;
    expect(schema.additionalProperties).toBeUndefined();
    expect(schema.properties?.parent).toEqual({ type: 'string', nullable: true });
    expect(schema.properties?.address).toMatchObject({ type: 'object', nullable: true });
    expect(schema.properties?.address?.additionalProperties).toBeUndefined();
    expect(JSON.stringify(schema)).not.toContain('additionalProperties');
  });

  it('keeps string enums and moves other enums into the description', () => {
    const schema = toGeminiSchema(jsonSchemaOf(EnumAction))!;
    expect(schema.properties?.color).toEqual({ type: 'string', enum: ['red', 'green'] });
    expect(schema.properties?.level).toEqual({ type: 'integer', description: 'Allowed values: 1, 2.' });
  });

  it('drops keywords outside the OpenAPI subset', () => {
    const schema = toGeminiSchema(jsonSchemaOf(WireAction))!;
    expect(schema.properties?.is_input).toEqual({ type: 'boolean', description: 'Send as input', title: 'Input?' });
    expect(toGeminiSchema(jsonSchemaOf(ArrayOfNestedAction))!.properties?.tags).toMatchObject({ minItems: 1, maxItems: 5, type: 'array' });
  });
});

describe('toStrictSchema', () => {
  it('closes nested objects and requires every property, making optional ones nullable', () => {
    const schema = toStrictSchema(jsonSchemaOf(ArrayOfNestedAction));
    const tag = schema.properties?.tags?.items;
    expect(tag?.required).toEqual(['name', 'weight']);
    expect(tag?.additionalProperties).toBe(false);
    expect(tag?.properties?.weight?.type).toEqual(['integer', 'null']);
    expect(tag?.properties?.name?.minLength).toBeUndefined();
  });

  it('does not change the cached schema', () => {
    toStrictSchema(jsonSchemaOf(OptionalNullableAction));
    expect(jsonSchemaOf(OptionalNullableAction).required).toEqual(['parent']);
  });
});
