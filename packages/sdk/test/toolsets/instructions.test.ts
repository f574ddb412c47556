import { describe, expect, it } from '@jest/globals';
import { Agent } from '@toolwright/sdk';
import { CombinedToolset, FilteredToolset, FunctionToolset, renderInstructions, ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import { conversation, textTool } from './fixtures.js';

async function instructionsOf(agent: Agent, values: Record<string, unknown> = {}): Promise<string> {
  await agent.initialize(conversation());
  await agent.startTurn(values);
  const text = await agent.instructions();
  await agent.close();
  return text;
}

describe('tool instructions', () => {
  it('group a plain string under the tool name and write <tool-instruction name="…"> joined by newlines', async () => {
    const set = new FunctionToolset([textTool('view'), textTool('edit')], { instructions: { view: 'Use view for files.', edit: 'Read before editing.' } });
    expect(await instructionsOf(new Agent({ toolsets: [set] }))).toBe(
      '<tool-instruction name="view">Use view for files.</tool-instruction>\n<tool-instruction name="edit">Read before editing.</tool-instruction>',
    );
  });

  it('keep the first instruction of a group (fact 44)', async () => {
    const set = new FunctionToolset([textTool('task_create'), textTool('task_list')], {
      instructions: { task_create: { group: 'task-manager', content: 'Guidelines A.' }, task_list: { group: 'task-manager', content: 'Guidelines B.' } },
    });
    expect(await instructionsOf(new Agent({ toolsets: [set] }))).toBe('<tool-instruction name="task-manager">Guidelines A.</tool-instruction>');
  });

  it('write a toolset-wide instruction once while any of its tools is in view', async () => {
    const set = new FunctionToolset([textTool('a'), textTool('b')], { label: 'files', instructions: 'Paths are relative to the workspace.' });
    expect(await instructionsOf(new Agent({ toolsets: [set] }))).toBe('<tool-instruction name="files">Paths are relative to the workspace.</tool-instruction>');
  });

  it('leave out instructions of tools not in the view (pai fact 46 is a bug)', async () => {
    const set = new FunctionToolset([textTool('view'), textTool('shell')], { instructions: { view: 'V.', shell: 'S.' } });
    const filtered = new FilteredToolset(set, { keep: (_c, tool) => tool.name !== 'shell' });
    expect(await instructionsOf(new Agent({ toolsets: [filtered] }))).toBe('<tool-instruction name="view">V.</tool-instruction>');
    const hidden = new FilteredToolset(set, { when: () => false });
    expect(await instructionsOf(new Agent({ toolsets: [hidden] }))).toBe('');
    // The agent's own visibility filter counts too.
    expect(await instructionsOf(new Agent({ toolsets: [set], visible: (tool) => tool.name === 'shell' }))).toBe('<tool-instruction name="shell">S.</tool-instruction>');
  });

  it("leave out the loser's instruction under onConflict 'last-wins'", async () => {
    const first = new FunctionToolset([textTool('search')], { instructions: { search: 'Web search.' } });
    const second = new FunctionToolset([textTool('search')], { instructions: { search: 'Docs search.' } });
    const set = new CombinedToolset([first, second], { onConflict: 'last-wins' });
    expect(await instructionsOf(new Agent({ toolsets: [set] }))).toBe('<tool-instruction name="search">Docs search.</tool-instruction>');
  });

  it('is empty without toolsets', async () => {
    expect(await instructionsOf(new Agent({ extraTools: [textTool('a')] }))).toBe('');
    expect(renderInstructions([], () => true)).toBe('');
  });

  it('are written in one format everywhere: reset_tools returns the same tag agent.instructions() writes', async () => {
    const groups = new ToolGroupsToolset({ groups: [{ name: 'db', description: 'Database tools.', instructions: 'Use transactions.', tools: [textTool('query')] }, { name: 'web', description: 'Web tools.', instructions: 'Cite sources.', tools: [textTool('fetch')] }] });
    const agent = new Agent({ toolsets: [groups] });
    await agent.initialize(conversation());
    await agent.startTurn();
    const reset = await agent.executeToolCall({ id: 'r', name: 'reset_tools', arguments: { db: true, web: true } });
    await agent.startTurn();
    const tags = '<tool-instruction name="db">Use transactions.</tool-instruction>\n<tool-instruction name="web">Cite sources.</tool-instruction>';
    expect(reset.observation.text).toBe(`The currently activated tool group(s): db, web.\n${tags}`);
    expect(await agent.instructions()).toBe(tags);
    await agent.close();
  });
});
