import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';
import { agentTools, createToolServer } from '@toolwright/sdk/mcp';
import type { ServedToolset } from '@toolwright/sdk/mcp';
import { lazyJsonSchemaValidator } from '../../src/mcp-server/lazy-json-schema-validator.js';

const CONTACT: JsonSchemaType = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, email: { type: 'string', format: 'email' } },
  required: ['name'],
};

const NO_TOOLS: ServedToolset = {
  tools: () => [],
  tool: () => undefined,
  call: () => Promise.reject(new Error('no tools')),
  onToolsChanged: () => () => undefined,
};

describe('lazyJsonSchemaValidator', () => {
  it.each([
    [{ name: 'Ada', email: 'ada@example.org' }],
    [{ name: 'A' }],
    [{ email: 'ada@example.org' }],
    [{ name: 'Ada', email: 'not an address' }],
    [{ name: 7 }],
  ])('gives the MCP SDK default validator\'s verdict and message (%j)', (value) => {
    expect(lazyJsonSchemaValidator().getValidator(CONTACT)(value)).toEqual(new AjvJsonSchemaValidator().getValidator(CONTACT)(value));
  });
});

describe('createToolServer', () => {
  /** A server of no tools connected to a client that answers every form elicitation with `answer`. */
  async function serverAnswering(answer: ElicitResult, toolset = NO_TOOLS): Promise<{ server: ReturnType<typeof createToolServer>; client: Client; close: () => Promise<void> }> {
    const server = createToolServer(toolset);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => answer);
    await client.connect(clientSide);
    return { server, client, close: async () => (await client.close(), await server.close()) };
  }

  it('still checks an accepted elicitation answer against the requested schema in server.elicitInput', async () => {
    const bad = await serverAnswering({ action: 'accept', content: { name: 'A' } });
    await expect(bad.server.elicitInput({ mode: 'form', message: 'Who?', requestedSchema: CONTACT as never })).rejects.toThrow(
      'Elicitation response content does not match requested schema: data/name must NOT have fewer than 2 characters',
    );
    await bad.close();
    const good = await serverAnswering({ action: 'accept', content: { name: 'Ada' } });
    await expect(good.server.elicitInput({ mode: 'form', message: 'Who?', requestedSchema: CONTACT as never })).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    await good.close();
  });

  it("refuses a served tool's ctx.elicit an accepted answer that does not match the requested schema", async () => {
    const ask = defineTool({
      name: 'ask',
      description: 'Asks the user who they are.',
      input: { type: 'object', properties: {} },
      execute: async (_input: unknown, ctx) => JSON.stringify(await ctx.elicit('Who?', CONTACT as never)),
    });
    const agent = new Agent({ extraTools: [ask] });
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
    for (const [content, text] of [
      [{ name: 'A' }, "The client's answer does not match the requested schema: data/name must NOT have fewer than 2 characters."],
      [{ name: 'Ada' }, JSON.stringify({ action: 'accept', content: { name: 'Ada' } })],
    ] as const) {
      const { client, close } = await serverAnswering({ action: 'accept', content }, agentTools(agent));
      const result = (await client.callTool({ name: 'ask', arguments: {} })) as { content: { text: string }[] };
      expect(result.content[0]!.text).toContain(text);
      await close();
    }
    await agent.close();
  });
});
