import { describe, expect, it } from '@jest/globals';
import { Agent } from '@toolwright/sdk';
import { FilteredToolset, FunctionToolset, ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import { conversation, textTool } from './fixtures.js';

const exported = (agent: Agent): string[] => (agent.toolSchemas('openai') as { function: { name: string } }[]).map((t) => t.function.name);

describe('a turn', () => {
  it('starts only with agent.startTurn(values): toolSchemas() exports the view of the last turn, toolsets and visible alike', async () => {
    let showNotes = false;
    const agent = new Agent({
      extraTools: [textTool('read'), textTool('notes')],
      visible: (tool) => tool.name !== 'notes' || showNotes,
      toolsets: [
        new FilteredToolset(new FunctionToolset([textTool('drop_all')]), { when: (ctx) => ctx.values.role === 'admin' }),
        new ToolGroupsToolset({ groups: [{ name: 'db', description: 'Database tools.', tools: [textTool('query')] }] }),
      ],
    });
    await agent.initialize(conversation());
    await agent.startTurn({ role: 'user' });
    expect(exported(agent)).toEqual(['read', 'reset_tools']);

    // Within the turn nothing moves, whatever changed: exporting again gives the same tools.
    showNotes = true;
    await agent.executeToolCall({ id: 'r', name: 'reset_tools', arguments: { db: true } });
    expect(exported(agent)).toEqual(['read', 'reset_tools']);
    expect((await agent.executeToolCall({ id: 'q', name: 'query', arguments: { text: 'x' } })).observation.isError).toBe(true);

    // The next turn sees all of it: visible asked again, the group's tools resolved, the context applied.
    await agent.startTurn({ role: 'admin' });
    expect(exported(agent)).toEqual(['read', 'notes', 'drop_all', 'query', 'reset_tools']);
    expect((await agent.executeToolCall({ id: 'q2', name: 'query', arguments: { text: 'x' } })).observation.text).toBe('query:x');
    await agent.close();
  });

  it('without toolsets, the first export is the view of a first turn (no startTurn needed to begin)', async () => {
    const agent = new Agent({ extraTools: [textTool('read')] });
    await agent.initialize(conversation());
    expect(exported(agent)).toEqual(['read']);
    await agent.close();
  });
});
