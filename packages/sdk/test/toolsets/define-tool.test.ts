import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  Agent,
  ConversationState,
  Observation,
  SchemaTool,
  StructuredObservation,
  ToolwrightError,
  defineTool,
  textContent,
} from '@toolwright/sdk';
import type { JsonSchema, StandardSchemaV1, ToolChunk, ValidationIssue } from '@toolwright/sdk';

/** A hand-written Standard Schema (no library): `{ n: integer }`, giving `n * 2`; async when asked. */
function doubler(options: { async?: boolean; jsonSchema?: boolean } = {}): StandardSchemaV1<{ n: number }, { doubled: number }> {
  const validate = (value: unknown): StandardSchemaV1.Result<{ doubled: number }> => {
    const n = (value as { n?: unknown }).n;
    if (typeof n !== 'number' || !Number.isInteger(n)) return { issues: [{ message: 'Expected an integer', path: [{ key: 'n' }] }] };
    return { value: { doubled: n * 2 } };
  };
  const props = {
    version: 1 as const,
    vendor: 'handmade',
    validate: options.async ? (value: unknown) => Promise.resolve(validate(value)) : validate,
    ...(options.jsonSchema
      ? { jsonSchema: { input: () => ({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }), output: () => ({ type: 'object' }) } }
      : {}),
  };
  return { '~standard': props };
}

function issuesOf(fn: () => unknown): ValidationIssue[] {
  try {
    fn();
  } catch (error) {
    if (ToolwrightError.isInstance(error) && error.code === 'INVALID_ARGUMENTS') return error.details.issues as ValidationIssue[];
    throw error;
  }
  throw new Error('expected INVALID_ARGUMENTS');
}

function definitionError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (ToolwrightError.isInstance(error) && error.code === 'INVALID_DEFINITION') return error.message;
    throw error;
  }
  throw new Error('expected INVALID_DEFINITION');
}

async function callAgent(tool: SchemaTool<never> | SchemaTool<unknown> | SchemaTool, args: string): Promise<Observation> {
  const agent = new Agent({ extraTools: [tool as SchemaTool] });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  const { observation } = await agent.executeToolCall({ id: 'c1', name: tool.name, arguments: args });
  await agent.close();
  return observation;
}

describe('defineTool with a Zod schema', () => {
  const forecast = defineTool({
    name: 'forecast',
    description: 'The forecast for a city.',
    input: z.object({
      city: z.string().min(1).describe('The city'),
      days: z.number().int().min(1).max(7).default(3),
      unit: z.enum(['c', 'f']).optional(),
      when: z.string().transform((s) => s.length),
    }),
    annotations: { readOnlyHint: true },
    execute: (input) => {
      // Typed from the schema's output: `when` is a number after the transform, `days` is filled in.
      const when: number = input.when;
      return `${input.city}: ${input.days} day(s) in ${input.unit ?? 'c'}, ${when}`;
    },
  });

  it("advertises the library's own JSON Schema of the input (z.toJSONSchema, input side)", () => {
    expect(forecast).toBeInstanceOf(SchemaTool);
    expect(forecast.inputSchema()).toEqual(z.toJSONSchema(forecast.inputCodec.jsonSchema ? (z.object({
      city: z.string().min(1).describe('The city'),
      days: z.number().int().min(1).max(7).default(3),
      unit: z.enum(['c', 'f']).optional(),
      when: z.string(),
    })) : z.never(), { io: 'input' }));
    expect(forecast.toOpenAITool().function.parameters).toMatchObject({ type: 'object', required: ['city', 'when'], properties: { city: { type: 'string', minLength: 1, description: 'The city' } } });
    expect(forecast.toMcpTool()).toMatchObject({ name: 'forecast', annotations: { readOnlyHint: true }, inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } });
    expect(forecast.toMcpTool().outputSchema).toBeUndefined();
  });

  it("gives execute the library's output: defaults filled in, transforms applied", async () => {
    const observation = await forecast.call(forecast.actionFromArguments({ city: 'Oslo', when: 'today' }));
    expect(observation.text).toBe('Oslo: 3 day(s) in c, 5');
    expect(observation.isError).toBe(false);
  });

  it('keeps the arguments as sent in the Action (what hooks and rules see) and the typed input beside them', () => {
    const action = forecast.actionFromArguments({ city: 'Oslo', when: 'today' });
    expect(action.data).toEqual({ city: 'Oslo', when: 'today' });
    expect(action.input).toEqual({ city: 'Oslo', days: 3, when: 5 });
    expect(action.toJSON()).toEqual({ kind: 'SchemaToolAction', data: { city: 'Oslo', when: 'today' } });
  });

  it('rejects bad arguments with each path, what was expected and what was sent', () => {
    const issues = issuesOf(() => forecast.actionFromArguments({ city: '', days: 'x' }));
    expect(issues.map((i) => [i.path, i.expected, i.received])).toEqual([
      ['city', 'Too small: expected string to have >=1 characters', 'string'],
      ['days', 'number', 'string'],
      ['when', 'string', 'nothing (required field missing)'],
    ]);
    expect(issues[0]!.problem).toBe('Too small: expected string to have >=1 characters (got a string of 0 characters)');
    expect(issues[1]!.problem).toBe('Invalid input: expected number, received string');
  });

  it('answers a model that sent bad arguments with an INVALID_ARGUMENTS error Observation, never calling execute', async () => {
    const observation = await callAgent(forecast, '{"city":"","days":9,"when":"x"}');
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(observation.text).toBe(
      "Invalid arguments for tool 'forecast':\n" +
        '- city: Too small: expected string to have >=1 characters (got a string of 0 characters)\n' +
        '- days: Too big: expected number to be <=7 (got a number)\n' +
        "Fix these arguments and call 'forecast' again.",
    );
  });

  it('reads null for an optional property as absent (what OpenAI strict exports make models send)', () => {
    expect(forecast.actionFromArguments({ city: 'Oslo', when: 'x', unit: null }).input).toEqual({ city: 'Oslo', days: 3, when: 1 });
  });

  it('drops the fields export options inject (security_risk, summary) unless the schema declares them', () => {
    expect(forecast.actionFromArguments({ city: 'Oslo', when: 'x', summary: 'look', security_risk: 'LOW' }).data).toEqual({ city: 'Oslo', when: 'x' });
  });
});

describe('defineTool with a JSON Schema', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { path: { type: 'string', minLength: 1 }, mode: { enum: ['read', 'write'] } },
    required: ['path'],
    additionalProperties: false,
  };
  const open = defineTool<{ path: string; mode?: 'read' | 'write' }>({
    name: 'open_file',
    description: 'Opens a file.',
    input: schema,
    execute: ({ path, mode }) => `${mode ?? 'read'} ${path}`,
  });

  it('advertises the schema as given (copied and frozen: later edits of the original change nothing)', () => {
    const given = { type: 'object' as const, properties: { a: { type: 'string' as const } } };
    const tool = defineTool({ name: 'copy', description: 'Copies.', input: given, execute: () => 'ok' });
    given.properties.a.type = 'number' as 'string';
    expect(tool.inputSchema()).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(Object.isFrozen(tool.inputSchema())).toBe(true);
    expect(open.toAnthropicTool().input_schema).toEqual(schema);
  });

  it('checks calls with the compiled checker MCP tools use: missing field, enum, unknown field', () => {
    expect(issuesOf(() => open.actionFromArguments({ mode: 'delete', extra: 1 })).map((i) => i.message)).toEqual([
      'path: expected string, got nothing (required field missing)',
      'extra: unknown field; allowed fields: path, mode',
      'mode: expected one of "read", "write", got "delete"',
    ]);
  });

  it('gives execute the checked object', async () => {
    expect((await open.call(open.actionFromArguments({ path: '/a', mode: 'write' }))).text).toBe('write /a');
  });

  it('refuses a JSON Schema ajv cannot compile, at definition (not a tool that accepts everything)', () => {
    const broken = { type: 'object', properties: { n: { type: 'number', minimum: 'zero' } } } as unknown as { type: 'object' };
    expect(definitionError(() => defineTool({ name: 'broken', description: 'B.', input: broken, execute: () => '' }))).toMatch(
      /^Tool 'broken': input: the JSON Schema does not compile \(.*minimum.*\); fix the schema\.$/,
    );
    const unknownType = { type: 'object', properties: { n: { type: 'num' } } } as unknown as { type: 'object' };
    expect(definitionError(() => defineTool({ name: 'typo', description: 'T.', input: unknownType, execute: () => '' }))).toContain('does not compile');
  });

  it('refuses jsonSchema beside a JSON Schema input', () => {
    expect(definitionError(() => defineTool({ name: 'x', description: 'X.', input: { type: 'object' }, jsonSchema: { type: 'object' }, execute: () => '' }))).toBe(
      "Tool 'x': input is a JSON Schema already: jsonSchema is only for a Standard Schema whose library cannot convert it.",
    );
  });
});

describe('defineTool with any Standard Schema', () => {
  it('needs a JSON Schema when the library has no converter, naming the options', () => {
    expect(definitionError(() => defineTool({ name: 'double', description: 'Doubles.', input: doubler(), execute: ({ doubled }) => String(doubled) }))).toBe(
      "Tool 'double': input: its handmade schema cannot tell its JSON Schema (it does not implement Standard JSON Schema, '~standard.jsonSchema'). " +
        "Pass jsonSchema: the JSON Schema, or the library's converter (schema) => JSON Schema, e.g. Valibot's toJsonSchema from @valibot/to-json-schema.",
    );
  });

  it('takes the JSON Schema from the jsonSchema option: an object or a converter', async () => {
    const json = { type: 'object' as const, properties: { n: { type: 'integer' as const } }, required: ['n'] };
    const byObject = defineTool({ name: 'double', description: 'Doubles.', input: doubler(), jsonSchema: json, execute: ({ doubled }) => String(doubled) });
    const byConverter = defineTool({ name: 'double', description: 'Doubles.', input: doubler(), jsonSchema: (s) => ({ ...json, title: s['~standard'].vendor }), execute: ({ doubled }) => String(doubled) });
    expect(byObject.inputSchema()).toEqual(json);
    expect(byConverter.inputSchema()).toEqual({ ...json, title: 'handmade' });
    expect((await byObject.call(byObject.actionFromArguments({ n: 21 }))).text).toBe('42');
  });

  it("uses the library's Standard JSON Schema converter when it has one", () => {
    const tool = defineTool({ name: 'double', description: 'Doubles.', input: doubler({ jsonSchema: true }), execute: ({ doubled }) => String(doubled) });
    expect(tool.inputSchema()).toEqual({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
  });

  it('supports an asynchronous validate: checked when the call runs, a rejection is the same INVALID_ARGUMENTS Observation', async () => {
    const tool = defineTool({ name: 'double', description: 'Doubles.', input: doubler({ async: true, jsonSchema: true }), execute: ({ doubled }) => String(doubled) });
    expect((await callAgent(tool, '{"n":4}')).text).toBe('8');
    const bad = await callAgent(tool, '{"n":"four"}');
    expect(bad.errorCode).toBe('INVALID_ARGUMENTS');
    // Settled when the call ran: the tool's own INVALID_ARGUMENTS wording, each path and what was sent.
    expect(bad.text).toBe("Invalid arguments for tool 'double':\n- n: Expected an integer (got a string of 4 characters)");
  });
});

describe('defineTool results', () => {
  const input = z.object({ kind: z.enum(['text', 'content', 'observation', 'object', 'stream', 'number']) });
  const results = defineTool({
    name: 'results',
    description: 'Returns each kind of result.',
    input,
    execute: ({ kind }) => {
      if (kind === 'text') return 'plain';
      if (kind === 'content') return [textContent('a'), { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' }];
      if (kind === 'observation') return Observation.fromText('mine', { isError: true, errorCode: 'MINE' });
      if (kind === 'stream') {
        return (async function* (): AsyncIterable<ToolChunk> {
          yield 'sun';
          yield 'ny';
        })();
      }
      if (kind === 'number') return 42 as unknown as string;
      return { temperature: 21 };
    },
  });
  const run = async (kind: string): Promise<Observation> => results.call(results.actionFromArguments({ kind }));

  it('a string is the text, content blocks are the content, an Observation is kept', async () => {
    expect((await run('text')).text).toBe('plain');
    expect((await run('content')).content).toEqual([textContent('a'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
    expect((await run('observation')).toJSON()).toEqual({ kind: 'Observation', content: [textContent('mine')], isError: true, errorCode: 'MINE' });
  });

  it('an object is the structured result, its JSON the text', async () => {
    const observation = await run('object');
    expect(observation).toBeInstanceOf(StructuredObservation);
    expect((observation as StructuredObservation).structuredContent).toEqual({ temperature: 21 });
    expect(observation.text).toBe('{"temperature":21}');
  });

  it('a stream of chunks adds up, and anything else is its JSON text', async () => {
    expect((await run('stream')).text).toBe('sunny');
    expect((await run('number')).text).toBe('42');
  });

  it('a throwing execute is an error Observation', async () => {
    const boom = defineTool({ name: 'boom', description: 'Fails.', input: { type: 'object' }, execute: () => {
      throw new Error('disk full');
    } });
    const observation = await boom.call(boom.actionFromArguments({}));
    expect([observation.isError, observation.errorCode, observation.text]).toEqual([true, 'EXECUTION_FAILED', "Tool 'boom' failed: disk full"]);
  });
});

describe('defineTool with an output schema', () => {
  const stats = defineTool({
    name: 'stats',
    description: 'Word statistics.',
    input: z.object({ text: z.string() }),
    output: z.object({ words: z.number().int(), longest: z.string() }),
    annotations: { readOnlyHint: true },
    execute: ({ text }) => {
      const words = text.split(/\s+/).filter(Boolean);
      if (text === 'bad') return { words: 1.5, longest: 'x' };
      if (text === 'text') return 'not an object';
      return { words: words.length, longest: words.reduce((a, b) => (b.length > a.length ? b : a), '') };
    },
  });

  it('advertises it as the MCP outputSchema (the library output side) and returns the checked object as structuredContent', async () => {
    expect(stats.outputSchema()).toEqual(z.toJSONSchema(z.object({ words: z.number().int(), longest: z.string() }), { io: 'output' }));
    expect(stats.toMcpTool().outputSchema).toMatchObject({ type: 'object', required: ['words', 'longest'], additionalProperties: false });
    const observation = (await stats.call(stats.actionFromArguments({ text: 'a quick fox' }))) as StructuredObservation;
    expect(observation.structuredContent).toEqual({ words: 3, longest: 'quick' });
  });

  it("is the tool's own bug when execute returns something else: EXECUTION_FAILED naming each path", async () => {
    const bad = await stats.call(stats.actionFromArguments({ text: 'bad' }));
    expect([bad.isError, bad.errorCode]).toEqual([true, 'EXECUTION_FAILED']);
    expect(bad.text).toBe("Tool 'stats' failed: its result does not match its output schema (zod):\n- words: Invalid input: expected int, received number");
    const text = await stats.call(stats.actionFromArguments({ text: 'text' }));
    expect(text.text).toBe("Tool 'stats' failed: it declares an output schema, so execute must return an object matching it, got string.");
  });
});

describe('defineTool types', () => {
  it("types execute's input from the schema: a Standard Schema's output, a JSON Schema's object or the type given", () => {
    const zod = defineTool({
      name: 'typed',
      description: 'Typed.',
      input: z.object({ n: z.number(), s: z.string().transform((v) => v.length) }),
      execute: (input) => {
        // @ts-expect-error `s` is Zod's output: a number after the transform, not a string
        const wrong: string = input.s;
        return String(input.n + input.s) + wrong;
      },
    });
    const json = defineTool({
      name: 'plain',
      description: 'Plain.',
      input: { type: 'object' },
      execute: (input) => {
        // @ts-expect-error a JSON Schema's input is an object of unknown values unless a type is given
        const wrong: string = input.anything;
        return wrong;
      },
    });
    const given = defineTool<{ path: string }>({ name: 'given', description: 'Given.', input: { type: 'object' }, execute: ({ path }) => path.toUpperCase() });
    expect([zod.name, json.name, given.name]).toEqual(['typed', 'plain', 'given']);
  });
});

describe('defineTool configuration errors', () => {
  it('names what is missing or wrong, at definition', () => {
    expect(definitionError(() => defineTool({ name: '', description: 'X.', input: { type: 'object' }, execute: () => '' }))).toBe('defineTool needs a name: the name the model calls the tool by.');
    expect(definitionError(() => defineTool({ name: 'x', description: '', input: { type: 'object' }, execute: () => '' }))).toBe(
      "Tool 'x' needs a description: pass { description } or declare it with @Tool({ description }).",
    );
    expect(definitionError(() => defineTool({ name: 'x', description: 'X.', input: { type: 'string' }, execute: () => '' }))).toBe(
      "Tool 'x': input: the JSON Schema must describe an object (type: 'object'), got type \"string\". Wrap the value in an object with one property.",
    );
    expect(definitionError(() => defineTool({ name: 'x', description: 'X.', input: z.object({ at: z.date() }), execute: () => '' }))).toBe(
      "Tool 'x': input: zod cannot express its input type as JSON Schema: Date cannot be represented in JSON Schema. Change the schema, or pass jsonSchema.",
    );
    expect(definitionError(() => defineTool({ name: 'x', description: 'X.', input: z.string(), execute: () => '' }))).toBe(
      "Tool 'x': input: the JSON Schema must describe an object (type: 'object'), got type \"string\". Wrap the value in an object with one property.",
    );
  });
});
