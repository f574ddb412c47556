// Toolwright tools inside the OpenAI Agents SDK's own loop (run(agent)), its model talking real
// HTTP to the local fake model server through an OpenAI client (Chat Completions fixtures,
// api-fixtures.ts): a Toolwright deny is the tool's error output, an ask is the framework's own
// interruption, approved or rejected on its RunState (serialised and restored between the runs).
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { Agent as OpenAIAgent, OpenAIChatCompletionsModel, RunState, run, setTracingDisabled } from '@openai/agents';
import { toOpenAIAgentsTools } from '@toolwright/models/openai-agents';
import { chat } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import { fixtureAgent } from './fixture-agent.js';

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(() => setTracingDisabled(true));
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const toolMessages = (body: Obj): [unknown, string][] => list(body.messages).filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, typeof m.content === 'string' ? m.content : JSON.stringify(m.content)]);
const modelOf = (url: string) => new OpenAIChatCompletionsModel(new OpenAI({ baseURL: `${url}/v1`, apiKey: 'k', maxRetries: 0 }), 'fake');

const threeCalls = chat.json({
  calls: [
    { id: 'c_add', name: 'add', args: '{"a":2,"b":3}' },
    { id: 'c_boom', name: 'explode', args: '{"text":"x"}' },
    { id: 'c_note', name: 'write_note', args: '{"text":"buy milk"}' },
  ],
});

describe('toOpenAIAgentsTools in run(agent)', () => {
  it('a deny is the tool output the model reads; an ask interrupts the run, and the approved call runs through the agent on resume', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'agents-loop', policy: { deny: ['explode'] } });
    cleanups.push(cleanup);
    server = await startFakeModelServer({ json: threeCalls }, { json: chat.json({ text: 'All done.' }) });
    const tools = toOpenAIAgentsTools(agent);
    expect(tools.map((t) => [t.name, t.strict])).toEqual([
      ['add', true],
      ['explode', true],
      ['snapshot', true],
      ['write_note', true],
      ['wait', true],
    ]);
    const assistant = new OpenAIAgent({ name: 'assistant', instructions: 'Use the tools.', model: modelOf(server.url), tools });
    const first = await run(assistant, 'add, explode and note');

    expect(first.interruptions.map((i) => [i.rawItem.type === 'function_call' ? i.rawItem.callId : '', i.name])).toEqual([['c_note', 'write_note']]);
    expect(notes).toEqual([]);
    expect(server.requests).toHaveLength(1);
    const outputs = first.newItems.filter((i) => i.type === 'tool_call_output_item').map((i) => [(i.rawItem as { callId: string }).callId, String(i.output)]);
    expect(outputs).toEqual([
      ['c_add', '5'],
      ['c_boom', expect.stringContaining("Permission denied for tool 'explode'")],
    ]);

    // The framework's state survives serialisation; the user approves there.
    const state = await RunState.fromString(assistant, first.state.toString());
    state.approve(state.getInterruptions()[0]!);
    const second = await run(assistant, state);
    expect(second.finalOutput).toBe('All done.');
    expect(notes).toEqual(['buy milk']);
    expect(toolMessages(server.requests[1]!.body)).toEqual([
      ['c_add', '5'],
      ['c_boom', expect.stringContaining('Permission denied')],
      ['c_note', 'noted: buy milk'],
    ]);
  });

  it('a rejected interruption does not run the call; with approvals off an ask is refused naming the rule', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'agents-reject', policy: { ask: ['write_note'] } });
    cleanups.push(cleanup);
    const note = (id: string) => ({ json: chat.json({ calls: [{ id, name: 'write_note', args: '{"text":"a"}' }] }) });
    server = await startFakeModelServer(note('n1'), { json: chat.json({ text: 'ok' }) }, note('n2'), { json: chat.json({ text: 'ok' }) });
    const assistant = new OpenAIAgent({ name: 'assistant', model: modelOf(server.url), tools: toOpenAIAgentsTools(agent) });
    const first = await run(assistant, 'note');
    expect(first.interruptions).toHaveLength(1);
    first.state.reject(first.interruptions[0]!);
    const second = await run(assistant, first.state);
    expect(second.finalOutput).toBe('ok');
    expect(notes).toEqual([]);
    expect(toolMessages(server.requests[1]!.body)[0]![0]).toBe('n1');

    const refusing = new OpenAIAgent({ name: 'assistant', model: modelOf(server.url), tools: toOpenAIAgentsTools(agent, { approvals: false }) });
    const refused = await run(refusing, 'note');
    expect(refused.interruptions).toEqual([]);
    expect(notes).toEqual([]);
    const [id, text] = toolMessages(server.requests[3]!.body)[0]!;
    expect(id).toBe('n2');
    expect(text).toContain('ask rule write_note');
  });
});
