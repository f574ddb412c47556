import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, ToolDefinition } from '@toolwright/sdk';
import { createToolServer } from '../../packages/cli/src/serve/create-tool-server.js';
import { OpenedToolset } from '../../packages/cli/src/toolset/opened-toolset.js';

class LinesAction extends Action {
  @Field({ description: 'Lines to stream' }) @IsString() text!: string;
}

/** A streaming tool: one chunk per line. */
const lines = new ToolDefinition({
  name: 'lines',
  description: 'Streams lines.',
  actionType: LinesAction,
  annotations: { readOnlyHint: true },
  executor: {
    async *execute(action) {
      for (const line of action.text.split('\n')) yield line;
    },
  },
});

describe('streamed chunks over MCP (serve)', () => {
  it('sends each chunk as a progress notification and the accumulation as the result', async () => {
    const agent = new Agent({ extraTools: [lines] });
    const state = new ConversationState({ workingDir: '/tmp' });
    await agent.initialize(state);
    const toolset = new OpenedToolset(agent, state, new Set());
    const server = createToolServer(toolset);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const progress: Progress[] = [];
      const result = await client.callTool({ name: 'lines', arguments: { text: 'one\ntwo\nthree' } }, undefined, { onprogress: (p) => progress.push(p) });
      expect(progress.map((p) => [p.progress, p.message])).toEqual([
        [1, 'one'],
        [2, 'two'],
        [3, 'three'],
      ]);
      // The chunks are pieces of one text: the result has them as one block (the tool yields no newlines).
      expect(result.content).toEqual([{ type: 'text', text: 'onetwothree' }]);
    } finally {
      await client.close();
      await server.close();
      await toolset.close();
    }
  });
});
