// runTools and the plain-fetch adapters of every API against a local fake model server over real
// HTTP (127.0.0.1), JSON and SSE, scripted per test. Fixture shapes and their sources: api-fixtures.ts.
import { afterEach, describe, expect, it } from '@jest/globals';
import { anthropicModel, geminiModel, openAIChatModel, openAIResponsesModel, RunState, runTools } from '@toolwright/models';
import type { ModelAdapter, StepEvent } from '@toolwright/models';
import { anthropic, chat, gemini, responses } from './api-fixtures.js';
import type { TurnScript } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer, FakeReply } from './fake-model-server.js';
import { fixtureAgent, PIXEL_PNG } from './fixture-agent.js';

interface ApiCase {
  api: string;
  reply: (s: TurnScript, stream: boolean, cut?: boolean) => FakeReply;
  model: (url: string, stream: boolean) => ModelAdapter;
  /** The tool results the second request carried, as [id, text, isError] plus whether an image went along. */
  results: (body: Record<string, unknown>) => { id: string; text: string; isError: boolean }[];
  image: (body: Record<string, unknown>) => string | undefined;
  path: (stream: boolean) => string;
}

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const textOf = (v: unknown): string => (typeof v === 'string' ? v : list(v).map((p) => String(p.text ?? '')).join('\n'));

const cases: ApiCase[] = [
  {
    api: 'openai-chat',
    reply: (s, stream, cut) => (stream ? { sse: chat.sse(s, { cut }), done: !cut } : { json: chat.json(s) }),
    model: (url, stream) => openAIChatModel({ baseURL: `${url}/v1`, model: 'fake', apiKey: 'k', stream }),
    results: (body) => list(body.messages).filter((m) => m.role === 'tool').map((m) => ({ id: String(m.tool_call_id), text: textOf(m.content), isError: textOf(m.content).startsWith('[An error occurred') })),
    image: (body) => {
      const last = list(body.messages).at(-1)!;
      return last.role === 'user' ? list(last.content).map((p) => (p.image_url as Obj | undefined)?.url).find((u) => u !== undefined) as string | undefined : undefined;
    },
    path: () => '/v1/chat/completions',
  },
  {
    api: 'openai-responses',
    reply: (s, stream, cut) => (stream ? { sse: responses.sse(s, { cut }) } : { json: responses.json(s) }),
    model: (url, stream) => openAIResponsesModel({ baseURL: `${url}/v1`, model: 'fake', apiKey: 'k', stream }),
    results: (body) => list(body.input).filter((m) => m.type === 'function_call_output').map((m) => ({ id: String(m.call_id), text: textOf(m.output), isError: textOf(m.output).startsWith('[An error occurred') })),
    image: (body) => list(body.input).flatMap((m) => (m.type === 'function_call_output' ? list(m.output) : [])).find((p) => p.type === 'input_image')?.image_url as string | undefined,
    path: () => '/v1/responses',
  },
  {
    api: 'anthropic',
    reply: (s, stream, cut) => (stream ? { sse: anthropic.sse(s, { cut }) } : { json: anthropic.json(s) }),
    model: (url, stream) => anthropicModel({ baseURL: url, model: 'fake', apiKey: 'k', stream }),
    results: (body) => list(list(body.messages).at(-1)!.content).map((b) => ({ id: String(b.tool_use_id), text: textOf(b.content), isError: b.is_error === true })),
    image: (body) => {
      const block = list(list(body.messages).at(-1)!.content).flatMap((b) => list(b.content)).find((c) => c.type === 'image');
      return block ? `data:${String((block.source as Obj).media_type)};base64,${String((block.source as Obj).data)}` : undefined;
    },
    path: () => '/v1/messages',
  },
  {
    api: 'gemini',
    reply: (s, stream) => (stream ? { sse: gemini.sse(s) } : { json: gemini.json(s) }),
    model: (url, stream) => geminiModel({ baseURL: url, model: 'fake', apiKey: 'k', stream }),
    results: (body) =>
      list(list(body.contents).at(-1)!.parts)
        .filter((p) => p.functionResponse)
        .map((p) => {
          const fr = p.functionResponse as Obj;
          const response = fr.response as Obj;
          return { id: String(fr.id), text: String(response.output ?? response.error), isError: response.error !== undefined };
        }),
    image: (body) => {
      const part = list(list(body.contents).at(-1)!.parts).find((p) => p.inlineData);
      return part ? `data:${String((part.inlineData as Obj).mimeType)};base64,${String((part.inlineData as Obj).data)}` : undefined;
    },
    path: (stream) => (stream ? '/v1beta/models/fake:streamGenerateContent?alt=sse' : '/v1beta/models/fake:generateContent'),
  },
];

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

async function setup(id = 'models-http'): Promise<Awaited<ReturnType<typeof fixtureAgent>>> {
  const fixture = await fixtureAgent({ id });
  cleanups.push(fixture.cleanup);
  return fixture;
}

describe.each(cases)('$api over HTTP', (c) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('runs parallel calls (a result, a tool error, an image) in one step, sends the results back in the API format, and sums usage', async () => {
      const { agent } = await setup();
      server = await startFakeModelServer(
        c.reply({ text: 'Let me look.', calls: [{ id: 'call_a', name: 'add', args: '{"a":2,"b":3}' }, { id: 'call_b', name: 'explode', args: '{"text":"x"}' }, { id: 'call_c', name: 'snapshot', args: '{"text":"the cat"}' }], usage: { input: 11, output: 7 } }, stream),
        c.reply({ text: 'The sum is 5.', usage: { input: 20, output: 4 } }, stream),
      );
      const steps: StepEvent[] = [];
      const result = await runTools({ model: c.model(server.url, stream), agent, input: 'add 2 and 3', onStep: (s) => steps.push(s) });
      expect(result.status).toBe('done');
      expect(result.text).toBe('The sum is 5.');
      expect(result.usage).toEqual({ inputTokens: 31, outputTokens: 11, totalTokens: 42 });
      expect(steps.map((s) => [s.step, s.calls.map((x) => x.name)])).toEqual([
        [1, ['add', 'explode', 'snapshot']],
        [2, []],
      ]);
      expect(server.requests.map((r) => r.path)).toEqual([c.path(stream), c.path(stream)]);
      const sent = c.results(server.requests[1]!.body);
      expect(sent.map((r) => [r.id, r.isError])).toEqual([
        ['call_a', false],
        ['call_b', true],
        ['call_c', false],
      ]);
      expect(sent[0]!.text).toBe('5');
      expect(sent[1]!.text).toContain('the fuse blew');
      expect(sent[2]!.text).toContain('picture of the cat');
      expect(c.image(server.requests[1]!.body)).toBe(`data:image/png;base64,${PIXEL_PNG}`);
      // The tools went along in the API's own format.
      expect(JSON.stringify(server.requests[0]!.body.tools)).toContain('Adds two integers.');
    });

    it('answers malformed calls (invalid JSON, an unknown tool, a duplicated id) with error results the model can act on', async () => {
      const { agent } = await setup();
      server = await startFakeModelServer(
        c.reply({ calls: [{ id: 'm1', name: 'add', args: '{"a":1,' }, { id: 'm2', name: 'ad', args: '{"a":1,"b":2}' }, { id: 'm2', name: 'add', args: '{"a":1,"b":2}' }] }, stream),
        c.reply({ text: 'I will fix my calls.' }, stream),
      );
      const result = await runTools({ model: c.model(server.url, stream), agent, input: 'go' });
      expect(result.status).toBe('done');
      const sent = c.results(server.requests[1]!.body);
      expect(sent.map((r) => r.isError)).toEqual([true, true, true]);
      expect(sent[1]!.text).toContain("'add'"); // the unknown tool's answer names the closest tool
      expect(sent[2]!.id).toBe('m2_2');
      expect(sent[2]!.text).toContain('reuses the id "m2"');
    });

    it('a write the policy asks about interrupts the run; the RunState survives JSON, is approved, and the run continues', async () => {
      const { agent, notes } = await setup('models-ask');
      server = await startFakeModelServer(
        c.reply({ calls: [{ id: 'w1', name: 'write_note', args: '{"text":"buy milk"}' }, { id: 'r1', name: 'add', args: '{"a":1,"b":1}' }] }, stream),
        c.reply({ text: 'Noted.' }, stream),
      );
      const model = c.model(server.url, stream);
      const first = await runTools({ model, agent, input: 'note it' });
      expect(first.status).toBe('interrupted');
      expect(first.interruptions.map((p) => [p.request.toolCallId, p.request.toolName])).toEqual([['w1', 'write_note']]);
      expect(notes).toEqual([]);
      expect(server.requests).toHaveLength(1);
      const state = RunState.fromJSON(JSON.parse(JSON.stringify(first.state)));
      expect(state.toolNames).toEqual(['add', 'explode', 'snapshot', 'write_note', 'wait']);
      state.approve('w1');
      const second = await runTools({ model, agent, state });
      expect(second.status).toBe('done');
      expect(second.text).toBe('Noted.');
      expect(notes).toEqual(['buy milk']);
      const sent = c.results(server.requests[1]!.body);
      expect(sent.map((r) => [r.id, r.text])).toEqual([
        ['w1', 'noted: buy milk'],
        ['r1', '2'],
      ]);
    });
  });
});

describe.each(cases.filter((c) => c.api !== 'gemini'))('$api streaming edge cases', (c) => {
  it('a stream cut off inside a call answers that call with a "cut off" error and does not hang', async () => {
    const { agent } = await setup();
    server = await startFakeModelServer(c.reply({ calls: [{ id: 't1', name: 'add', args: '{"a":1,"b":2}' }, { id: 't2', name: 'add', args: '{"a":40,"b":2}' }] }, true, true), c.reply({ text: 'ok' }, true));
    const result = await runTools({ model: c.model(server.url, true), agent, input: 'go' });
    expect(result.status).toBe('done');
    const sent = c.results(server.requests[1]!.body);
    expect(sent.at(-1)!.isError).toBe(true);
    expect(sent.at(-1)!.text).toContain('cut off');
  });
});

describe('runTools: limits, early dispatch, cancellation', () => {
  const c = cases[0]!;
  it('a step limit reached is a result (max-steps), not an exception', async () => {
    const { agent } = await setup();
    const call = (id: string): FakeReply => c.reply({ calls: [{ id, name: 'add', args: '{"a":1,"b":1}' }] }, true);
    server = await startFakeModelServer(call('s1'), call('s2'), call('s3'));
    const result = await runTools({ model: c.model(server.url, true), agent, input: 'loop', maxSteps: 2 });
    expect(result.status).toBe('max-steps');
    expect(result.steps).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('stopWhen ends the run with status stopped', async () => {
    const { agent } = await setup();
    server = await startFakeModelServer(c.reply({ calls: [{ id: 's1', name: 'add', args: '{"a":1,"b":1}' }] }, false));
    const result = await runTools({ model: c.model(server.url, false), agent, input: 'x', stopWhen: (s) => s.results.some((r) => r.observation.text === '2') });
    expect(result.status).toBe('stopped');
  });

  it('dispatchEarly runs a call while the model is still streaming', async () => {
    const { agent } = await setup();
    const events = chat.sse({ calls: [{ id: 'e1', name: 'add', args: '{"a":1,"b":2}' }, { id: 'e2', name: 'add', args: '{"a":3,"b":4}' }] });
    server = await startFakeModelServer({ sse: events, done: true, delayMs: 15 }, c.reply({ text: 'done' }, true));
    const started: string[] = [];
    const toolCalls: string[] = [];
    agent.executeToolCall = ((orig) => (call, options) => {
      toolCalls.push(`${call.id}@${server!.requests.length}`);
      return orig(call, options);
    })(agent.executeToolCall.bind(agent));
    const model = c.model(server.url, true);
    const wrapped: ModelAdapter = { dialect: model.dialect, request: (r) => model.request({ ...r, onToolCall: (call) => { started.push(call.id); r.onToolCall?.(call); } }) };
    const result = await runTools({ model: wrapped, agent, input: 'x', dispatchEarly: true });
    expect(result.status).toBe('done');
    expect(started).toEqual(['e1', 'e2']);
    // e1 was complete when e2's first fragment arrived; both ran before the second request.
    expect(toolCalls).toEqual(['e1@1', 'e2@1']);
    expect(c.results(server.requests[1]!.body).map((r) => r.text)).toEqual(['3', '7']);
  });

  it('an abort mid-stream ends the run with status aborted', async () => {
    const { agent } = await setup();
    server = await startFakeModelServer({ sse: chat.sse({ text: 'a long answer that stalls', calls: [{ id: 'x', name: 'add', args: '{"a":1,"b":2}' }] }), stallAfter: 3 });
    const controller = new AbortController();
    const text: string[] = [];
    const result = await runTools({ model: c.model(server.url, true), agent, input: 'x', signal: controller.signal, onText: (t) => { text.push(t); if (text.length === 2) controller.abort(); } });
    expect(result.status).toBe('aborted');
    expect(result.steps).toEqual([]);
  });

  it('an abort mid-tool cancels the running tool and ends the run with status aborted', async () => {
    const { agent } = await setup();
    server = await startFakeModelServer(c.reply({ calls: [{ id: 'w', name: 'wait', args: '{"text":"x"}' }] }, false));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runTools({ model: c.model(server.url, false), agent, input: 'x', signal: controller.signal });
    expect(result.status).toBe('aborted');
    expect(result.steps[0]!.results[0]!.observation.isError).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});
