import { afterEach, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, eventFromJSON, Field, LogEvent, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ClientLogLevel } from '@toolwright/sdk';

class NoteAction extends Action {
  @Field({ description: 'What to log' }) @IsString() note!: string;
}

/** A tool that logs its note twice (info, then warning) and answers 'done'. */
const noisy = new ToolDefinition({
  name: 'noisy',
  description: 'Logs while it works.',
  actionType: NoteAction,
  executor: {
    execute: async (action, ctx) => {
      await ctx.log('info', `starting ${action.note}`);
      await ctx.log('warning', { note: action.note, step: 2 });
      return Observation.fromText('done');
    },
  },
});

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function agentWith(options: ConstructorParameters<typeof Agent>[0] = {}): Promise<Agent> {
  const agent = new Agent({ extraTools: [noisy], ...options });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

const logsOf = (events: readonly unknown[]): [ClientLogLevel, unknown][] =>
  events.filter((e): e is LogEvent => e instanceof LogEvent).map((e) => [e.level, e.data]);

describe('ctx.log', () => {
  it('in an Agent without onLog, succeeds and puts each log in the call\'s events, between the ActionEvent and the ObservationEvent', async () => {
    const agent = await agentWith();
    const { observation, events } = await agent.executeToolCall({ id: 'c1', name: 'noisy', arguments: { note: 'x' } });
    expect(observation.isError).toBe(false);
    expect(observation.text).toBe('done');
    expect(events.map((e) => e.kind)).toEqual(['ActionEvent', 'LogEvent', 'LogEvent', 'ObservationEvent']);
    expect(logsOf(events)).toEqual([
      ['info', 'starting x'],
      ['warning', { note: 'x', step: 2 }],
    ]);
    const log = events[1] as LogEvent;
    expect([log.toolCallId, log.toolName]).toEqual(['c1', 'noisy']);
  });

  it('with onLog, reaches the listener as it happens and is in the events too', async () => {
    const heard: [ClientLogLevel, unknown][] = [];
    const agent = await agentWith({ onLog: (level, data) => void heard.push([level, data]) });
    const { events } = await agent.executeToolCall({ id: 'c2', name: 'noisy', arguments: { note: 'y' } });
    expect(heard).toEqual([
      ['info', 'starting y'],
      ['warning', { note: 'y', step: 2 }],
    ]);
    expect(logsOf(events)).toEqual(heard);
  });

  it('never fails the call when the listener throws or rejects', async () => {
    for (const onLog of [
      () => {
        throw new Error('listener broke');
      },
      async () => Promise.reject(new Error('transport closed')),
    ]) {
      const agent = await agentWith({ onLog });
      const { observation, events } = await agent.executeToolCall({ id: 'c3', name: 'noisy', arguments: { note: 'z' } });
      expect(observation.text).toBe('done');
      expect(logsOf(events)).toHaveLength(2);
    }
  });

  it('leaves the returned events alone when a tool logs after its call ended', async () => {
    let late: Promise<void> | undefined;
    const hasty = new ToolDefinition({
      name: 'hasty',
      description: 'Logs after answering.',
      actionType: NoteAction,
      executor: {
        execute: (_action, ctx) => {
          late = new Promise<void>((resolve) => setTimeout(() => void ctx.log('info', 'too late').then(resolve), 5));
          return Observation.fromText('answered');
        },
      },
    });
    const agent = await agentWith({ extraTools: [hasty] });
    const { events } = await agent.executeToolCall({ id: 'c4', name: 'hasty', arguments: { note: 'n' } });
    await late;
    expect(events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
  });

  it('through ToolDefinition.call without an agent or client, succeeds (the message goes nowhere)', async () => {
    const observation = await noisy.call(noisy.actionFromArguments({ note: 'bare' }));
    expect(observation.isError).toBe(false);
    expect(observation.text).toBe('done');
  });

  it('through ToolDefinition.call with a client, reaches its log listener', async () => {
    const heard: unknown[] = [];
    await noisy.call(noisy.actionFromArguments({ note: 'c' }), { client: { log: (_level, data) => void heard.push(data) } });
    expect(heard).toEqual(['starting c', { note: 'c', step: 2 }]);
  });

  it('serializes as a LogEvent that eventFromJSON reads back; data JSON cannot carry is written as text', async () => {
    const cyclic: Record<string, unknown> = { n: 10n };
    cyclic.self = cyclic;
    const event = new LogEvent({ toolCallId: 'c', toolName: 'noisy', level: 'error', data: cyclic });
    const json = JSON.parse(JSON.stringify(event)) as unknown;
    expect(json).toMatchObject({ kind: 'LogEvent', level: 'error', data: { n: '10n', self: '[Circular]' } });
    const back = eventFromJSON(json);
    expect(back).toBeInstanceOf(LogEvent);
    expect((back as LogEvent).level).toBe('error');
    expect(back.id).toBe(event.id);
    expect(() => eventFromJSON({ ...(json as object), level: 'loud' })).toThrow(
      'Serialized LogEvent is invalid: level: expected one of debug, info, notice, warning, error, critical, alert, emergency.',
    );
  });
});
