import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Agent, AgentErrorEvent, ConversationState } from '@toolwright/sdk';
import type { ToolCall, ToolCallResult } from '@toolwright/sdk';
import { Gates, gatedTools, settle } from './fixtures/runtime-tools.js';

function call(name: string, label: string, path?: string): ToolCall {
  return { id: `id_${label}`, name, arguments: JSON.stringify(path === undefined ? { label } : { label, path }) };
}

describe('Agent.executeToolCalls', () => {
  let gates: Gates;
  let agent: Agent;

  beforeEach(async () => {
    gates = new Gates();
    agent = new Agent({ extraTools: gatedTools(gates) });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  });

  afterEach(async () => {
    await agent.close();
  });

  /** Starts the batch; the returned promise settles when every call is done. */
  function start(calls: ToolCall[]): Promise<ToolCallResult[]> {
    return agent.executeToolCalls(calls);
  }

  it('runs read-only calls together', async () => {
    const done = start([call('read', 'a'), call('read', 'b'), call('read_file', 'c', '/x')]);
    await Promise.all([gates.started('a'), gates.started('b'), gates.started('c')]);
    expect(gates.log).toEqual(['start a', 'start b', 'start c']);
    gates.release('c');
    gates.release('b');
    gates.release('a');
    const results = await done;
    expect(results.map((r) => r.observation.text)).toEqual(['done a', 'done b', 'done c']);
    expect(gates.log).toEqual(['start a', 'start b', 'start c', 'end c', 'end b', 'end a']);
  });

  it('serialises writers of the same declared resource in call order, and runs other resources alongside', async () => {
    const done = start([call('write_file', 'w1', '/p1'), call('write_file', 'w2', '/p2'), call('write_file', 'w3', '/p1')]);
    await Promise.all([gates.started('w1'), gates.started('w2')]);
    await settle();
    expect(gates.hasStarted('w3')).toBe(false);
    gates.release('w2');
    await settle();
    expect(gates.hasStarted('w3')).toBe(false);
    gates.release('w1');
    await gates.started('w3');
    gates.release('w3');
    const results = await done;
    expect(results.map((r) => r.observation.text)).toEqual(['done w1', 'done w2', 'done w3']);
    expect(gates.log.indexOf('end w1')).toBeLessThan(gates.log.indexOf('start w3'));
  });

  it('runs a writer that declares no resources alone: after every earlier call, before every later one', async () => {
    const done = start([call('read', 'r1'), call('run', 'x'), call('read', 'r2'), call('write_file', 'w', '/p')]);
    await gates.started('r1');
    await settle();
    expect(gates.log).toEqual(['start r1']);
    gates.release('r1');
    await gates.started('x');
    await settle();
    expect(gates.log).toEqual(['start r1', 'end r1', 'start x']);
    gates.release('x');
    await gates.started('r2');
    await settle();
    // r2 reads anything (it declares nothing), so the writer of /p waits for it.
    expect(gates.hasStarted('w')).toBe(false);
    gates.release('r2');
    await gates.started('w');
    gates.release('w');
    await done;
    expect(gates.log).toEqual(['start r1', 'end r1', 'start x', 'end x', 'start r2', 'end r2', 'start w', 'end w']);
  });

  it('lets a read of one declared resource pass a writer of another', async () => {
    const done = start([call('read_file', 'r1', '/a'), call('write_file', 'w', '/a'), call('read_file', 'r2', '/b'), call('read_file', 'r3', '/a')]);
    await Promise.all([gates.started('r1'), gates.started('r2')]);
    await settle();
    expect(gates.hasStarted('w')).toBe(false);
    expect(gates.hasStarted('r3')).toBe(false);
    gates.release('r1');
    await gates.started('w');
    await settle();
    expect(gates.hasStarted('r3')).toBe(false);
    gates.release('w');
    await gates.started('r3');
    gates.release('r2');
    gates.release('r3');
    const results = await done;
    expect(results.map((r) => r.observation.text)).toEqual(['done r1', 'done w', 'done r2', 'done r3']);
  });

  it('answers bad calls in their slot without holding up the others', async () => {
    const calls = [call('read', 'a'), { id: 'bad', name: 'nope', arguments: '{}' }, call('run', 'b'), { id: 'bad2', name: 'read', arguments: '{' }];
    const done = start(calls);
    await gates.started('a');
    gates.release('a');
    await gates.started('b');
    gates.release('b');
    const results = await done;
    expect(results.map((r) => r.events.map((e) => e.kind).join('+'))).toEqual([
      'ActionEvent+ObservationEvent',
      'AgentErrorEvent',
      'ActionEvent+ObservationEvent',
      'AgentErrorEvent',
    ]);
    expect((results[1]!.events[0] as AgentErrorEvent).toolCallId).toBe('bad');
    expect((results[3]!.events[0] as AgentErrorEvent).code).toBe('INVALID_JSON');
  });

  it('treats a resources function that throws as touching everything', async () => {
    const throwing = new Gates();
    const tools = gatedTools(throwing);
    const { gatedTool } = await import('./fixtures/runtime-tools.js');
    const risky = gatedTool(throwing, 'risky', { readOnlyHint: false }, () => {
      throw new Error('cannot tell');
    });
    const other = new Agent({ extraTools: [...tools, risky] });
    await other.initialize(new ConversationState({ workingDir: '/tmp' }));
    const done = other.executeToolCalls([call('risky', 'k'), call('write_file', 'w', '/q')]);
    await throwing.started('k');
    await settle();
    expect(throwing.hasStarted('w')).toBe(false);
    throwing.release('k');
    await throwing.started('w');
    throwing.release('w');
    expect((await done).map((r) => r.observation.text)).toEqual(['done k', 'done w']);
    await other.close();
  });

  it('never rejects, whatever it is given', async () => {
    await expect(agent.executeToolCalls(null as never)).resolves.toEqual([]);
    const results = await agent.executeToolCalls([null, 5, { name: {} }] as never);
    expect(results).toHaveLength(3);
    for (const result of results) {
      expect(result.events[0]).toBeInstanceOf(AgentErrorEvent);
      expect(result.observation.isError).toBe(true);
    }
  });
});
