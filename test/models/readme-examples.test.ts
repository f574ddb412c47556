// The README's "With your model" examples (examples/with-your-model.ts), run against the local
// fake model server: the model calls the quick start's greet tool, gets its result, and answers.
import { afterEach, describe, expect, it } from '@jest/globals';
import { withAnthropic, withGemini, withLocalServer, withOpenAI } from '../../examples/with-your-model.js';
import { anthropic, chat, gemini } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';

let server: FakeModelServer | undefined;
afterEach(async () => server?.close());

const greet = { id: 'call_greet', name: 'greet', args: '{"name":"Ada","times":2}' };
type Obj = Record<string, unknown>;

describe('README: With your model', () => {
  it('OpenAI', async () => {
    server = await startFakeModelServer({ sse: chat.sse({ calls: [greet] }), done: true }, { sse: chat.sse({ text: 'I greeted Ada.' }), done: true });
    const result = await withOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key' });
    expect([result.status, result.text]).toEqual(['done', 'I greeted Ada.']);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer test-key');
    expect((server.requests[1]!.body.messages as Obj[]).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_greet', content: 'Hello, Ada! Hello, Ada!' });
  });

  it('Anthropic', async () => {
    server = await startFakeModelServer({ sse: anthropic.sse({ calls: [greet] }) }, { sse: anthropic.sse({ text: 'Done.' }) });
    const result = await withAnthropic({ baseURL: server.url, apiKey: 'test-key' });
    expect([result.status, result.text]).toEqual(['done', 'Done.']);
    expect(server.requests[0]!.headers['x-api-key']).toBe('test-key');
    expect((server.requests[1]!.body.messages as Obj[]).at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_greet', content: [{ type: 'text', text: 'Hello, Ada! Hello, Ada!' }] }] });
  });

  it('Gemini', async () => {
    server = await startFakeModelServer({ sse: gemini.sse({ calls: [greet] }) }, { sse: gemini.sse({ text: 'Done.' }) });
    const result = await withGemini({ baseURL: server.url, apiKey: 'test-key' });
    expect([result.status, result.text]).toEqual(['done', 'Done.']);
    expect(server.requests[0]!.headers['x-goog-api-key']).toBe('test-key');
    expect(JSON.stringify(server.requests[1]!.body.contents)).toContain('"functionResponse":{"id":"call_greet","name":"greet","response":{"output":"Hello, Ada! Hello, Ada!"}}');
  });

  it('a local OpenAI-compatible server', async () => {
    server = await startFakeModelServer({ sse: chat.sse({ calls: [greet] }), done: true }, { sse: chat.sse({ text: 'Hi Ada!' }), done: true });
    const result = await withLocalServer(`${server.url}/v1`, 'llama3.2');
    expect([result.status, result.text]).toEqual(['done', 'Hi Ada!']);
    expect(server.requests[0]!.body.model).toBe('llama3.2');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});
