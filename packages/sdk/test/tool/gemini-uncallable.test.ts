import { afterEach, describe, expect, it } from '@jest/globals';
import { ConversationState } from '@toolwright/sdk';
import type { ExportWarning, GeminiFunctionDeclaration } from '@toolwright/sdk';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryTool } from '@toolwright/sdk/testing';
import { InMemoryAgent } from '../runtime/fixtures/in-memory-agent.js';

/** A tool whose every call needs `options`, an object Gemini's schema subset cannot describe. */
const configure: InMemoryTool = {
  name: 'configure',
  description: 'Applies settings.',
  inputSchema: { type: 'object', properties: { target: { type: 'string' }, options: { type: 'object', description: 'Any settings.' } }, required: ['target', 'options'] },
  handler: () => 'ok',
};
/** The same object, optional: Gemini can call it without. */
const tune: InMemoryTool = {
  name: 'tune',
  description: 'Tunes.',
  inputSchema: { type: 'object', properties: { target: { type: 'string' }, options: { type: 'object' } }, required: ['target'] },
  handler: () => 'ok',
};

const toolsets: McpToolset[] = [];
const agents: InMemoryAgent[] = [];
afterEach(async () => {
  await Promise.all([...toolsets.splice(0).map((t) => t.close()), ...agents.splice(0).map((a) => a.close())]);
});

describe('Gemini export of a tool a Gemini model could not call', () => {
  it('is undefined, with a warning that says so and names the JSON path', async () => {
    const toolset = await createMcpToolsFromClients([createInMemoryMcpServer({ name: 's', tools: [configure, tune] }).client()]);
    toolsets.push(toolset);
    const [configureTool, tuneTool] = toolset.tools;
    const warnings: ExportWarning[] = [];
    expect(configureTool!.toGeminiTool({ onWarning: (w) => warnings.push(w) })).toBeUndefined();
    expect(warnings).toEqual([
      {
        tool: 'configure',
        format: 'gemini',
        message: "Tool 'configure' is not exported for Gemini: every call needs #/properties/options, which Gemini's schema cannot describe, so a Gemini model could not call it.",
        problems: [
          { path: '#/properties/options', message: 'is a free-form object or record (no declared properties); Gemini objects need properties, so it is left out.' },
          { path: '#/properties/options', message: "is required but cannot be described for Gemini; a Gemini model cannot send it." },
        ],
      },
    ]);
    const tuned = tuneTool!.toGeminiTool();
    expect(tuned?.parameters).toEqual({ type: 'object', properties: { target: { type: 'string' } }, required: ['target'] });
  });

  it('is left out of Agent.toolSchemas("gemini") and kept in every other format', async () => {
    const agent = new InMemoryAgent({}, [createInMemoryMcpServer({ name: 's', tools: [configure, tune] })]);
    agents.push(agent);
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const warnings: ExportWarning[] = [];
    const gemini = agent.toolSchemas('gemini', { onWarning: (w) => warnings.push(w) }) as GeminiFunctionDeclaration[];
    expect(gemini.map((d) => d.name)).toEqual(['tune']);
    expect(warnings.map((w) => [w.tool, w.message.startsWith("Tool 'configure' is not exported for Gemini")])).toEqual([['configure', true], ['tune', false]]);
    expect(agent.toolSchemas('anthropic')).toHaveLength(2);
    expect(agent.toolSchemas('openai', { strict: 'auto' })).toHaveLength(2);
  });
});
