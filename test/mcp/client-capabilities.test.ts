import { afterEach, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { AgentOptions, ElicitRequest, McpServerConfig, SampleRequest } from '@toolwright/sdk';
import { EVERYTHING } from './support/servers.js';

const GATED = ['get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request'];

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function everythingAgent(server: Partial<McpServerConfig>, options: AgentOptions = {}): Promise<Agent> {
  const agent = new Agent({ ...options, mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], ...server } as McpServerConfig } });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

async function call(agent: Agent, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const { observation } = await agent.executeToolCall({ id: name, name, arguments: args });
  return { text: observation.text, isError: observation.isError };
}

describe('MCP client capabilities against server-everything (stdio)', () => {
  it('without capabilities, the capability-gated tools are missing', async () => {
    const agent = await everythingAgent({});
    const names = [...agent.toolsMap.keys()];
    for (const gated of GATED) expect(names).not.toContain(gated);
  });

  it('with sampling, elicitation and roots declared, every tool appears and each request is answered', async () => {
    const samples: SampleRequest[] = [];
    const elicits: ElicitRequest[] = [];
    const plain = [...(await everythingAgent({})).toolsMap.keys()];
    const agent = await everythingAgent(
      { capabilities: { sampling: true, elicitation: true, roots: ['/srv/project', { uri: 'file:///data', name: 'data' }] } },
      {
        onSample: async (request) => (samples.push(request), { role: 'assistant', content: { type: 'text', text: 'sampled answer' }, model: 'host-model' }),
        onElicit: async (request) => (elicits.push(request), { action: 'accept', content: {} }),
      },
    );
    const names = [...agent.toolsMap.keys()];
    expect(names.sort()).toEqual([...plain, ...GATED].sort());
    const sampled = await call(agent, 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
    expect(sampled).toEqual({
      isError: false,
      text: `LLM sampling result: \n${JSON.stringify({ model: 'host-model', role: 'assistant', content: { type: 'text', text: 'sampled answer' } }, null, 2)}`,
    });
    expect(samples).toEqual([
      { messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: Say hi' } }], systemPrompt: 'You are a helpful test server.', temperature: 0.7, maxTokens: 20 },
    ]);

    // The handler answers {}: the schema's defaults fill in the rest.
    const elicited = await call(agent, 'trigger-elicitation-request');
    const filled = {
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    };
    expect(elicited).toEqual({
      isError: false,
      text: `✅ User provided the requested information!\nUser inputs:\n- Favorite Integer: 42\n- Favorite Number: 3.14\n\nRaw result: ${JSON.stringify({ action: 'accept', content: filled }, null, 2)}`,
    });
    expect(elicits.map((e) => [e.message, e.requestedSchema.required])).toEqual([['Please provide inputs for the following fields:', ['name']]]);

    expect(await call(agent, 'get-roots-list')).toEqual({
      isError: false,
      text: 'Current MCP Roots (2 total):\n\n1. Unnamed Root\n   URI: file:///srv/project\n\n2. data\n   URI: file:///data\n\nNote: This server demonstrates the roots protocol capability but doesn\'t actually access files. The roots are provided by the MCP client and can be used by servers that need file system access.',
    });
  });

  it("elicitation 'defaults' declines when a required field has no default (unattended runs)", async () => {
    const agent = await everythingAgent({ capabilities: { elicitation: 'defaults' } });
    expect(await call(agent, 'trigger-elicitation-request')).toEqual({
      isError: false,
      text: `❌ User declined to provide the requested information.\n\nRaw result: ${JSON.stringify({ action: 'decline' }, null, 2)}`,
    });
  });

  it("a handler function per server gets the server name; relative roots resolve against the conversation's working directory", async () => {
    const seen: string[] = [];
    const agent = await everythingAgent({
      capabilities: { sampling: async (request, server) => (seen.push(server), { role: 'assistant', content: { type: 'text', text: `from ${server}` } }), roots: ['work'] },
    });
    const sampled = await call(agent, 'trigger-sampling-request', { prompt: 'x' });
    expect(sampled.text).toBe(`LLM sampling result: \n${JSON.stringify({ model: 'unknown', role: 'assistant', content: { type: 'text', text: 'from everything' } }, null, 2)}`);
    expect(seen).toEqual(['everything']);
    expect((await call(agent, 'get-roots-list')).text.split('\n').slice(0, 4)).toEqual(['Current MCP Roots (1 total):', '', '1. Unnamed Root', '   URI: file:///tmp/work']);
  });

  it('sampling: true without an onSample handler is a configuration error at initialize', async () => {
    await expect(everythingAgent({ capabilities: { sampling: true } })).rejects.toThrow(
      "Invalid MCP server 'everything' (mcpServers.everything.capabilities.sampling): is true, but the host has no sampling handler; give the Agent an onSample handler, or a handler function here.",
    );
  });

  it('the spec checker names the field of a bad capability', async () => {
    await expect(everythingAgent({ capabilities: { sampling: 'yes' } } as never)).rejects.toThrow(
      "Invalid MCP server 'everything' (mcpServers.everything.capabilities.sampling): expected true (the Agent's onSample) or a handler function, got string.",
    );
    await expect(everythingAgent({ capabilities: { roots: ['https://example.org/x'] } })).rejects.toThrow(
      'Invalid MCP server \'everything\' (mcpServers.everything.capabilities.roots[0]): "https://example.org/x" is not a file:// URI; roots are directories (a path or a file:// URI).',
    );
  });
});
