import { afterEach, describe, expect, it } from '@jest/globals';
import { Agent, ToolwrightError } from '@toolwright/sdk';
import { McpServerToolset, originalNameOf, ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import { conversation } from './fixtures.js';

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

function serverToolset(options: Partial<ConstructorParameters<typeof McpServerToolset>[0]> = {}): McpServerToolset {
  const server = createInMemoryMcpServer({ name: 'srv', tools: [{ name: 'get.weather', annotations: { readOnlyHint: true } }, { name: 'search' }, { name: 'delete' }] });
  return new McpServerToolset({ server: 'srv', open: () => createMcpToolsFromClients([server.client()]), ...options });
}

async function viewOf(toolset: McpServerToolset): Promise<string[]> {
  const agent = new Agent({ toolsets: [toolset] });
  agents.push(agent);
  await agent.initialize(conversation());
  return (await agent.startTurn()).names();
}

describe('McpServerToolset', () => {
  it('offers the server tools under the MCP layer names', async () => {
    expect(await viewOf(serverToolset())).toEqual(['get_weather', 'search', 'delete']);
  });

  it('keeps only enabledTools and drops disabledTools (by MCP name)', async () => {
    expect(await viewOf(serverToolset({ enabledTools: ['search', 'get.weather'] }))).toEqual(['get_weather', 'search']);
    expect(await viewOf(serverToolset({ disabledTools: ['delete'] }))).toEqual(['get_weather', 'search']);
  });

  it("names tools mcp__server__tool with naming: 'mcp', keeping annotations and the reverse map", async () => {
    const toolset = serverToolset({ naming: 'mcp' });
    const agent = new Agent({ toolsets: [toolset] });
    agents.push(agent);
    await agent.initialize(conversation());
    const view = await agent.startTurn();
    expect(view.names()).toEqual(['mcp__srv__get_weather', 'mcp__srv__search', 'mcp__srv__delete']);
    const weather = view.get('mcp__srv__get_weather')!;
    expect(originalNameOf(weather)).toBe('get_weather');
    expect(weather.annotations.readOnlyHint).toBe(true);
    const result = await agent.executeToolCall({ id: '1', name: 'mcp__srv__search', arguments: '{"q":"x"}' });
    expect(result.observation.text).toBe('{"q":"x"}');
  });

  it('needs exactly one of config and open', () => {
    let error: unknown;
    try {
      new McpServerToolset({ server: 'srv' });
    } catch (e) {
      error = e;
    }
    expect(ToolwrightError.isInstance(error) && error.message).toBe("McpServerToolset 'srv': give exactly one of config or open.");
  });
});

describe('an MCP server in a tool group', () => {
  it('is hidden until its group is active, then callable', async () => {
    const server = createInMemoryMcpServer({ name: 'docs', tools: [{ name: 'search' }] });
    const docs = new McpServerToolset({ server: 'docs', open: () => createMcpToolsFromClients([server.client()]), naming: 'mcp' });
    const agent = new Agent({ toolsets: [new ToolGroupsToolset({ groups: [{ name: 'docs', description: 'Search the docs.', toolsets: [docs] }] })] });
    agents.push(agent);
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['reset_tools']);
    const early = await agent.executeToolCall({ id: '1', name: 'mcp__docs__search', arguments: '{}' });
    expect(early.observation.text).toBe(
      `The tool 'mcp__docs__search' is in tool group 'docs', which is currently inactive. Activate the group first by calling 'reset_tools' with {"docs":true} (and true for every other group you still need).`,
    );
    await agent.executeToolCall({ id: '2', name: 'reset_tools', arguments: '{"docs":true}' });
    expect((await agent.startTurn()).names()).toEqual(['mcp__docs__search', 'reset_tools']);
    expect((await agent.executeToolCall({ id: '3', name: 'mcp__docs__search', arguments: '{"q":"x"}' })).observation.text).toBe('{"q":"x"}');
  });
});
