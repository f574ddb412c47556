// The adapters over the official clients (openai, @anthropic-ai/sdk, @google/genai), each client
// talking real HTTP to the local fake model server (its baseURL option), JSON and SSE.
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { anthropicClientModel, openAIClientModel, openAIResponsesClientModel, RunState, runTools } from '@toolwright/models';
import type { ModelAdapter } from '@toolwright/models';
import { anthropic, chat, gemini, responses } from './api-fixtures.js';
import type { TurnScript } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer, FakeReply } from './fake-model-server.js';
import { fixtureAgent, PIXEL_PNG } from './fixture-agent.js';

interface ClientCase {
  client: string;
  reply: (s: TurnScript, stream: boolean) => FakeReply;
  model: (url: string, stream: boolean) => ModelAdapter;
  path: (stream: boolean) => string;
}

const cases: ClientCase[] = [
  {
    client: 'openai (chat.completions)',
    reply: (s, stream) => (stream ? { sse: chat.sse(s), done: true } : { json: chat.json(s) }),
    model: (url, stream) => openAIClientModel(new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 }), { model: 'fake', stream }),
    path: () => '/v1/chat/completions',
  },
  {
    client: 'openai (responses)',
    reply: (s, stream) => (stream ? { sse: responses.sse(s) } : { json: responses.json(s) }),
    model: (url, stream) => openAIResponsesClientModel(new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 }), { model: 'fake', stream }),
    path: () => '/v1/responses',
  },
  {
    client: '@anthropic-ai/sdk',
    reply: (s, stream) => (stream ? { sse: anthropic.sse(s) } : { json: anthropic.json(s) }),
    model: (url, stream) => anthropicClientModel(new Anthropic({ apiKey: 'k', baseURL: url, maxRetries: 0 }), { model: 'fake', stream }),
    path: () => '/v1/messages',
  },
];

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

describe.each(cases)('$client against the fake server', (c) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('parallel calls, a tool error and an image go back through the client; a policy ask interrupts and resumes', async () => {
      const fixture = await fixtureAgent({ id: 'official-clients' });
      cleanups.push(fixture.cleanup);
      server = await startFakeModelServer(
        c.reply({ calls: [{ id: 'call_a', name: 'add', args: '{"a":2,"b":3}' }, { id: 'call_b', name: 'explode', args: '{"text":"x"}' }, { id: 'call_c', name: 'snapshot', args: '{"text":"cat"}' }, { id: 'call_w', name: 'write_note', args: '{"text":"milk"}' }], usage: { input: 10, output: 5 } }, stream),
        c.reply({ text: 'All done.', usage: { input: 20, output: 3 } }, stream),
      );
      const model = c.model(server.url, stream);
      const first = await runTools({ model, agent: fixture.agent, input: 'go' });
      expect(first.status).toBe('interrupted');
      expect(first.interruptions.map((p) => p.request.toolCallId)).toEqual(['call_w']);
      const state = RunState.fromJSON(JSON.stringify(first.state));
      state.approve('call_w');
      const second = await runTools({ model, agent: fixture.agent, state });
      expect([second.status, second.text]).toEqual(['done', 'All done.']);
      expect(second.usage).toEqual({ inputTokens: 30, outputTokens: 8, totalTokens: 38 });
      expect(fixture.notes).toEqual(['milk']);
      expect(server.requests.map((r) => r.path)).toEqual([c.path(stream), c.path(stream)]);
      const sent = JSON.stringify(server.requests[1]!.body);
      for (const id of ['call_a', 'call_b', 'call_c', 'call_w']) expect(sent).toContain(id);
      expect(sent).toContain('the fuse blew');
      expect(sent).toContain('noted: milk');
      expect(sent).toContain(PIXEL_PNG);
    });
  });
});

// @google/genai needs Node's own Undici global dispatcher (absent in jest's VM context): its half
// runs in a child process against the same kind of fake server (built packages).
describe('@google/genai against the fake server (child process)', () => {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'genai-process.mjs');
  it.each([false, true])('stream=%s: calls, an ask that interrupts and resumes, results as functionResponse parts', async (stream) => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-genai-')));
    try {
      const target = join(dir, 'out.txt');
      server = await startFakeModelServer(
        { ...(stream ? { sse: gemini.sse({ calls: [{ id: 'g1', name: 'file_editor', args: JSON.stringify({ command: 'view', path: dir }) }, { id: 'g2', name: 'file_editor', args: JSON.stringify({ command: 'create', path: target, file_text: 'hi\n' }) }], usage: { input: 10, output: 5 } }) } : { json: gemini.json({ calls: [{ id: 'g1', name: 'file_editor', args: JSON.stringify({ command: 'view', path: dir }) }, { id: 'g2', name: 'file_editor', args: JSON.stringify({ command: 'create', path: target, file_text: 'hi\n' }) }], usage: { input: 10, output: 5 } }) }) },
        stream ? { sse: gemini.sse({ text: 'Written.', usage: { input: 20, output: 3 } }) } : { json: gemini.json({ text: 'Written.', usage: { input: 20, output: 3 } }) },
      );
      const out = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [script, server!.url, String(stream), dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout))),
      );
      expect(JSON.parse(out)).toEqual({ first: 'interrupted', waiting: ['g2'], second: 'done', text: 'Written.', usage: { inputTokens: 30, outputTokens: 8, totalTokens: 38 } });
      expect(readFileSync(target, 'utf8')).toBe('hi\n');
      expect(server.requests.map((r) => r.path)).toEqual(Array(2).fill(stream ? '/v1beta/models/fake:streamGenerateContent?alt=sse' : '/v1beta/models/fake:generateContent'));
      expect(server.requests[0]!.headers['x-goog-api-key']).toBe('k');
      const parts = JSON.stringify(server.requests[1]!.body.contents);
      expect(parts).toContain('"functionResponse":{"id":"g1","name":"file_editor"');
      expect(parts).toContain(`"functionResponse":{"id":"g2","name":"file_editor","response":{"output":"File created successfully at: ${target}"}}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
