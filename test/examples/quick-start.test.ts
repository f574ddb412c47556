import { describe, expect, it } from '@jest/globals';
import { ConversationState } from '@toolwright/sdk';
import { quickStart, registry } from '../../examples/quick-start.js';

describe('README quick start', () => {
  it('declares, resolves and calls a tool', async () => {
    expect(await quickStart()).toBe('Hello, Ada! Hello, Ada!');
  });

  it('gives the model the schema the README shows', async () => {
    const state = new ConversationState({ workingDir: process.cwd() });
    const [greet] = await registry.resolve({ name: 'greet' }, state);
    expect(greet!.toOpenAITool()).toEqual({
      type: 'function',
      function: {
        name: 'greet',
        description: 'Greets someone.',
        parameters: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'Who to greet' },
            times: { type: 'integer', description: 'How many times', minimum: 1 },
          },
          required: ['name'],
          additionalProperties: false,
        },
      },
    });
    await state.close();
  });
});
