import { afterEach, describe, expect, it } from '@jest/globals';
import { ToolwrightError } from '@toolwright/sdk';
import { ERROR_HEADER } from '../../src/tool/observation.js';
import { createMcpToolsFromClients, MCPToolAction, MCPToolObservation } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryTool } from '@toolwright/sdk/testing';

const toolsets: McpToolset[] = [];
afterEach(async () => {
  await Promise.all(toolsets.splice(0).map((t) => t.close()));
});

async function toolsetOf(tools: InMemoryTool[]): Promise<McpToolset> {
  const toolset = await createMcpToolsFromClients([createInMemoryMcpServer({ name: 'srv', tools }).client()]);
  toolsets.push(toolset);
  return toolset;
}

/** A FastMCP-style schema: a model in $defs, referenced from properties, with a nested enum. */
const fastMcpSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    Address: {
      type: 'object',
      properties: { street: { type: 'string', minLength: 1 }, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
      required: ['street', 'zip'],
      additionalProperties: false,
    },
    Kind: { type: 'string', enum: ['home', 'work'] },
  },
  properties: {
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    kind: { $ref: '#/$defs/Kind', description: 'Where it is' },
    addresses: { type: 'array', items: { $ref: '#/$defs/Address' }, maxItems: 2 },
  },
  required: ['name', 'addresses'],
  additionalProperties: false,
} as const;

const contact: InMemoryTool = {
  name: 'add_contact',
  title: 'Add contact',
  description: 'Adds a contact.',
  inputSchema: fastMcpSchema as unknown as InMemoryTool['inputSchema'],
  annotations: { readOnlyHint: false, idempotentHint: true },
  _meta: { 'example.com/owner': 'crm' },
  handler: (args) => ({ content: [{ type: 'text', text: `added ${String(args.name)}` }] }),
};

describe('MCPToolDefinition', () => {
  it('passes the raw inputSchema through untouched and gives models a self-contained one', async () => {
    const [tool] = (await toolsetOf([contact])).tools;
    expect(tool!.inputSchema()).toEqual(fastMcpSchema);
    expect(tool!.toMcpTool().inputSchema).toEqual(fastMcpSchema);
    expect(tool!.modelInputSchema()).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        kind: { type: 'string', enum: ['home', 'work'], description: 'Where it is' },
        addresses: { type: 'array', items: fastMcpSchema.$defs.Address, maxItems: 2 },
      },
      required: ['name', 'addresses'],
      additionalProperties: false,
    });
    expect(JSON.stringify(tool!.toOpenAITool())).not.toContain('$ref');
  });

  it('keeps title, _meta, annotations (MCP defaults for the rest) and names the server and MCP name', async () => {
    const [tool] = (await toolsetOf([contact])).tools;
    expect(tool!.title).toBe('Add contact');
    expect(tool!.meta).toEqual({ 'example.com/owner': 'crm' });
    expect(tool!.declaredAnnotations).toEqual({ readOnlyHint: false, idempotentHint: true });
    expect(tool!.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
    expect(tool!.server).toBe('srv');
    expect(tool!.mcpName).toBe('add_contact');
    expect(tool!.mcpTool.name).toBe('add_contact');
  });

  it('validates arguments fully against the schema and lists every problem by path', async () => {
    const [tool] = (await toolsetOf([contact])).tools;
    let error: unknown;
    try {
      tool!.actionFromArguments({ email: 'not-an-email', age: 200, kind: 'moon', addresses: [{ street: '', zip: '123' }, {}, {}], extra: 1 });
    } catch (e) {
      error = e;
    }
    expect(ToolwrightError.hasCode(error, 'INVALID_ARGUMENTS')).toBe(true);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe("Invalid arguments for tool 'add_contact':");
    for (const expected of [
      'name: expected string, got nothing (required field missing)',
      "email: expected a string in format 'email'",
      'age: expected a number <= 150, got 200',
      'kind: expected one of "home", "work", got "moon"',
      'addresses: expected at most 2 items, got 3 items',
      'addresses[0].street: expected a string of at least 1 character',
      'addresses[0].zip: expected a string matching /^[0-9]{5}$/',
      'addresses[1].street: expected string, got nothing (required field missing)',
      'extra: unknown field',
    ]) {
      expect(message).toContain(expected);
    }
    expect((error as ToolwrightError).details.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'addresses[0].zip' })]));
  });

  it('builds an MCPToolAction carrying the arguments as sent, without injected export fields', async () => {
    const [tool] = (await toolsetOf([contact])).tools;
    const args = { name: 'Ada', addresses: [], security_risk: 'LOW', summary: 'add Ada' };
    const action = tool!.actionFromArguments(args);
    expect(action).toBeInstanceOf(MCPToolAction);
    expect(action.data).toEqual({ name: 'Ada', addresses: [] });
    expect(action.toJSON()).toEqual({ kind: 'MCPToolAction', data: { name: 'Ada', addresses: [] } });
  });

  it('rejects non-object arguments', async () => {
    const [tool] = (await toolsetOf([contact])).tools;
    expect(() => tool!.actionFromArguments('Ada')).toThrow("Invalid arguments for tool 'add_contact':\n- (root): expected an object of arguments, got string");
  });

  it('compiles no validator until a tool is first used, then one per distinct schema', async () => {
    const same = { type: 'object', properties: { n: { type: 'number' } } } as const;
    const toolset = await toolsetOf([
      { name: 'a', inputSchema: same },
      { name: 'b', inputSchema: same },
      { name: 'c', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } },
    ]);
    const cache = (toolset.tools[0] as unknown as { validators: { size: number } }).validators;
    expect(cache.size).toBe(0);
    toolset.tools[0]!.actionFromArguments({ n: 1 });
    toolset.tools[1]!.actionFromArguments({ n: 2 });
    expect(cache.size).toBe(1);
    toolset.tools[2]!.actionFromArguments({ s: 'x' });
    expect(cache.size).toBe(2);
  });

  it('uses the draft its $schema names (draft-07 tuples) and 2020-12 by default (prefixItems)', async () => {
    const toolset = await toolsetOf([
      { name: 'tuple07', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { p: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } } } },
      { name: 'tuple2020', inputSchema: { type: 'object', properties: { p: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] } } } },
    ]);
    for (const tool of toolset.tools) {
      expect(tool.actionFromArguments({ p: [1, 'x'] }).data).toEqual({ p: [1, 'x'] });
      expect(() => tool.actionFromArguments({ p: ['x', 1] })).toThrow('p[0]: expected number, got string');
    }
  });

  it('keeps every content type, structuredContent and _meta in the Observation', async () => {
    const content = [
      { type: 'text', text: 'hello' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png', annotations: { audience: ['user'] } },
      { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
      { type: 'resource', resource: { uri: 'file:///b.txt', text: 'embedded' } },
      { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAE=', mimeType: 'application/octet-stream' } },
    ];
    const [tool] = (
      await toolsetOf([
        {
          name: 'everything',
          outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
          handler: () => ({ content, structuredContent: { n: 1 }, _meta: { trace: 'x1' } }) as never,
        },
      ])
    ).tools;
    const observation = (await tool!.call(tool!.actionFromArguments({}))) as MCPToolObservation;
    expect(observation).toBeInstanceOf(MCPToolObservation);
    expect(observation.isError).toBe(false);
    expect(observation.content).toEqual(content);
    expect(observation.structuredContent).toEqual({ n: 1 });
    expect(observation.meta).toEqual({ trace: 'x1' });
    expect(observation.text).toBe('hello\nembedded');
    expect(MCPToolObservation.fromJSON(observation.toJSON())).toEqual(observation);
  });

  it('shows structuredContent as JSON when the result has no content blocks', async () => {
    const [tool] = (await toolsetOf([{ name: 'data', handler: () => ({ content: [], structuredContent: { a: [1, 2] } }) }])).tools;
    const observation = await tool!.call(tool!.actionFromArguments({}));
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: '{"a":[1,2]}' }]);
  });

  it('turns an isError result into an error Observation with the server text', async () => {
    const [tool] = (await toolsetOf([{ name: 'fails', handler: () => ({ isError: true, content: [{ type: 'text', text: 'disk full' }] }) }])).tools;
    const observation = await tool!.call(tool!.actionFromArguments({}));
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('EXECUTION_FAILED');
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: `${ERROR_HEADER}\ndisk full` }]);
  });

  it('checks structuredContent against the outputSchema only for non-error results', async () => {
    const outputSchema = { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] };
    const toolset = await toolsetOf([
      { name: 'wrong', outputSchema, handler: () => ({ content: [{ type: 'text', text: 'n is seven' }], structuredContent: { n: 'seven' } }) },
      { name: 'missing', outputSchema, handler: () => ({ content: [{ type: 'text', text: 'no data' }] }) },
      { name: 'failed', outputSchema, handler: () => ({ isError: true, content: [{ type: 'text', text: 'boom' }] }) },
    ]);
    const [wrong, missing, failed] = await Promise.all(toolset.tools.map((t) => t.call(t.actionFromArguments({}))));
    expect(wrong!.isError).toBe(true);
    expect(wrong!.text).toBe("Tool 'wrong' returned structuredContent that does not match its outputSchema:\n- n: expected number, got string\nn is seven");
    expect(missing!.text).toBe("Tool 'missing' declares an outputSchema but returned no structuredContent.\nno data");
    expect(failed!.text).toBe('boom');
  });

  it('reports progress to the call and ends in an error Observation naming the limit on timeout', async () => {
    const [slow] = (
      await toolsetOf([
        {
          name: 'slow',
          handler: async (_args, ctx) => {
            await ctx.reportProgress(1, 2);
            await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
            return 'never';
          },
        },
      ])
    ).tools;
    const progress: unknown[] = [];
    const observation = await slow!.call(slow!.actionFromArguments({}), { timeoutMs: 80, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([{ progress: 1, total: 2, message: undefined, toolCallId: '', toolName: 'slow' }]);
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('TIMEOUT');
    expect(observation.text).toContain("Tool 'slow'");
    expect(observation.text).toContain('timed out after 80 ms');
  });

  it('turns an aborted signal into an ABORTED error Observation and cancels the request', async () => {
    let cancelled = false;
    const [slow] = (
      await toolsetOf([
        {
          name: 'slow',
          handler: (_args, ctx) =>
            new Promise((resolve) =>
              ctx.signal.addEventListener('abort', () => {
                cancelled = true;
                resolve('cancelled');
              }),
            ),
        },
      ])
    ).tools;
    const controller = new AbortController();
    const pending = slow!.call(slow!.actionFromArguments({}), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const observation = await pending;
    expect(observation.errorCode).toBe('ABORTED');
    await new Promise((r) => setTimeout(r, 10));
    expect(cancelled).toBe(true);
  });
});
