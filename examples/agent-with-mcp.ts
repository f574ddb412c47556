// The README's agent example: built-in tools plus an MCP server, and a model's tool calls.
// Compiled and run by test/examples/agent-with-mcp.test.ts.
// Run it: npx tsc -p examples && node examples/dist/agent-with-mcp.js [DIR]   (DIR: default the current one)
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { Content } from '@toolwright/sdk';
import { registerBuiltinTools } from '@toolwright/tools';

/** What the example saw, for its test. */
export interface AgentRun {
  toolCount: number;
  kinds: string[];
  content: Content[];
  mistake: string;
}

export async function runAgent(workingDir: string, filesystemServer: string): Promise<AgentRun> {
  registerBuiltinTools();
  const agent = new Agent({
    tools: [{ name: 'grep' }, { name: 'file_editor' }, { name: 'terminal', params: { noChangeTimeoutSeconds: 10 } }],
    mcpServers: { fs: { command: process.execPath, args: [filesystemServer, workingDir] } },
  });
  await agent.initialize(new ConversationState({ workingDir }));
  try {
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
    return { toolCount: tools.length, kinds: events.map((e) => e.kind), content: observation.toLlmContent(), mistake: mistake.observation.text };
  } finally {
    await agent.close(); // executors, the bash session and the MCP server's process, once
  }
}

/** The entry of @modelcontextprotocol/server-filesystem (a dev dependency of this repository). */
export function filesystemServerEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
}

// Run directly (not when imported by a test): search the given directory.
if (process.argv[1] === fileURLToPath(import.meta.url)) await runAgent(resolve(process.argv[2] ?? '.'), filesystemServerEntry());
