// The agent every "With your model" example gives its model: one schema-first tool under a policy
// (read-only, so the policy allows it without asking).
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';

export const weather = defineTool<{ city: string }>({
  name: 'weather',
  description: 'Today’s weather in a city.',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  annotations: { readOnlyHint: true },
  execute: ({ city }) => `${city}: 18 °C, light rain`,
});

/** An initialized agent with the weather tool and the default policy. */
export async function weatherAgent(): Promise<Agent> {
  const agent = new Agent({ toolsets: [new FunctionToolset([weather])], policy: {} });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  return agent;
}
