import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, ErrorCode, Field, Observation, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { ClientLogLevel, ElicitRequest, SampleRequest } from '@toolwright/sdk';

class TalkAction extends Action {
  @Field({ description: 'log, sample or elicit' }) @IsString() what!: string;
}

/** A tool that logs, samples or elicits, by argument, and says what it got back. */
const talker = new ToolDefinition({
  name: 'talker',
  description: 'Talks back to the client.',
  actionType: TalkAction,
  executor: {
    execute: async (action, ctx) => {
      if (action.what === 'log') {
        await ctx.log('warning', { step: 1 });
        return Observation.fromText('logged');
      }
      if (action.what === 'sample') {
        const answer = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'two plus two?' } }], maxTokens: 5 });
        return Observation.fromText(`sampled: ${answer.content.type === 'text' ? answer.content.text : '?'}`);
      }
      const answer = await ctx.elicit('Proceed?', { type: 'object', properties: { ok: { type: 'boolean' } } });
      return Observation.fromText(`elicited: ${answer.action} ${JSON.stringify(answer.content ?? null)}`);
    },
  },
});

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function agentWith(options: ConstructorParameters<typeof Agent>[0]): Promise<Agent> {
  const agent = new Agent({ extraTools: [talker], ...options });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

describe('Agent onLog / onSample / onElicit reach the ToolContext', () => {
  it('hands log, sample and elicit to the handlers given to the Agent', async () => {
    const logs: [ClientLogLevel, unknown][] = [];
    const samples: SampleRequest[] = [];
    const elicits: ElicitRequest[] = [];
    const agent = await agentWith({
      onLog: (level, data) => void logs.push([level, data]),
      onSample: async (request) => (samples.push(request), { role: 'assistant', content: { type: 'text', text: 'four' }, model: 'm' }),
      onElicit: async (request) => (elicits.push(request), { action: 'accept', content: { ok: true } }),
    });
    expect((await agent.executeToolCall({ id: '1', name: 'talker', arguments: { what: 'log' } })).observation.text).toBe('logged');
    expect(logs).toEqual([['warning', { step: 1 }]]);
    expect((await agent.executeToolCall({ id: '2', name: 'talker', arguments: { what: 'sample' } })).observation.text).toBe('sampled: four');
    expect(samples).toEqual([{ messages: [{ role: 'user', content: { type: 'text', text: 'two plus two?' } }], maxTokens: 5 }]);
    expect((await agent.executeToolCall({ id: '3', name: 'talker', arguments: { what: 'elicit' } })).observation.text).toBe('elicited: accept {"ok":true}');
    expect(elicits).toEqual([{ message: 'Proceed?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }]);
  });

  it('without handlers, sampling and eliciting give the model a "not supported by this client" error Observation (logging never fails: see log-event.test.ts)', async () => {
    const agent = await agentWith({});
    for (const [what, text] of [
      ['sample', 'Sampling is not supported by this client.'],
      ['elicit', 'Elicitation is not supported by this client.'],
    ] as const) {
      const { observation } = await agent.executeToolCall({ id: what, name: 'talker', arguments: { what } });
      expect(observation.isError).toBe(true);
      expect(observation.text).toBe(text);
    }
  });

  it("a call's own client handlers win over the Agent's, handler by handler", async () => {
    const seen: string[] = [];
    const agent = await agentWith({
      onLog: () => void seen.push('agent log'),
      onElicit: async () => (seen.push('agent elicit'), { action: 'decline' }),
    });
    const client = { elicit: async () => (seen.push('call elicit'), { action: 'cancel' as const }) };
    expect((await agent.executeToolCall({ id: 'a', name: 'talker', arguments: { what: 'elicit' } }, { client })).observation.text).toBe('elicited: cancel null');
    expect((await agent.executeToolCall({ id: 'b', name: 'talker', arguments: { what: 'log' } }, { client })).observation.text).toBe('logged');
    expect(seen).toEqual(['call elicit', 'agent log']);
  });

  it('a handler that is not a function is a configuration error', () => {
    expect(() => new Agent({ onSample: 'yes' as never })).toThrow(new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: "Agent option 'onSample' must be a function; got string." }));
  });
});
