import { describe, expect, it } from '@jest/globals';
import { Action, jsonSchemaOf, ToolDefinition } from '@toolwright/sdk';
import type { ExportWarning, JsonSchema, OpenAITool } from '@toolwright/sdk';
import { ExportCache } from '../../src/tool/export-cache.js';
import { toGeminiTool, toMcpTool, toOpenAITool } from '../../src/tool/provider-export.js';
import { ArrayOfNestedAction, NestedAction, OptionalNullableAction, PlaceAction, Tag } from '../fixtures/schema-fixtures.js';
import { echoTool, riskyTool } from '../fixtures/tool-fixtures.js';

class EmptyAction extends Action {}

describe('provider export', () => {
  it('exports OpenAI chat, Responses and Anthropic formats', () => {
    const tool = echoTool();
    expect(tool.toOpenAITool()).toMatchInlineSnapshot(`
{
  "function": {
    "description": "Echoes text back.",
    "name": "echo",
    "parameters": {
      "additionalProperties": false,
      "properties": {
        "repeat_count": {
          "description": "Times to repeat",
          "minimum": 1,
          "type": "integer",
        },
        "text": {
          "description": "Text to echo back",
          "type": "string",
        },
      },
      "required": [
        "text",
      ],
      "type": "object",
    },
  },
  "type": "function",
}
`);
    expect(tool.toResponsesTool()).toMatchObject({ type: 'function', name: 'echo', description: 'Echoes text back.', strict: false });
    expect(tool.toAnthropicTool()).toEqual({ name: 'echo', description: 'Echoes text back.', input_schema: tool.inputSchema() });
  });

  it('makes OpenAI strict schemas: closed, all required, optional ones nullable', () => {
    expect(echoTool().toOpenAITool({ strict: true })).toMatchInlineSnapshot(`
{
  "function": {
    "description": "Echoes text back.",
    "name": "echo",
    "parameters": {
      "additionalProperties": false,
      "properties": {
        "repeat_count": {
          "description": "Times to repeat",
          "minimum": 1,
          "type": [
            "integer",
            "null",
          ],
        },
        "text": {
          "description": "Text to echo back",
          "type": "string",
        },
      },
      "required": [
        "text",
        "repeat_count",
      ],
      "type": "object",
    },
    "strict": true,
  },
  "type": "function",
}
`);
    expect(echoTool().toResponsesTool({ strict: true }).strict).toBe(true);
  });

  it('accepts the null a strict-mode model sends for an optional field', () => {
    const action = echoTool().actionFromArguments({ text: 'a', repeat_count: null });
    expect(action.repeatCount).toBeUndefined();
  });

  it('exports Gemini’s subset: no additionalProperties, nullable instead of type lists', () => {
    expect(riskyTool().toGeminiTool({ securityRisk: true })).toMatchInlineSnapshot(`
{
  "description": "Runs a command.",
  "name": "run",
  "parameters": {
    "properties": {
      "command": {
        "description": "Shell command",
        "type": "string",
      },
      "security_risk": {
        "description": "Your assessment of the risk of this action: LOW (read-only or trivially reversible), MEDIUM (changes that are easy to undo), HIGH (destructive, hard to undo, or affecting systems outside the workspace), UNKNOWN.",
        "enum": [
          "LOW",
          "MEDIUM",
          "HIGH",
          "UNKNOWN",
        ],
        "type": "string",
      },
      "summary": {
        "description": "Own summary field",
        "type": "string",
      },
    },
    "required": [
      "command",
    ],
    "type": "object",
  },
}
`);
  });

  it('injects security_risk and summary first, skips security_risk for read-only tools, keeps a declared field', () => {
    const risky = riskyTool().toOpenAITool({ securityRisk: true, summary: true }).function.parameters;
    expect(Object.keys(risky.properties ?? {})).toEqual(['security_risk', 'command', 'summary']);
    expect(risky.properties?.summary?.description).toBe('Own summary field');
    expect(risky.required).toEqual(['command']);
    const readOnly = echoTool().toAnthropicTool({ securityRisk: true, summary: true }).input_schema;
    expect(Object.keys(readOnly.properties ?? {})).toEqual(['summary', 'text', 'repeat_count']);
    const strict = riskyTool().toOpenAITool({ securityRisk: true, strict: true }).function.parameters;
    expect(strict.required).toEqual(['security_risk', 'command', 'summary']);
    expect(strict.properties?.security_risk?.enum).toEqual(['LOW', 'MEDIUM', 'HIGH', 'UNKNOWN', null]);
  });

  it('exports MCP with output schema, declared annotations, title and _meta', () => {
    expect(echoTool().toMcpTool()).toMatchInlineSnapshot(`
{
  "annotations": {
    "readOnlyHint": true,
  },
  "description": "Echoes text back.",
  "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "additionalProperties": false,
    "properties": {
      "repeat_count": {
        "description": "Times to repeat",
        "minimum": 1,
        "type": "integer",
      },
      "text": {
        "description": "Text to echo back",
        "type": "string",
      },
    },
    "required": [
      "text",
    ],
    "type": "object",
  },
  "name": "echo",
  "outputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "additionalProperties": false,
    "properties": {
      "echoed": {
        "description": "The echoed text",
        "type": "string",
      },
    },
    "required": [
      "echoed",
    ],
    "type": "object",
  },
}
`);
    expect(riskyTool().toMcpTool()).toMatchObject({
      title: 'Run a command',
      annotations: { destructiveHint: true, title: 'Run a command' },
      _meta: { owner: 'ops' },
    });
    expect(riskyTool().toMcpTool().outputSchema).toBeUndefined();
  });

  it('caches each export per options', () => {
    const tool = echoTool();
    expect(tool.toOpenAITool({ strict: true })).toBe(tool.toOpenAITool({ strict: true }));
    expect(tool.toOpenAITool({ strict: true })).not.toBe(tool.toOpenAITool());
    expect(tool.toMcpTool()).toBe(tool.toMcpTool());
  });
});

describe('export cache', () => {
  it('deep-freezes cached exports, so a caller cannot change what the next one gets', () => {
    const cache = new ExportCache();
    const tool = echoTool();
    const first = cache.get('openai', { strict: true }, (w) => toOpenAITool(tool, { strict: true }, w));
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.function.parameters.properties?.text)).toBe(true);
    expect(() => {
      (first.function as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(cache.get('openai', { strict: true }, () => ({ type: 'other' }))).toBe(first);
  });

  it('keeps strict: true and strict: auto apart and tells each onWarning callback once', () => {
    const cache = new ExportCache();
    const tool = new ToolDefinition({ name: 'place', description: 'A place.', actionType: PlaceAction });
    const heard: string[] = [];
    const onWarning = (w: ExportWarning): void => void heard.push(`${w.tool}/${w.format}: ${w.problems.map((p) => p.path).join(', ')}`);
    const build = (w: ExportWarning[]): OpenAITool => toOpenAITool(tool, { strict: 'auto' }, w);
    const auto = cache.get('openai', { strict: 'auto', onWarning }, build);
    cache.get('openai', { strict: 'auto', onWarning }, build);
    expect(auto.function.strict).toBe(false);
    expect(heard).toEqual(['place/openai: #/properties/point/properties/coords']);
    cache.get('openai', { strict: 'auto', onWarning: (w) => heard.push(`again: ${w.tool}`) }, build);
    expect(heard).toEqual(['place/openai: #/properties/point/properties/coords', 'again: place']);
    expect(() => cache.get('openai', { strict: true }, (w) => toOpenAITool(tool, { strict: true }, w))).toThrow(
      "Tool 'place' cannot be exported in OpenAI strict mode:\n- #/properties/point/properties/coords: is a record (any keys, values of one schema); strict mode only allows declared properties.",
    );
  });

  it('gives MCP descriptors frozen copies of schemas that came from outside', () => {
    const raw: JsonSchema = { type: 'object', properties: { q: { type: 'string' } } };
    const exported = toMcpTool({ ...echoTool(), name: 'raw', description: 'Raw.', annotations: echoTool().annotations, declaredAnnotations: {}, meta: {}, inputSchema: () => raw, modelInputSchema: () => raw, outputSchema: () => undefined });
    expect(exported.inputSchema).toEqual(raw);
    expect(Object.isFrozen(exported.inputSchema)).toBe(true);
    expect(Object.isFrozen(raw)).toBe(false);
  });
});

describe('Gemini export', () => {
  it('leaves parameters out for a tool without arguments', () => {
    const tool = new ToolDefinition({ name: 'now', description: 'The time.', actionType: EmptyAction, annotations: { readOnlyHint: true } });
    expect(toGeminiTool(tool)).toEqual({ name: 'now', description: 'The time.' });
  });
});

describe('MCP view of a native tool (JSON Schema 2020-12)', () => {
  it('advertises $schema and $defs for nested classes, each class once, while provider exports inline', () => {
    const tool = new ToolDefinition({ name: 'tags', description: 'Tags.', actionType: ArrayOfNestedAction });
    expect(tool.toMcpTool().inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        tags: { type: 'array', description: 'Tags', items: { $ref: '#/$defs/Tag' }, minItems: 1, maxItems: 5 },
        labels: { type: 'array', description: 'Labels', items: { type: 'string' } },
      },
      required: ['tags', 'labels'],
      additionalProperties: false,
      $defs: {
        Tag: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Tag name', minLength: 1 }, weight: { type: 'integer', minimum: 0 } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    });
    expect(tool.toAnthropicTool().input_schema.properties?.tags?.items).toEqual(jsonSchemaOf(Tag));
  });

  it('keeps what the field adds to a nested class beside the $ref: null, description', () => {
    const tool = new ToolDefinition({ name: 'opt', description: 'Optional nested.', actionType: OptionalNullableAction });
    expect(tool.toMcpTool().inputSchema.properties?.address).toEqual({ anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] });
    const nested = new ToolDefinition({ name: 'nested', description: 'Nested.', actionType: NestedAction });
    expect(nested.toMcpTool().inputSchema.properties?.address).toEqual({ $ref: '#/$defs/Address', description: 'Where' });
  });
});
