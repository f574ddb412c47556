// The README's agent example: built-in tools plus an MCP server, and a model's tool calls.
// Compiled with the repository (npm run typecheck); the behaviours it shows are tested in
// test/runtime and test/tools.
import { Agent, ConversationState } from '@toolwright/sdk';
import { registerBuiltinTools } from '@toolwright/tools';

export async function runAgent(workingDir: string, filesystemServer: string): Promise<void> {
  registerBuiltinTools();
  const agent = new Agent({
    tools: [{ name: 'grep' }, { name: 'file_editor' }, { name: 'terminal', params: { noChangeTimeoutSeconds: 10 } }],
    mcpServers: { fs: { command: process.execPath, args: [filesystemServer, workingDir] } },
  });
  await agent.initialize(new ConversationState({ workingDir }));

  const tools = agent.toolSchemas('anthropic'); // or 'openai' | 'responses' | 'gemini' | 'mcp'
  console.log(`${tools.length} tools for the model`);

  // What a model sends back; nothing it sends can make this throw.
  const { events, observation } = await agent.executeToolCall({
    id: 'call_1',
    name: 'grep',
    arguments: JSON.stringify({ pattern: 'TODO', path: workingDir }),
  });
  console.log(events.map((e) => e.kind), observation.toLlmContent());

  const mistake = await agent.executeToolCall({ id: 'call_2', name: 'gerp', arguments: '{}' });
  console.log(mistake.observation.text); // Tool 'gerp' not found. Available: … Did you mean 'grep'?

  await agent.close(); // executors, the bash session and the MCP server's process, once
}
