import { describe, expect, it } from '@jest/globals';
import { Agent, ToolwrightError, loadAgentSpec } from '@toolwright/sdk';
import { checkToolsetsSpec, toolsetsFromSpec } from '@toolwright/sdk/toolsets';
import { testRegistry } from '../runtime/fixtures/runtime-tools.js';
import { conversation } from './fixtures.js';

async function specError(raw: object): Promise<string> {
  const error = await loadAgentSpec(raw, { registry: testRegistry() }).then(() => undefined, (e: unknown) => e);
  if (!ToolwrightError.isInstance(error)) throw new Error('expected a spec error');
  return error.message;
}

describe('agent spec toolsets', () => {
  it('builds toolsets with a context filter, renames, a prefix and approval, resolved per turn', async () => {
    const registry = testRegistry();
    const spec = await loadAgentSpec(
      {
        tools: [],
        toolsets: [
          { label: 'speech', tools: ['echo'], rename: { echo: 'say' }, prefix: 'v_' },
          { label: 'admin', tools: [{ name: 'echo' }], when: { role: 'admin' }, approval: true, rename: { echo: 'shout' } },
        ],
      },
      { registry },
    );
    const agent = new Agent({ registry, toolsets: toolsetsFromSpec(spec.toolsets, registry), policy: { onApproval: () => ({ type: 'reject', reason: 'no' }) } });
    await agent.initialize(conversation());
    expect((await agent.startTurn({ role: 'user' })).names()).toEqual(['v_say']);
    expect((await agent.startTurn({ role: 'admin' })).names()).toEqual(['v_say', 'shout']);
    expect((await agent.executeToolCall({ id: '1', name: 'v_say', arguments: '{"text":"hi"}' })).observation.text).toBe('hi');
    expect((await agent.executeToolCall({ id: '2', name: 'shout', arguments: '{"text":"hi"}' })).observation.text).toBe("The user did not approve this call of 'shout': no");
    await agent.close();
  });

  it('says where a toolsets section is wrong', async () => {
    expect(await specError({ tools: [], toolsets: {} })).toContain('toolsets: expected an array of toolsets, got object.');
    expect(await specError({ tools: [], toolsets: [{ prefix: 'x_' }] })).toContain('toolsets[0]: a toolset needs tools or mcpServers.');
    expect(await specError({ tools: [], toolsets: [{ tools: ['echo'], when: { role: 1 } }] })).toContain('toolsets[0].when.role: expected a non-empty string, got number.');
    expect(await specError({ tools: [], toolsets: [{ tools: ['echo'], filter: 'x' }] })).toContain(
      'toolsets[0].filter: unknown field; allowed: label, tools, mcpServers, naming, when, include, exclude, rename, prefix, approval.',
    );
    expect(await specError({ tools: [], toolsets: [{ mcpServers: { docs: { url: 1 } } }] })).toContain('toolsets[0].mcpServers.docs.url: expected a URL string, got number.');
    expect(await specError({ tools: [], toolsets: [{ tools: ['echo'], rename: { echo: 'say it' } }] })).toContain(
      `toolsets[0].rename.echo: expected a tool name (letters, digits, '_' or '-', 1 to 64 characters), got "say it".`,
    );
    expect(await specError({ tools: [], toolsets: [{ tools: ['echo'], prefix: 'web.' }] })).toContain(`toolsets[0].prefix: expected letters, digits, '_' or '-', got "web.".`);
  });

  it("rejects an include or exclude entry that matches no tool at load, naming its JSON path, the closest name and the available ones", async () => {
    const registry = testRegistry();
    const loadError = async (toolsets: object[]): Promise<string> => {
      const spec = await loadAgentSpec({ tools: [], toolsets }, { registry });
      const agent = new Agent({ registry, toolsets: toolsetsFromSpec(spec.toolsets, registry, { source: 'agent.yaml', onWarning: () => undefined }) });
      const error = await agent.initialize(conversation()).then(() => undefined, (e: unknown) => e);
      await agent.close();
      if (!ToolwrightError.isInstance(error)) throw new Error('expected a spec error at initialize');
      expect(error.code).toBe('INVALID_SPEC');
      return error.message;
    };
    expect(await loadError([{ tools: ['echo'] }, { tools: ['echo', 'note'], include: ['echo', 'note', 'ecoh'], prefix: 'b_' }])).toBe(
      "agent.yaml: toolsets[1].include[2]: 'ecoh' matches no tool of this toolset. Did you mean 'echo'? Available (names before renaming): echo, note.",
    );
    expect(await loadError([{ tools: ['echo', 'note'], exclude: ['zzz'] }])).toBe("agent.yaml: toolsets[0].exclude[0]: 'zzz' matches no tool of this toolset. Available (names before renaming): echo, note.");
  });

  it("takes include/exclude names before renaming, and accepts a rename's new name with a warning naming the old one", async () => {
    const registry = testRegistry();
    const spec = await loadAgentSpec({ tools: [], toolsets: [{ tools: ['echo', 'note'], include: ['say'], rename: { echo: 'say' } }] }, { registry });
    const warnings: string[] = [];
    const agent = new Agent({ registry, toolsets: toolsetsFromSpec(spec.toolsets, registry, { onWarning: (message) => warnings.push(message) }) });
    await agent.initialize(conversation());
    expect((await agent.startTurn()).names()).toEqual(['say']);
    expect(warnings).toEqual(["toolsets[0].include[0]: 'say' is the renamed form of 'echo'; include and exclude take names before renaming, so write 'echo' (both forms match)."]);
    await agent.close();
  });

  it('checks entries with the agent spec checkers', () => {
    expect(checkToolsetsSpec(undefined, { checkTool: () => undefined, checkServer: () => undefined })).toBeUndefined();
  });
});
