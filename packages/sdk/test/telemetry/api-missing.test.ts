import { describe, expect, it, jest } from '@jest/globals';

// @opentelemetry/api as it is where it is not installed: importing it fails.
jest.unstable_mockModule('@opentelemetry/api', () => {
  throw Object.assign(new Error("Cannot find package '@opentelemetry/api'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

describe('telemetry when @opentelemetry/api cannot be loaded', () => {
  it('leaves tracing off and calls unharmed, even with a tracer provider registered by another copy of the API', async () => {
    // What another copy of the API leaves on the global object once a provider is registered.
    (globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')] = { version: '1.9.0', trace: {} };
    const { Action, Agent, ConversationState, Field, Observation, ToolDefinition } = await import('@toolwright/sdk');
    const { IsString } = await import('class-validator');
    const { activeTracing } = await import('../../src/telemetry/active-tracing.js');
    const { loadedOtelApi } = await import('../../src/telemetry/otel-api.js');
    class SayAction extends Action {
      text!: string;
    }
    Field({ description: 'Text' })(SayAction.prototype, 'text');
    IsString()(SayAction.prototype, 'text');
    const tool = new ToolDefinition({ name: 'say', description: 'Says it.', actionType: SayAction, executor: { execute: (a) => Observation.fromText(`said ${a.text}`) } });
    const agent = new Agent({ extraTools: [tool] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    for (let i = 0; i < 2; i++) {
      const result = await agent.executeToolCall({ id: `c${i}`, name: 'say', arguments: '{"text":"hi"}' });
      expect(result.observation.text).toBe('said hi');
    }
    await expect(Promise.resolve(activeTracing())).resolves.toBeUndefined();
    expect(loadedOtelApi()).toBeUndefined();
    await agent.close();
  });
});
