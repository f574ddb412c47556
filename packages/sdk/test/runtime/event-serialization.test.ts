import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, ActionEvent, Field, Observation, ObservationEvent } from '@toolwright/sdk';

class AnyAction extends Action {
  @Field({ description: 'A value' }) @IsString() value!: string;
}

describe('event serialisation never throws', () => {
  it('writes BigInt, cycles and throwing getters in an Action as text', () => {
    const action = new AnyAction();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    Object.assign(action, { value: 10n as unknown as string, extra: cyclic });
    Object.defineProperty(action, 'secret', { enumerable: true, get: () => { throw new Error('no access'); } });
    const event = new ActionEvent({ toolCallId: 'c', toolName: 't', action });
    const json = JSON.parse(JSON.stringify(event)) as { action: Record<string, unknown> };
    expect(json.action.kind).toBe('AnyAction');
    expect(json.action.value).toBe('10n');
  });

  it('writes an Observation whose content cannot be serialised', () => {
    const observation = Observation.fromText('ok');
    const cyclic: Record<string, unknown> = {};
    cyclic.again = cyclic;
    observation.content.push({ type: 'resource', resource: { uri: 'x', text: 'y', meta: cyclic, big: 2n } as never });
    const event = new ObservationEvent({ toolCallId: 'c', toolName: 't', actionId: 'a', observation });
    const json = JSON.parse(JSON.stringify(event)) as { observation: { content: { resource?: Record<string, unknown> }[] } };
    expect(json.observation.content[1]!.resource).toEqual({ uri: 'x', text: 'y', meta: { again: '[Circular]' }, big: '2n' });
  });
});
