import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState, ToolwrightError } from '@toolwright/sdk';
import type { ToolFormat } from '@toolwright/sdk';
import { testRegistry } from './fixtures/runtime-tools.js';

describe('Agent.toolSchemas', () => {
  const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }, { name: 'note' }] });

  beforeAll(async () => {
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  });
  afterAll(async () => {
    await agent.close();
  });

  it('exports every tool in the OpenAI chat format', () => {
    const [echo, note] = agent.toolSchemas('openai') as [Record<string, unknown>, Record<string, unknown>];
    expect(echo).toEqual({
      type: 'function',
      function: {
        name: 'echo',
        description: 'Echo text back.',
        parameters: agent.toolsMap.get('echo')!.modelInputSchema(),
      },
    });
    expect(note).toMatchObject({ type: 'function', function: { name: 'note' } });
  });

  it('exports Responses, Anthropic, Gemini and MCP formats', () => {
    expect(agent.toolSchemas('responses')[0]).toMatchObject({ type: 'function', name: 'echo', strict: false });
    expect(agent.toolSchemas('anthropic')[1]).toMatchObject({ name: 'note', input_schema: { type: 'object', required: ['note'] } });
    const gemini = agent.toolSchemas('gemini')[0] as { parameters: Record<string, unknown> };
    expect(gemini).toMatchObject({ name: 'echo', parameters: { type: 'object' } });
    expect(JSON.stringify(gemini)).not.toContain('additionalProperties');
    expect(agent.toolSchemas('mcp')[0]).toMatchObject({ name: 'echo', annotations: { readOnlyHint: true }, inputSchema: { type: 'object' } });
  });

  it('passes export options through: strict mode and injected fields (never security_risk for read-only tools)', () => {
    const [echo, note] = agent.toolSchemas('openai', { strict: true, securityRisk: true, summary: true }) as {
      function: { strict?: boolean; parameters: { properties: Record<string, unknown>; required: string[] } };
    }[];
    expect(echo!.function.strict).toBe(true);
    expect(Object.keys(echo!.function.parameters.properties)).toEqual(['summary', 'text', 'times', 'tone']);
    expect(Object.keys(note!.function.parameters.properties)).toEqual(['security_risk', 'summary', 'note']);
    expect(note!.function.parameters.required).toEqual(['security_risk', 'summary', 'note']);
  });

  it("reuses the tools' cached exports and hands out a fresh list each time", () => {
    const first = agent.toolSchemas('anthropic');
    const second = agent.toolSchemas('anthropic');
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
  });

  it('names the known formats for an unknown one', () => {
    expect(() => agent.toolSchemas('claude' as ToolFormat)).toThrow(
      new ToolwrightError({ code: 'INVALID_SPEC', message: 'Unknown tool format "claude"; expected one of openai, responses, anthropic, gemini, mcp.' }),
    );
  });
});
