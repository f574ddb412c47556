import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { activeTracing } from '../../src/telemetry/active-tracing.js';
import { loadedOtelApi, tracerProviderRegistered } from '../../src/telemetry/otel-api.js';

class SayAction extends Action {
  @Field({ description: 'Text' }) @IsString() text!: string;
}

describe('telemetry without a tracer provider', () => {
  it('never loads @opentelemetry/api, and tool calls run as before', async () => {
    expect(tracerProviderRegistered()).toBe(false);
    expect(activeTracing()).toBeUndefined();
    const tool = new ToolDefinition({ name: 'say', description: 'Says it.', actionType: SayAction, executor: { execute: (a) => Observation.fromText(`said ${a.text}`) } });
    const agent = new Agent({ extraTools: [tool] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const result = await agent.executeToolCall({ id: 'c1', name: 'say', arguments: '{"text":"hi"}' });
    expect(result.observation.text).toBe('said hi');
    expect(loadedOtelApi()).toBeUndefined();
    await agent.close();
  });
});
