import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Agent, ToolwrightError } from '@toolwright/sdk';
import { ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import { inactiveMessage } from '../../src/toolsets/tool-groups-toolset.js';
import type { ToolGroup } from '@toolwright/sdk/toolsets';
import { callOf, conversation, textTool } from './fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tw-groups-'));
  dirs.push(dir);
  return dir;
}

const groups = (): ToolGroup[] => [
  { name: 'database', description: 'Tools for database operations.', instructions: 'Always wrap mutations in a transaction.', tools: [textTool('db_query'), textTool('db_migrate')] },
  { name: 'deployment', description: 'Tools for deploying services.', instructions: 'Confirm the target environment before deploying.', tools: [textTool('deploy')] },
];

async function agentWith(toolset: ToolGroupsToolset, workingDir = tempDir(), id = 'conv-1'): Promise<Agent> {
  const agent = new Agent({ toolsets: [toolset] });
  await agent.initialize(conversation(id, workingDir));
  await agent.startTurn();
  return agent;
}

const reset = (agent: Agent, args: unknown, id = 'r') => agent.executeToolCall({ id, name: 'reset_tools', arguments: JSON.stringify(args) });

function constructionError(options: ConstructorParameters<typeof ToolGroupsToolset>[0]): string {
  try {
    new ToolGroupsToolset(options);
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('expected a construction error');
}

describe('ToolGroupsToolset', () => {
  it('shows basic tools and reset_tools, with one boolean per group described by the group', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ basic: { tools: [textTool('read')] }, groups: groups() }));
    expect(agent.view.names()).toEqual(['read', 'reset_tools']);
    const schema = agent.view.get('reset_tools')!.toOpenAITool().function.parameters;
    expect(schema).toEqual({
      type: 'object',
      properties: { database: { type: 'boolean', description: 'Tools for database operations.' }, deployment: { type: 'boolean', description: 'Tools for deploying services.' } },
      additionalProperties: false,
    });
    await agent.close();
  });

  it('has no reset_tools without a non-basic group (fact 28)', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ basic: { tools: [textTool('read')] }, groups: [] }));
    expect(agent.view.names()).toEqual(['read']);
    await agent.close();
  });

  it('takes the arguments as the final state (fact 24) and returns the activated groups with their instructions (fact 26)', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ groups: groups() }));
    expect((await reset(agent, { database: true })).observation.text).toBe(
      'The currently activated tool group(s): database.\n<tool-instruction name="database">Always wrap mutations in a transaction.</tool-instruction>',
    );
    expect((await agent.startTurn()).names()).toEqual(['db_query', 'db_migrate', 'reset_tools']);
    expect((await reset(agent, { deployment: true })).observation.text).toBe(
      'The currently activated tool group(s): deployment.\n<tool-instruction name="deployment">Confirm the target environment before deploying.</tool-instruction>',
    );
    expect((await agent.startTurn()).names()).toEqual(['deploy', 'reset_tools']);
    expect((await reset(agent, {})).observation.text).toBe('All tool groups are currently deactivated.');
    expect((await agent.startTurn()).names()).toEqual(['reset_tools']);
    await agent.close();
  });

  it('marks the currently active groups in the schema of each turn', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ groups: groups() }));
    await reset(agent, { deployment: true });
    await agent.startTurn();
    const properties = (agent.view.get('reset_tools')!.toOpenAITool().function.parameters as { properties: Record<string, { description: string }> }).properties;
    expect(properties.deployment!.description).toBe('Tools for deploying services. (currently active)');
    expect(properties.database!.description).toBe('Tools for database operations.');
    await agent.close();
  });

  it('refuses unknown group names and non-booleans by its schema, with the state unchanged (fact 25)', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ groups: groups() }));
    await reset(agent, { database: true });
    const unknown = await reset(agent, { database: true, Z: true });
    expect(unknown.observation.isError).toBe(true);
    expect(unknown.observation.text).toBe("Invalid arguments for tool 'reset_tools':\n- Z: unknown field; allowed fields: database, deployment\nFix this argument and call 'reset_tools' again.");
    const notBool = await reset(agent, { deployment: 'yes' });
    expect(notBool.observation.isError).toBe(true);
    expect(notBool.observation.text).toContain('- deployment: expected boolean');
    expect((await agent.startTurn()).names()).toEqual(['db_query', 'db_migrate', 'reset_tools']);
    await agent.close();
  });

  it('tells a call of a tool of an inactive group which group to activate (fact 27), and an unknown one that it does not exist', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ groups: groups() }));
    const inactive = await agent.executeToolCall(callOf('deploy'));
    expect(inactive.observation.isError).toBe(true);
    expect(inactive.observation.text).toBe(
      `The tool 'deploy' is in tool group 'deployment', which is currently inactive. Activate the group first by calling 'reset_tools' with {"deployment":true} (and true for every other group you still need).`,
    );
    expect((await agent.executeToolCall(callOf('nope'))).observation.text).toBe("Tool 'nope' not found. Available: reset_tools.");
    await agent.close();
  });

  it('refuses a group without a description, a group named basic and duplicate names (fact 29)', () => {
    expect(constructionError({ groups: [{ name: 'a', description: ' ' }] })).toBe("Tool group 'a' needs a description (the model reads it to decide when to activate the group).");
    expect(constructionError({ groups: [{ name: 'basic', description: 'x' }] })).toBe("groups[0]: 'basic' is the always-active group; give its tools in the basic option instead.");
    expect(constructionError({ groups: [{ name: 'a', description: 'x' }, { name: 'a', description: 'y' }] })).toBe("groups[1]: two tool groups are named 'a'.");
    expect(constructionError({ groups: [{ name: 'a b', description: 'x' }] })).toBe(`groups[0].name must be a name of letters, digits, '_' or '-', got "a b".`);
  });

  it('refuses one tool name in two groups, naming both (never last-wins)', () => {
    expect(constructionError({ basic: { tools: [textTool('x')] }, groups: [{ name: 'a', description: 'A.', tools: [textTool('x')] }] })).toBe("Tool name 'x' is in both tool group 'basic' and tool group 'a'.");
  });

  it('keeps the activation per conversation, across a restart with the same id', async () => {
    const dir = tempDir();
    const first = await agentWith(new ToolGroupsToolset({ groups: groups() }), dir, 'conv-7');
    await reset(first, { database: true, deployment: true });
    await first.close();
    expect(JSON.parse(readFileSync(join(dir, '.toolwright', 'conversations', 'conv-7', 'tool-groups.json'), 'utf8'))).toEqual({ active: ['database', 'deployment'] });
    const again = await agentWith(new ToolGroupsToolset({ groups: groups() }), dir, 'conv-7');
    expect(again.view.names()).toEqual(['db_query', 'db_migrate', 'deploy', 'reset_tools']);
    await again.close();
    const other = await agentWith(new ToolGroupsToolset({ groups: groups() }), dir, 'conv-8');
    expect(other.view.names()).toEqual(['reset_tools']);
    await other.close();
  });

  it('writes instructions only for active groups (inactive tools contribute none)', async () => {
    const agent = await agentWith(new ToolGroupsToolset({ groups: groups() }));
    expect(await agent.instructions()).toBe('');
    await reset(agent, { deployment: true });
    await agent.startTurn();
    expect(await agent.instructions()).toBe('<tool-instruction name="deployment">Confirm the target environment before deploying.</tool-instruction>');
    await agent.close();
  });

  it('returns the same tools array when nothing changed between turns', async () => {
    const toolset = new ToolGroupsToolset({ groups: groups() });
    const agent = await agentWith(toolset);
    const ctx = agent.turnContext();
    expect(await toolset.tools(ctx)).toBe(await toolset.tools(ctx));
    await agent.close();
  });

  it("takes the agent's own tools by name (spec tools, extraTools, MCP tools): the group shows and hides them", async () => {
    const agent = new Agent({
      extraTools: [textTool('read'), textTool('db_query'), textTool('notes')],
      toolsets: [new ToolGroupsToolset({ basic: { tools: ['read'] }, groups: [{ name: 'database', description: 'Tools for database operations.', tools: ['db_query', textTool('db_migrate')] }] })],
    });
    await agent.initialize(conversation('conv-names', tempDir()));
    expect((await agent.startTurn()).names()).toEqual(['notes', 'read', 'reset_tools']);
    const hidden = await agent.executeToolCall(callOf('db_query'));
    expect(hidden.observation.text).toBe(inactiveMessage('db_query', 'database'));
    await reset(agent, { database: true });
    expect((await agent.startTurn()).names()).toEqual(['notes', 'read', 'db_query', 'db_migrate', 'reset_tools']);
    expect((await agent.executeToolCall(callOf('db_query', 'select 1'))).observation.text).toBe('db_query:select 1');
    await agent.close();
  });

  it("refuses a tool name the agent does not have when the agent starts, with did-you-mean and the agent's tools", async () => {
    const agent = new Agent({ extraTools: [textTool('db_query')], toolsets: [new ToolGroupsToolset({ groups: [{ name: 'database', description: 'Database.', tools: ['db_qurey'] }] })] });
    const error = await agent.initialize(conversation('conv-typo', tempDir())).then(() => undefined, (e: unknown) => e);
    await agent.close();
    expect(ToolwrightError.isInstance(error) && error.message).toBe("tool group 'database': the agent has no tool 'db_qurey'. Did you mean 'db_query'? The agent's tools: db_query.");
  });
});
