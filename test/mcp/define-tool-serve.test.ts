/**
 * Schema-first tools served over MCP the way `toolwright serve` serves tools (createToolServer over
 * an Agent), to the MCP SDK's own client: the advertised input and output schemas, structured
 * results the client checks against the outputSchema, and bad arguments as isError results.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';
import type { Observation, ToolDefinition } from '@toolwright/sdk';
import { createToolServer } from '../../packages/cli/src/serve/create-tool-server.js';
import type { ServedToolset } from '../../packages/cli/src/serve/served-toolset.js';

const stats = defineTool({
  name: 'stats',
  description: 'Word statistics of a text.',
  input: z.object({ text: z.string().min(1).describe('The text') }),
  output: z.object({ words: z.number().int(), longest: z.string() }),
  annotations: { readOnlyHint: true },
  execute: ({ text }) => {
    const words = text.split(/\s+/).filter(Boolean);
    return { words: words.length, longest: words.reduce((a, b) => (b.length > a.length ? b : a), '') };
  },
});
const upper = defineTool<{ text: string }>({
  name: 'upper',
  description: 'Upper-cases a text.',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  execute: ({ text }) => text.toUpperCase(),
});

/** The served toolset over an Agent: calls take the agent's path (validation, events, errors). */
function servedAgent(agent: Agent): ServedToolset {
  let id = 0;
  return {
    tools: (): readonly ToolDefinition[] => [...agent.toolsMap.values()],
    tool: (name) => agent.toolsMap.get(name),
    call: async (name, args): Promise<Observation> => (await agent.executeToolCall({ id: `c${++id}`, name, arguments: args })).observation,
    onToolsChanged: () => () => undefined,
  };
}

describe('defineTool tools served over MCP', () => {
  const agent = new Agent({ extraTools: [stats, upper] });
  const client = new Client({ name: 'test', version: '1.0.0' });
  let closeServer: () => Promise<void>;

  beforeAll(async () => {
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
    const server = createToolServer(servedAgent(agent));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    closeServer = () => server.close();
  });
  afterAll(async () => {
    await client.close();
    await closeServer();
    await agent.close();
  });

  it("lists each tool with its input schema (Zod's own, or the JSON Schema given) and Zod's output schema", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('stats')).toMatchObject({
      inputSchema: { type: 'object', properties: { text: { type: 'string', minLength: 1, description: 'The text' } }, required: ['text'] },
      outputSchema: { type: 'object', properties: { words: { type: 'integer' }, longest: { type: 'string' } }, required: ['words', 'longest'] },
      annotations: { readOnlyHint: true },
    });
    expect(byName.get('upper')!.inputSchema).toEqual(upper.inputSchema());
    expect(byName.get('upper')!.outputSchema).toBeUndefined();
  });

  it('returns the structured result the client checks against the outputSchema, with its JSON as text', async () => {
    const result = await client.callTool({ name: 'stats', arguments: { text: 'a quick brown fox' } });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"words":4,"longest":"quick"}' }], structuredContent: { words: 4, longest: 'quick' } });
    expect(await client.callTool({ name: 'upper', arguments: { text: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'HI' }] });
  });

  it('answers bad arguments with an isError result naming each path', async () => {
    const bad = await client.callTool({ name: 'upper', arguments: { text: 1, color: 'red' } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toEqual([
      { type: 'text', text: "Invalid arguments for tool 'upper':\n- color: unknown field; allowed fields: text\n- text: expected string, got number\nFix these arguments and call 'upper' again." },
    ]);
  });
});
