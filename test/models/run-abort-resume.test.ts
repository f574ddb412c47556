// An aborted run keeps its place: runTools returns a RunState with nothing pending, and continuing
// from it (after JSON) sends the conversation so far, the cancelled call's result included.
import { afterEach, describe, expect, it } from '@jest/globals';
import { openAIChatModel, RunState, runTools } from '@toolwright/models';
import { chat } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import { fixtureAgent } from './fixture-agent.js';

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

describe('runTools aborted mid-tool', () => {
  it('returns a state that continues the run where it stopped', async () => {
    const { agent, cleanup } = await fixtureAgent({ id: 'abort-resume', policy: {} });
    cleanups.push(cleanup);
    server = await startFakeModelServer({ json: chat.json({ calls: [{ id: 'w1', name: 'wait', args: '{"text":"x"}' }] }) }, { json: chat.json({ text: 'Picked up again.' }) });
    const model = openAIChatModel({ baseURL: `${server.url}/v1`, model: 'fake', apiKey: 'k', stream: false });
    const controller = new AbortController();
    // Abort once the model answered and the tool runs (it waits until cancelled).
    const fake = server;
    void (async () => {
      while (fake.requests.length < 1) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 200));
      controller.abort();
    })();
    const first = await runTools({ model, agent, input: 'wait', signal: controller.signal });
    expect(first.status).toBe('aborted');
    expect(first.steps[0]!.results[0]!.observation.text).toContain('cancelled');
    expect(first.state?.pending).toEqual([]);
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(first.state)));

    const second = await runTools({ model, agent, state });
    expect(second.status).toBe('done');
    expect(second.text).toBe('Picked up again.');
    expect(second.steps.map((s) => s.step)).toEqual([2]);
    const sent = list(server.requests[1]!.body.messages);
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(sent[2]).toMatchObject({ tool_call_id: 'w1', content: expect.stringContaining("Tool 'wait' was cancelled") });
  });
});
