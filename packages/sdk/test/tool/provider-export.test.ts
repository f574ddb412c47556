import { describe, expect, it } from '@jest/globals';
import { echoTool, riskyTool } from '../fixtures/tool-fixtures.js';

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
