// The README's "With your model" files (examples/models/*.ts): compiled with their own tsconfig
// (a type error fails here), then each run with node against the local fake model server, its
// base URL given by the environment variable the example reads. The model calls the weather tool,
// gets its result through the Toolwright agent, and answers.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anthropic, chat, gemini, responses } from './api-fixtures.js';
import type { TurnScript } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer, FakeReply } from './fake-model-server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDER = join(ROOT, 'examples/models');

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function exec(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const compiled = await exec([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(FOLDER, 'tsconfig.json')]);
  expect(compiled.stdout + compiled.stderr).toBe('');
}, 120_000);

const call = { id: 'call_w', name: 'weather', args: '{"city":"Oslo"}' };
const RESULT = 'Oslo: 18 °C, light rain';
type Obj = Record<string, unknown>;

interface ExampleCase {
  file: string;
  reply: (s: TurnScript) => FakeReply;
  env: (url: string) => Record<string, string>;
  /** Where the tool's result is in the second request. */
  sent: (body: Obj) => string;
}

const cases: ExampleCase[] = [
  { file: 'openai', reply: (s) => ({ sse: chat.sse(s), done: true }), env: (url) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: 'k' }), sent: (b) => JSON.stringify(b.messages) },
  { file: 'anthropic', reply: (s) => ({ sse: anthropic.sse(s) }), env: (url) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'k' }), sent: (b) => JSON.stringify(b.messages) },
  { file: 'gemini', reply: (s) => ({ sse: gemini.sse(s) }), env: (url) => ({ GEMINI_BASE_URL: url, GEMINI_API_KEY: 'k' }), sent: (b) => JSON.stringify(b.contents) },
  { file: 'local-server', reply: (s) => ({ sse: chat.sse(s), done: true }), env: (url) => ({ LOCAL_BASE_URL: `${url}/v1`, LOCAL_MODEL: 'llama3.2' }), sent: (b) => JSON.stringify(b.messages) },
  { file: 'ai-sdk', reply: (s) => ({ json: chat.json(s) }), env: (url) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: 'k' }), sent: (b) => JSON.stringify(b.messages) },
  {
    file: 'openai-agents',
    reply: (s) => ({ json: responses.json(s) }),
    env: (url) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: 'k', OPENAI_AGENTS_DISABLE_TRACING: '1' }),
    sent: (b) => JSON.stringify(b.input),
  },
];

describe('examples/models (README: With your model)', () => {
  it.each(cases)('$file.ts runs its model loop against the fake server', async (c) => {
    server = await startFakeModelServer(c.reply({ calls: [call] }), c.reply({ text: 'It is 18 °C and raining in Oslo.' }));
    const run = await exec([join(FOLDER, 'dist', `${c.file}.js`)], c.env(server.url));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('It is 18 °C and raining in Oslo.\n');
    expect(server.requests).toHaveLength(2);
    expect(c.sent(server.requests[1]!.body)).toContain(RESULT);
  });
});
