// A model server that accepts a request and goes silent never hangs a run: every plain-fetch
// adapter gives up after its timeoutMs (default 10 minutes) with a TIMEOUT error naming the URL
// and the limit, while the caller's own abort still ends the request with its reason. Real HTTP on
// 127.0.0.1 (the fake model server holds a stalled stream open).
import { afterEach, describe, expect, it } from '@jest/globals';
import { ErrorCode } from '@toolwright/sdk';
import { anthropicModel, geminiModel, openAIChatModel, openAIResponsesModel, runTools } from '@toolwright/models';
import type { HttpModelOptions, ModelAdapter } from '@toolwright/models';
import { anthropic, chat, gemini, responses } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer, FakeReply } from './fake-model-server.js';
import { fixtureAgent } from './fixture-agent.js';

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const turn = { text: 'a long answer that never ends', calls: [{ id: 'x', name: 'add', args: '{"a":1,"b":2}' }] };
const apis: [string, (o: HttpModelOptions) => ModelAdapter, FakeReply][] = [
  ['openai-chat', (o) => openAIChatModel({ ...o, baseURL: `${o.baseURL}/v1` }), { sse: chat.sse(turn), stallAfter: 2 }],
  ['openai-responses', (o) => openAIResponsesModel({ ...o, baseURL: `${o.baseURL}/v1` }), { sse: responses.sse(turn), stallAfter: 2 }],
  ['anthropic', anthropicModel, { sse: anthropic.sse(turn), stallAfter: 2 }],
  ['gemini', geminiModel, { sse: gemini.sse(turn), stallAfter: 1 }],
];

describe('a model request that never finishes', () => {
  it.each(apis)('%s: a stalled stream rejects with TIMEOUT after timeoutMs, naming the URL and the limit', async (_api, make, reply) => {
    server = await startFakeModelServer(reply);
    const model = make({ model: 'fake', apiKey: 'k', baseURL: server.url, timeoutMs: 300 });
    const started = Date.now();
    const error = await model.request({ messages: [{ role: 'user', content: 'x' }], tools: [] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({ code: ErrorCode.TIMEOUT, details: { timeoutMs: 300 } });
    expect((error as Error).message).toMatch(new RegExp(`^The model API did not finish answering POST ${server.url}/\\S+ within 300 ms\\. Raise timeoutMs if the model needs longer\\.$`));
    expect(server.requests).toHaveLength(1);
  });

  it('a response whose body never comes (no streaming) times out the same way', async () => {
    server = await startFakeModelServer({ sse: chat.sse(turn), stallAfter: 0 });
    const model = openAIChatModel({ model: 'fake', baseURL: `${server.url}/v1`, stream: false, timeoutMs: 300 });
    await expect(model.request({ messages: [], tools: [] })).rejects.toMatchObject({ code: ErrorCode.TIMEOUT });
  });

  it("the caller's abort is still an abort, not a timeout", async () => {
    server = await startFakeModelServer({ sse: chat.sse(turn), stallAfter: 2 });
    const model = openAIChatModel({ model: 'fake', baseURL: `${server.url}/v1`, timeoutMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop now')), 200);
    await expect(model.request({ messages: [], tools: [], signal: controller.signal })).rejects.toThrow('stop now');
  });

  it('runTools ends with the TIMEOUT error instead of waiting for ever', async () => {
    const { agent, cleanup } = await fixtureAgent({ id: 'model-timeout' });
    try {
      server = await startFakeModelServer({ sse: chat.sse(turn), stallAfter: 2 });
      const model = openAIChatModel({ model: 'fake', baseURL: `${server.url}/v1`, timeoutMs: 300 });
      await expect(runTools({ model, agent, input: 'x' })).rejects.toMatchObject({ code: ErrorCode.TIMEOUT });
    } finally {
      await cleanup();
    }
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, '5' as unknown as number])('refuses timeoutMs %p when the adapter is made', (timeoutMs) => {
    expect(() => openAIChatModel({ model: 'fake', timeoutMs })).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_OPTIONS, message: `timeoutMs: expected a positive number of milliseconds, got ${String(timeoutMs)}.` }));
  });
});
