import { afterEach, describe, expect, it } from '@jest/globals';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Action, Agent, codecOf, ConversationState, Field, jsonSchemaOf, Observation, ToolDefinition, ToolRegistry } from '@toolwright/sdk';

class Inner {
  @Field({ description: 'A label' }) @IsString() label = 'inner';
}

/** Every way a property initializer can (or cannot) be a default. */
class RepeatAction extends Action {
  @Field({ description: 'The text to repeat' }) @IsString() text!: string;
  @Field({ description: 'How many times' }) @IsInt() @Min(1) times: number = 1;
  @Field({ description: 'Joined with' }) @IsIn([' ', ',', '\n']) separator = ' ';
  @Field({ description: 'Tags', type: () => String }) @IsString({ each: true }) tags: string[] = [];
  @Field({ description: 'Explicit default wins', default: 2 }) @IsInt() both = 5;
  @Field({ description: 'Required all the same' }) @IsDefined() @IsInt() forced = 3;
  @Field({ description: 'Optional without initializer' }) @IsOptional() @IsString() note?: string;
  @Field({ description: 'A class instance is no JSON default' }) @ValidateNested() @Type(() => Inner) inner: Inner = new Inner();
}

describe('a property initializer is a default', () => {
  it('makes the field optional with `default` in the JSON Schema (not for class instances, not over @Field default or @IsDefined)', () => {
    expect(jsonSchemaOf(RepeatAction)).toMatchInlineSnapshot(`
{
  "additionalProperties": false,
  "properties": {
    "both": {
      "default": 2,
      "description": "Explicit default wins",
      "type": "integer",
    },
    "forced": {
      "description": "Required all the same",
      "type": "integer",
    },
    "inner": {
      "additionalProperties": false,
      "description": "A class instance is no JSON default",
      "properties": {
        "label": {
          "default": "inner",
          "description": "A label",
          "type": "string",
        },
      },
      "type": "object",
    },
    "note": {
      "description": "Optional without initializer",
      "type": "string",
    },
    "separator": {
      "default": " ",
      "description": "Joined with",
      "enum": [
        " ",
        ",",
        "
",
      ],
      "type": "string",
    },
    "tags": {
      "default": [],
      "description": "Tags",
      "items": {
        "type": "string",
      },
      "type": "array",
    },
    "text": {
      "description": "The text to repeat",
      "type": "string",
    },
    "times": {
      "default": 1,
      "description": "How many times",
      "minimum": 1,
      "type": "integer",
    },
  },
  "required": [
    "text",
    "forced",
    "inner",
  ],
  "type": "object",
}
`);
  });

  it('applies the default when the field is absent', () => {
    const result = codecOf(RepeatAction).parse({ text: 'hi', forced: 0, inner: {} });
    expect(result.ok).toBe(true);
    const action = (result as { value: RepeatAction }).value;
    expect(action).toBeInstanceOf(RepeatAction);
    expect([action.times, action.separator, action.tags, action.both, action.inner.label]).toEqual([1, ' ', [], 2, 'inner']);
    // Defaults are copied: two instances never share one array.
    const other = (codecOf(RepeatAction).parse({ text: 'x', forced: 0, inner: {} }) as { value: RepeatAction }).value;
    expect(other.tags).not.toBe(action.tags);
  });

  it('keeps an explicit value, and validates it like any other', () => {
    const result = codecOf(RepeatAction).parse({ text: 'hi', times: 3, separator: ',', tags: ['a'], both: 7, forced: 4, inner: { label: 'x' } });
    expect(result.ok && [result.value.times, result.value.separator, result.value.tags, result.value.both, result.value.forced]).toEqual([3, ',', ['a'], 7, 4]);
    const bad = codecOf(RepeatAction).parse({ text: 'hi', times: 0, forced: 1, inner: {} });
    expect(bad.ok ? [] : bad.issues.map((i) => i.message)).toEqual(['times: expected a number >= 1, got 0']);
  });

  it('still requires a field marked @IsDefined, and a nested class instance', () => {
    const result = codecOf(RepeatAction).parse({ text: 'hi' });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual(['forced: expected integer, got nothing (required field missing)', 'inner: expected object, got nothing (required field missing)']);
  });

  it('is read for a tool: the model may leave `times` out', async () => {
    class EchoAction extends Action {
      @Field({ description: 'Text' }) @IsString() text!: string;
      @Field({ description: 'Repeat count' }) @IsInt() times: number = 1;
    }
    const echo = new ToolDefinition({
      name: 'echo',
      description: 'Echoes.',
      actionType: EchoAction,
      executor: { execute: (a) => Observation.fromText(Array(a.times).fill(a.text).join(' ')) },
    });
    expect(echo.inputSchema().required).toEqual(['text']);
    expect((await echo.call(echo.actionFromArguments({ text: 'yo' }))).text).toBe('yo');
    expect((await echo.call(echo.actionFromArguments({ text: 'yo', times: 2 }))).text).toBe('yo yo');
  });
});

describe('Params defaults through the registry', () => {
  class EchoParams {
    @Field({ description: 'Prefix of every answer' }) @IsString() prefix = '>';
    @Field({ description: 'Repeat count' }) @IsInt() @Min(1) times: number = 1;
  }
  class SayAction extends Action {
    @Field({ description: 'Text' }) @IsString() text!: string;
  }
  const registry = new ToolRegistry();
  registry.register(
    'echo',
    (_state: ConversationState, params: EchoParams) =>
      new ToolDefinition({
        name: 'echo',
        description: 'Echoes with a prefix.',
        actionType: SayAction,
        executor: { execute: (a) => Observation.fromText(`${params.prefix} ${Array(params.times).fill(a.text).join(' ')}`) },
      }),
    { params: EchoParams },
  );

  const agents: Agent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.close()));
  });
  async function echoWith(spec: { name: string; params?: Record<string, unknown> }): Promise<string> {
    const agent = new Agent({ tools: [spec], registry });
    agents.push(agent);
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    return (await agent.executeToolCall({ id: '1', name: 'echo', arguments: { text: 'hi' } })).observation.text;
  }

  it("takes `tools: [{ name: 'echo' }]` with no params: the initializers are the params' defaults", async () => {
    expect(await echoWith({ name: 'echo' })).toBe('> hi');
  });

  it('takes the given params over the defaults, and checks them', async () => {
    expect(await echoWith({ name: 'echo', params: { times: 2 } })).toBe('> hi hi');
    await expect(echoWith({ name: 'echo', params: { times: 0 } })).rejects.toThrow("Invalid params for tool 'echo':\n- params.times: expected a number >= 1, got 0");
  });
});

describe('initializers that are not defaults', () => {
  it('none when the constructor throws or declares parameters: the fields stay required, and nothing crashes', () => {
    class Fussy {
      @Field({ description: 'n' }) @IsInt() n = 1;
      constructor() {
        if (!Fussy.allowed) throw new Error('not now');
      }
      static allowed = false;
    }
    class NeedsArgs {
      @Field({ description: 'n' }) @IsInt() n: number = 1;
      constructor(readonly seed: number) {}
    }
    expect(jsonSchemaOf(Fussy).required).toEqual(['n']);
    expect(jsonSchemaOf(NeedsArgs).required).toEqual(['n']);
  });

  it("none in an Observation: its initializers are where the tool starts, so its output schema keeps them required", () => {
    class CountObservation extends Observation {
      @Field({ description: 'How many' }) @IsInt() count = 0;
    }
    expect(jsonSchemaOf(CountObservation)).toEqual({
      type: 'object',
      properties: { count: { type: 'integer', description: 'How many' } },
      required: ['count'],
      additionalProperties: false,
    });
  });
});
