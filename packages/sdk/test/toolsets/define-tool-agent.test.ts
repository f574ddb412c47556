/**
 * A schema-first tool in an Agent is a tool like any other: the same provider exports as the
 * decorated tool it mirrors, the same policy (allow for read-only, ask, deny, rules with content),
 * the same hooks (rewritten arguments checked again), toolsets.
 */
import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { z } from 'zod';
import { Action, Agent, Field, Observation, ToolDefinition, defineTool, jsonSchemaOf } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import type { AgentOptions, ToolFormat } from '@toolwright/sdk';
import type { ApprovalRequest } from '@toolwright/sdk/policy';
import { conversation } from './fixtures.js';

class NoteAction extends Action {
  @Field({ description: 'The note' }) @IsString() text!: string;
}

const FORMATS: ToolFormat[] = ['openai', 'responses', 'anthropic', 'gemini', 'mcp'];

/** The decorated tool the schema-first tools mirror. */
function decoratedNote(): ToolDefinition<NoteAction> {
  return new ToolDefinition({ name: 'save_note', description: 'Save a note.', actionType: NoteAction, executor: { execute: (a) => Observation.fromText(`saved ${a.text}`) } });
}

/** `save_note` declared with the decorated class's own JSON Schema, and with Zod. */
const jsonNote = defineTool<{ text: string }>({ name: 'save_note', description: 'Save a note.', input: jsonSchemaOf(NoteAction), execute: ({ text }) => `saved ${text}` });
const zodNote = defineTool({
  name: 'save_note',
  description: 'Save a note.',
  input: z.object({ text: z.string().describe('The note') }).strict(),
  permissions: { matchRule: (content, action) => action.data.text === content, suggestRules: (action) => [String(action.data.text)] },
  execute: ({ text }) => `saved ${text}`,
});
const readNotes = defineTool({ name: 'read_notes', description: 'Read the notes.', input: z.object({}), annotations: { readOnlyHint: true }, execute: () => 'no notes' });

async function agentWith(tools: ToolDefinition[], options: AgentOptions = {}): Promise<Agent> {
  const agent = new Agent({ ...options, toolsets: [new FunctionToolset(tools)] });
  await agent.initialize(conversation());
  await agent.startTurn();
  return agent;
}

describe('defineTool in an Agent', () => {
  it('exports exactly what the decorated tool with the same schema exports, in every provider format and strict mode', async () => {
    const decorated = await agentWith([decoratedNote()]);
    const schemaFirst = await agentWith([jsonNote]);
    for (const format of FORMATS.filter((f) => f !== 'mcp')) {
      expect(schemaFirst.toolSchemas(format)).toEqual(decorated.toolSchemas(format));
      expect(schemaFirst.toolSchemas(format, { strict: true, securityRisk: true, summary: true })).toEqual(decorated.toolSchemas(format, { strict: true, securityRisk: true, summary: true }));
    }
    // MCP advertises a decorated class in its 2020-12 view (`$schema`); the JSON Schema as given otherwise.
    const { $schema, ...mcpInput } = (decorated.toolSchemas('mcp')[0] as { inputSchema: Record<string, unknown> }).inputSchema;
    expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schemaFirst.toolSchemas('mcp')).toEqual([{ name: 'save_note', description: 'Save a note.', inputSchema: mcpInput }]);
    await decorated.close();
    await schemaFirst.close();
  });

  it("exports a Zod tool's schema to every provider (Gemini without additionalProperties, OpenAI strict)", async () => {
    const agent = await agentWith([zodNote]);
    const [openai] = agent.toolSchemas('openai', { strict: true }) as { function: { strict: boolean; parameters: Record<string, unknown> } }[];
    expect(openai!.function).toMatchObject({ strict: true, parameters: { type: 'object', properties: { text: { type: 'string', description: 'The note' } }, required: ['text'], additionalProperties: false } });
    expect(JSON.stringify(agent.toolSchemas('gemini'))).not.toContain('additionalProperties');
    expect(agent.toolSchemas('anthropic')[0]).toMatchObject({ name: 'save_note', input_schema: { type: 'object', required: ['text'] } });
    expect(agent.toolSchemas('responses')[0]).toMatchObject({ type: 'function', name: 'save_note' });
    await agent.close();
  });

  it('asks before a call that is not read-only and allows a read-only one outright, as for decorated tools', async () => {
    const asked: ApprovalRequest[] = [];
    const agent = await agentWith([zodNote, readNotes], { policy: { onApproval: (request) => (asked.push(request), { type: 'reject', reason: 'not now' }) } });
    expect((await agent.executeToolCall({ id: '1', name: 'read_notes', arguments: '{}' })).observation.text).toBe('no notes');
    const rejected = await agent.executeToolCall({ id: '2', name: 'save_note', arguments: '{"text":"milk"}' });
    expect(rejected.observation.errorCode).toBe('APPROVAL_REJECTED');
    expect(asked.map((r) => [r.toolName, r.arguments, r.suggestedRules])).toEqual([['save_note', { text: 'milk' }, ['save_note(milk)']]]);
    await agent.close();
  });

  it('applies deny and allow rules, with content through the tool’s matchRule', async () => {
    const agent = await agentWith([zodNote], { policy: { allow: ['save_note(milk)'], deny: ['save_note(secret)'] } });
    expect((await agent.executeToolCall({ id: '1', name: 'save_note', arguments: '{"text":"milk"}' })).observation.text).toBe('saved milk');
    const denied = await agent.executeToolCall({ id: '2', name: 'save_note', arguments: '{"text":"secret"}' });
    expect(denied.observation.errorCode).toBe('PERMISSION_DENIED');
    await agent.close();
  });

  it('runs pre and post hooks around it; rewritten arguments are checked against the schema again', async () => {
    const seen: unknown[] = [];
    const agent = await agentWith([zodNote], {
      hooks: {
        tools: {
          save_note: {
            pre: (_ctx, args) => (args.text === 'rewrite' ? { text: 'rewritten' } : args.text === 'break' ? { text: 7 } : undefined),
            post: (_ctx, result) => void seen.push(result instanceof Observation ? result.text : result.message),
          },
        },
      },
    });
    expect((await agent.executeToolCall({ id: '1', name: 'save_note', arguments: '{"text":"rewrite"}' })).observation.text).toBe('saved rewritten');
    const broken = await agent.executeToolCall({ id: '2', name: 'save_note', arguments: '{"text":"break"}' });
    expect(broken.observation.isError).toBe(true);
    expect(broken.observation.text).toContain('text');
    expect(seen[0]).toBe('saved rewritten');
    await agent.close();
  });

  it('rejects what the schema rejects before any hook or approval (an unknown field of a strict Zod object)', async () => {
    const asked: ApprovalRequest[] = [];
    const agent = await agentWith([zodNote], { policy: { onApproval: (request) => (asked.push(request), { type: 'approve' }) } });
    const bad = await agent.executeToolCall({ id: '1', name: 'save_note', arguments: '{"text":"a","color":"red"}' });
    expect(bad.observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(bad.observation.text).toContain('color');
    expect(asked).toEqual([]);
    await agent.close();
  });
});
