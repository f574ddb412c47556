import { describe, expect, it } from '@jest/globals';
import { ErrorCode, jsonSchemaOf } from '@toolwright/sdk';
import { thrownBy } from '../fixtures/catch-error.js';
import {
  ArrayOfNestedAction,
  BoundsAction,
  CaseAction,
  ChildAction,
  EnumAction,
  FlatAction,
  ListAction,
  NestedAction,
  Node,
  OptionalNullableAction,
  PatternAction,
  Point,
  TwiceAction,
  VagueAction,
  WireAction,
} from '../fixtures/schema-fixtures.js';

describe('jsonSchemaOf', () => {
  it('describes flat scalar fields, all required, closed', () => {
    expect(jsonSchemaOf(FlatAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "count": {
      "description": "How many",
      "type": "integer",
    },
    "exact": {
      "type": "boolean",
    },
    "query": {
      "description": "Search text",
      "type": "string",
    },
    "ratio": {
      "type": "number",
    },
  },
  "required": [
    "query",
    "count",
    "ratio",
    "exact",
  ],
  "type": "object",
}
`);
  });

  it('inlines nested classes (no $ref)', () => {
    expect(jsonSchemaOf(NestedAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "address": {
      "additionalProperties": false,
      "description": "Where",
      "properties": {
        "city": {
          "type": "string",
        },
        "zip": {
          "type": "string",
        },
      },
      "required": [
        "city",
      ],
      "type": "object",
    },
  },
  "required": [
    "address",
  ],
  "type": "object",
}
`);
  });

  it('describes arrays of classes and of strings with their bounds', () => {
    expect(jsonSchemaOf(ArrayOfNestedAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "labels": {
      "description": "Labels",
      "items": {
        "type": "string",
      },
      "type": "array",
    },
    "tags": {
      "description": "Tags",
      "items": {
        "additionalProperties": false,
        "properties": {
          "name": {
            "description": "Tag name",
            "minLength": 1,
            "type": "string",
          },
          "weight": {
            "minimum": 0,
            "type": "integer",
          },
        },
        "required": [
          "name",
        ],
        "type": "object",
      },
      "maxItems": 5,
      "minItems": 1,
      "type": "array",
    },
  },
  "required": [
    "tags",
    "labels",
  ],
  "type": "object",
}
`);
  });

  it('turns TS enums and @IsIn into enums with the right type', () => {
    expect(jsonSchemaOf(EnumAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "color": {
      "enum": [
        "red",
        "green",
      ],
      "type": "string",
    },
    "level": {
      "enum": [
        1,
        2,
      ],
      "type": "integer",
    },
    "order": {
      "enum": [
        "asc",
        "desc",
      ],
      "type": "string",
    },
  },
  "required": [
    "color",
    "level",
    "order",
  ],
  "type": "object",
}
`);
  });

  it('leaves optional fields out of required and lets nullable ones be null', () => {
    expect(jsonSchemaOf(OptionalNullableAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "address": {
      "additionalProperties": false,
      "properties": {
        "city": {
          "type": "string",
        },
        "zip": {
          "type": "string",
        },
      },
      "required": [
        "city",
      ],
      "type": [
        "object",
        "null",
      ],
    },
    "limit": {
      "default": 10,
      "type": "integer",
    },
    "note": {
      "type": "string",
    },
    "parent": {
      "type": [
        "string",
        "null",
      ],
    },
  },
  "required": [
    "parent",
  ],
  "type": "object",
}
`);
  });

  it('maps bounds, lengths, patterns and formats', () => {
    expect(jsonSchemaOf(BoundsAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "code": {
      "maxLength": 8,
      "minLength": 2,
      "type": "string",
    },
    "page": {
      "maximum": 100,
      "minimum": 1,
      "type": "integer",
    },
    "score": {
      "maximum": 1.5,
      "minimum": -1.5,
      "type": "number",
    },
  },
  "required": [
    "page",
    "code",
    "score",
  ],
  "type": "object",
}
`);
    expect(jsonSchemaOf(PatternAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "email": {
      "description": "Must be an email address.",
      "format": "email",
      "type": "string",
    },
    "version": {
      "description": "Semantic version",
      "pattern": "^\\d+\\.\\d+\\.\\d+$",
      "type": "string",
    },
  },
  "required": [
    "version",
  ],
  "type": "object",
}
`);
  });

  it('uses the wire name, title, examples, default and deprecated of @Field', () => {
    expect(jsonSchemaOf(WireAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "is_input": {
      "deprecated": true,
      "description": "Send as input",
      "examples": [
        true,
      ],
      "title": "Input?",
      "type": "boolean",
    },
    "timeout": {
      "default": 30,
      "description": "Seconds",
      "type": "number",
    },
  },
  "type": "object",
}
`);
  });

  it('includes inherited fields, a subclass overriding its parent', () => {
    const schema = jsonSchemaOf(ChildAction);
    expect(Object.keys(schema.properties ?? {})).toEqual(['path', 'mode']);
    expect(schema.required).toEqual(['path', 'mode']);
  });

  it('takes the class description from @Description and an explicit schema for open types', () => {
    expect(jsonSchemaOf(Point)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "description": "A point on the map",
  "properties": {
    "coords": {
      "additionalProperties": {
        "type": "number",
      },
      "description": "Free-form coordinates",
      "type": "object",
    },
  },
  "required": [
    "coords",
  ],
  "type": "object",
}
`);
  });

  it('caches the schema per class and freezes it', () => {
    expect(jsonSchemaOf(FlatAction)).toBe(jsonSchemaOf(FlatAction));
    expect(Object.isFrozen(jsonSchemaOf(FlatAction).properties)).toBe(true);
  });

  it('fails at definition naming the class and property when a type cannot be determined', () => {
    const error = thrownBy(() => jsonSchemaOf(VagueAction));
    expect(error.code).toBe(ErrorCode.INVALID_DEFINITION);
    expect(error.message).toBe(
      'Invalid declaration VagueAction.payload: cannot determine its type. Give it a concrete TypeScript type, a class-validator type rule (@IsString…), or @Field({ schema }).',
    );
  });

  it('fails for an array whose element type is unknown', () => {
    expect(thrownBy(() => jsonSchemaOf(ListAction)).message).toContain('ListAction.items: cannot determine the array element type');
  });

  it('fails for recursive classes, duplicate wire names and regex flags JSON Schema lacks', () => {
    expect(thrownBy(() => jsonSchemaOf(Node)).message).toContain('refers to itself');

    expect(thrownBy(() => jsonSchemaOf(TwiceAction)).message).toBe("Invalid declaration TwiceAction.b: wire name 'x' is used twice.");

    expect(thrownBy(() => jsonSchemaOf(CaseAction)).message).toContain("@Matches flags 'i' cannot be expressed in JSON Schema");
  });
});
