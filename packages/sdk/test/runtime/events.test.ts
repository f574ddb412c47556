import { describe, expect, it } from '@jest/globals';
import { ActionEvent, AgentErrorEvent, Agent, ConversationState, eventFromJSON, Observation, ObservationEvent } from '@toolwright/sdk';
import { EchoAction, testRegistry } from './fixtures/runtime-tools.js';

describe('events', () => {
  it('serialize with their kind and the Action/Observation kinds, and read back', async () => {
    const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const result = await agent.executeToolCall({ id: 'c1', name: 'echo', arguments: { text: 'hi', summary: 'greet' } as never });
    await agent.close();
    const [action, observation] = result.events as [ActionEvent, ObservationEvent];
    const json = JSON.parse(JSON.stringify(result.events)) as unknown[];
    expect(json[0]).toEqual({
      kind: 'ActionEvent',
      id: action.id,
      timestamp: action.timestamp,
      toolCallId: 'c1',
      toolName: 'echo',
      action: { kind: 'EchoAction', text: 'hi' },
      summary: 'greet',
    });
    expect(json[1]).toEqual({
      kind: 'ObservationEvent',
      id: observation.id,
      timestamp: observation.timestamp,
      toolCallId: 'c1',
      toolName: 'echo',
      actionId: action.id,
      observation: { kind: 'Observation', content: [{ type: 'text', text: 'hi' }], isError: false },
    });
    const back = json.map(eventFromJSON);
    expect(back[0]).toBeInstanceOf(ActionEvent);
    expect((back[0] as ActionEvent).action).toBeInstanceOf(EchoAction);
    expect((back[0] as ActionEvent).summary).toBe('greet');
    expect(back[1]).toBeInstanceOf(ObservationEvent);
    expect((back[1] as ObservationEvent).observation).toBeInstanceOf(Observation);
    expect(back.map((e) => e.toJSON())).toEqual(json);
  });

  it('numbers event ids when the events are created, even when the ids are read later', () => {
    const first = new AgentErrorEvent({ toolCallId: 'c', toolName: 'x', code: 'UNKNOWN_TOOL', message: 'm' });
    const second = new AgentErrorEvent({ toolCallId: 'c', toolName: 'x', code: 'UNKNOWN_TOOL', message: 'm' });
    const counter = (id: string): number => parseInt(id.slice(id.lastIndexOf('-') + 1), 36);
    const [b, a] = [second.id, first.id];
    expect(a).toMatch(/^ev-[0-9a-f]{16}-[0-9a-z]+$/);
    expect(counter(b)).toBe(counter(a) + 1);
    expect(first.id).toBe(a);
  });

  it('round-trips an AgentErrorEvent with its code and message', () => {
    const event = new AgentErrorEvent({ toolCallId: 'c', toolName: 'x', code: 'UNKNOWN_TOOL', message: "Tool 'x' not found. Available: (none)." });
    const back = eventFromJSON(JSON.parse(JSON.stringify(event)));
    expect(back).toBeInstanceOf(AgentErrorEvent);
    expect(back).toEqual(event);
    expect(event.toObservation()).toMatchObject({ isError: true, errorCode: 'UNKNOWN_TOOL' });
  });

  it('rejects unknown kinds and malformed events with what was expected', () => {
    expect(() => eventFromJSON({ kind: 'MessageEvent' })).toThrow(
      'Unknown event kind "MessageEvent"; expected one of ActionEvent, ObservationEvent, AgentErrorEvent, LogEvent, ApprovalRequestEvent.',
    );
    expect(() => eventFromJSON(null)).toThrow('Unknown event kind undefined; expected one of ActionEvent, ObservationEvent, AgentErrorEvent, LogEvent, ApprovalRequestEvent.');
    expect(() => eventFromJSON({ kind: 'AgentErrorEvent', id: 'i', timestamp: 't', toolCallId: 'c', toolName: 'n', code: 1 })).toThrow(
      'Serialized AgentErrorEvent is invalid: code: expected a string.',
    );
    expect(() => eventFromJSON({ kind: 'ObservationEvent', id: 'i', timestamp: 't', toolCallId: 7 })).toThrow(
      'Serialized ObservationEvent is invalid: toolCallId: expected a string.',
    );
    const base = { id: 'i', timestamp: 't', toolCallId: 'c', toolName: 'n' };
    expect(() => eventFromJSON({ kind: 'ActionEvent', ...base, action: { kind: 'EchoAction', text: 'a' }, securityRisk: 'DIRE' })).toThrow(
      'Serialized ActionEvent is invalid: securityRisk: expected one of LOW, MEDIUM, HIGH, UNKNOWN.',
    );
    expect(() => eventFromJSON({ kind: 'ActionEvent', ...base, action: { kind: 'EchoAction', text: '' } })).toThrow(
      'Serialized EchoAction is invalid:',
    );
  });
});
