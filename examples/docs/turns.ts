// docs/toolsets.md, "Turns" and "Spec toolsets": compiled by the typecheck and run by
// test/docs/examples.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import { ToolGroupsToolset } from '@toolwright/sdk/toolsets';
import type { ToolCall, ToolCallResult } from '@toolwright/sdk';

/** One model request: start the turn, export its view, run what the model sent back. */
export async function oneRequest(agent: Agent, model: (tools: unknown[]) => ToolCall[]): Promise<ToolCallResult[]> {
  await agent.startTurn({ role: 'user' }); // new turn: toolsets, visible, view
  const tools = agent.toolSchemas('anthropic'); // this turn's view
  const calls = model(tools);
  return agent.executeToolCalls(calls);
}

/** A group's tools and skills may be names of the agent's own tools and skill directories. */
export async function groupsByName(workingDir: string): Promise<string[]> {
  const review = join(workingDir, 'skills', 'review');
  mkdirSync(review, { recursive: true });
  writeFileSync(join(review, 'SKILL.md'), '---\nname: review\ndescription: How we review code.\n---\nRead the diff twice.\n');
  const agent = new Agent({
    tools: [{ name: 'grep' }, { name: 'terminal' }],
    toolsets: [new ToolGroupsToolset({
      basic: { tools: ['grep'], skills: [join(workingDir, 'skills/review')] },
      groups: [{ name: 'shell', description: 'Run commands.', tools: ['terminal'] }],
    })],
  });
  await agent.initialize(new ConversationState({ workingDir }));
  try {
    return (await agent.startTurn()).names();
  } finally {
    await agent.close();
  }
}
