// `toolwright run`: the built CLI against the local fake model server over real HTTP (no network).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropic, chat, gemini, responses } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer } from '../models/fake-model-server.js';
import { spawn } from 'node:child_process';
import { BIN, cliEnv, runCli } from './cli-harness.js';

let dir: string;
let server: FakeModelServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwright-run-'));
  writeFileSync(join(dir, 'notes.md'), '# Notes\n');
  writeFileSync(join(dir, 'todo.md'), '# Todo\n');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const openai = (...args: string[]): string[] => ['run', ...args, '--preset', 'all', '--base-url', `${server!.url}/v1`];
const KEY = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'ak-test' };

/** The text of the `role: 'tool'` messages the model was sent in request `index`. */
function toolMessages(index: number): string[] {
  const messages = server!.requests[index]!.body.messages as { role: string; content: unknown }[];
  return messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

describe('toolwright run', () => {
  it('streams the answer to stdout and shows each tool call with its result on stderr (OpenAI, SSE)', async () => {
    server = await startFakeModelServer(
      { sse: chat.sse({ text: 'Looking. ', calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true },
      { sse: chat.sse({ text: 'There are two Markdown files: notes.md and todo.md.' }), done: true },
    );
    const run = await runCli(openai('List the Markdown files.', '--model', 'openai:gpt-test'), { cwd: dir, env: KEY });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Looking. \nThere are two Markdown files: notes.md and todo.md.\n');
    expect(run.stderr).toMatch(/→ glob \{"pattern":"\*\.md"\}/);
    expect(run.stderr).toMatch(/← glob ok \d+ ms: Found 2 file\(s\) matching pattern '\*\.md'/);
    expect(run.stderr).toContain('2 steps, 20 in, 10 out tokens');
    // The key went where OpenAI expects it; the tools were offered; the glob result went back to the model.
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect((server.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toContain('glob');
    expect(toolMessages(1).join('\n')).toMatch(/notes\.md[\s\S]*todo\.md|todo\.md[\s\S]*notes\.md/);
  });

  it('--json writes one JSON event per line: text, call, result, step, done (Anthropic)', async () => {
    server = await startFakeModelServer(
      { sse: anthropic.sse({ calls: [{ id: 'toolu_1', name: 'think', args: '{"thought":"plan"}' }] }) },
      { sse: anthropic.sse({ text: 'Planned.' }) },
    );
    const run = await runCli(['run', 'Plan.', '--model', 'anthropic:claude-test', '--base-url', server.url, '--preset', 'all', '--json'], { cwd: dir, env: KEY });
    expect(run.code).toBe(0);
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    // The text streams in fragments, as the fake server sends it (7 characters each).
    expect(events.map((e) => e.type)).toEqual(['call', 'result', 'step', 'text', 'text', 'step', 'done']);
    expect(events[0]).toEqual({ type: 'call', step: 1, id: 'toolu_1', name: 'think', arguments: { thought: 'plan' } });
    expect(events[1]).toMatchObject({ type: 'result', step: 1, id: 'toolu_1', name: 'think', isError: false });
    expect(events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe('Planned.');
    expect(events[6]).toEqual({ type: 'done', status: 'done', text: 'Planned.', steps: 2, usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30 }, exitCode: 0 });
    expect(server.requests[0]!.headers['x-api-key']).toBe('ak-test');
  });

  it('names the environment variables when the key is missing (exit 2, no request made)', async () => {
    server = await startFakeModelServer();
    const run = await runCli(['run', 'Hi.', '--model', 'gemini:gemini-test', '--base-url', server.url], { cwd: dir, env: { GEMINI_API_KEY: '', GOOGLE_API_KEY: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('toolwright run: --model gemini:… needs an API key: set GEMINI_API_KEY or GOOGLE_API_KEY.');
    expect(server.requests).toHaveLength(0);
  });

  it('sends responses: to the OpenAI Responses API and gemini: to generateContent, each with its key', async () => {
    server = await startFakeModelServer({ sse: responses.sse({ text: 'From Responses.' }) }, { sse: gemini.sse({ text: 'From Gemini.' }) });
    const viaResponses = await runCli(['run', 'Hi.', '--model', 'responses:gpt-test', '--base-url', `${server.url}/v1`], { cwd: dir, env: KEY });
    expect([viaResponses.code, viaResponses.stdout]).toEqual([0, 'From Responses.\n']);
    const viaGemini = await runCli(['run', 'Hi.', '--model', 'gemini:gemini-test', '--base-url', server.url], { cwd: dir, env: { GEMINI_API_KEY: '', GOOGLE_API_KEY: 'gk-test' } });
    expect([viaGemini.code, viaGemini.stdout]).toEqual([0, 'From Gemini.\n']);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/responses', '/v1beta/models/gemini-test:streamGenerateContent?alt=sse']);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(server.requests[1]!.headers['x-goog-api-key']).toBe('gk-test');
  });

  it('a failed model request is exit 1, naming the status and URL', async () => {
    server = await startFakeModelServer(); // nothing scripted: it answers 500
    const run = await runCli(['run', 'Hi.', '--model', 'openai-compatible:local', '--base-url', `${server.url}/v1`], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`toolwright run: the model request failed: The model API answered 500 Internal Server Error for POST ${server.url}/v1/chat/completions`);
  });

  it('a model server that goes silent fails the run after --model-timeout (exit 1, naming the URL and the limit)', async () => {
    server = await startFakeModelServer({ sse: chat.sse({ text: 'Thinking about it…' }), stallAfter: 2 });
    const started = Date.now();
    const run = await runCli(['run', 'Hi.', '--model', 'openai-compatible:local', '--base-url', `${server.url}/v1`, '--model-timeout', '0.5'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`toolwright run: the model request failed: The model API did not finish answering POST ${server.url}/v1/chat/completions within 500 ms.`);
    expect(Date.now() - started).toBeLessThan(20_000);
    const bad = await runCli(['run', 'Hi.', '--model', 'openai-compatible:local', '--base-url', `${server.url}/v1`, '--model-timeout', 'soon'], { cwd: dir });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("--model-timeout: expected a number of seconds > 0, got 'soon'.")]);
  });

  it('refuses a --model that names no known provider (exit 2)', async () => {
    const run = await runCli(['run', 'Hi.', '--model', 'gpt-4'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--model: expected PROVIDER:MODEL with PROVIDER one of openai, responses, anthropic, gemini, openai-compatible; got 'gpt-4'.");
  });

  it('stops at --max-steps while the model still calls tools (exit 1)', async () => {
    const thinking = (id: string) => ({ sse: chat.sse({ calls: [{ id, name: 'think', args: '{"thought":"again"}' }] }), done: true });
    server = await startFakeModelServer(thinking('call_1'), thinking('call_2'), thinking('call_3'));
    const run = await runCli(['run', 'Think.', '--model', 'openai-compatible:local', '--base-url', `${server.url}/v1`, '--preset', 'all', '--max-steps', '2'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(run.stderr).toContain('Stopped at the step limit (2): the model still calls tools.');
  });

  it('without a terminal, an ask stops the run and saves it (exit 3); --resume --approve runs the call and finishes', async () => {
    server = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true },
      { sse: chat.sse({ text: 'Found notes.md and todo.md.' }), done: true },
    );
    const first = await runCli(openai('List the Markdown files.', '--model', 'openai:gpt-test', '--ask', 'glob'), { cwd: dir, env: KEY });
    expect(first.code).toBe(3);
    const stateFile = join(dir, '.toolwright/run-state.json');
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    expect(first.stderr).toMatch(/⏸ glob waits for approval \(call_1\)/);
    expect(first.stderr).toContain('toolwright run --resume .toolwright/run-state.json --approve call_1');
    expect(first.stderr).toContain("To allow calls like call_1 without asking, add --allow 'glob");
    expect(server.requests).toHaveLength(1);

    // Another process: the model flag and base URL come from the file; the policy flags are given again.
    const second = await runCli(['run', '--resume', '.toolwright/run-state.json', '--approve', 'call_1', '--ask', 'glob', '--preset', 'all'], { cwd: dir, env: KEY });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('Found notes.md and todo.md.\n');
    expect(second.stderr).toMatch(/← glob ok \d+ ms: Found 2 file/);
    expect(toolMessages(1).join('\n')).toMatch(/notes\.md/);
    expect(existsSync(stateFile)).toBe(false);
  });

  it('at a terminal, an ask is a y/n prompt and the run goes on with the answer', async () => {
    server = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true },
      { sse: chat.sse({ text: 'Approved and listed.' }), done: true },
    );
    // `script` gives the CLI a pseudo-terminal (stdin, stdout and stderr are TTYs); -e passes its exit code on.
    const quote = (a: string): string => `'${a.replace(/'/g, "'\\''")}'`;
    const command = [process.execPath, BIN, ...openai('List.', '--model', 'openai:gpt-test', '--ask', 'glob')].map(quote).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: dir, env: cliEnv(KEY) });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      if (/Allow\? \[y\]es/.test(output) && !output.includes('<answered>')) {
        output += '<answered>';
        child.stdin.write('y\n');
      }
    });
    const code = await new Promise<number | null>((resolveCode) => child.on('close', resolveCode));
    expect(output).toContain('⠋ running glob'); // the spinner, on a terminal only
    expect(output).toContain('Permission needed: glob {"pattern":"*.md"}');
    expect(output).toContain('Approved and listed.');
    expect(code).toBe(0);
    expect(toolMessages(1).join('\n')).toMatch(/notes\.md/);
    expect(existsSync(join(dir, '.toolwright/run-state.json'))).toBe(false);
  });

  it('--reject on resume tells the model the call was refused', async () => {
    server = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true },
      { sse: chat.sse({ text: 'Understood, I will not list them.' }), done: true },
    );
    const first = await runCli(openai('List.', '--model', 'openai:gpt-test', '--ask', 'glob', '--state-file', 'saved.json'), { cwd: dir, env: KEY });
    expect(first.code).toBe(3);
    const second = await runCli(['run', '--resume', 'saved.json', '--reject', 'call_1', '--ask', 'glob', '--preset', 'all'], { cwd: dir, env: KEY });
    expect(second.code).toBe(0);
    expect(toolMessages(1).join('\n')).toContain('rejected');
  });

  it('refuses --approve of a call that is not pending, naming the pending ones (exit 2)', async () => {
    server = await startFakeModelServer({ sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true });
    const first = await runCli(openai('List.', '--model', 'openai:gpt-test', '--ask', 'glob'), { cwd: dir, env: KEY });
    expect(first.code).toBe(3);
    const second = await runCli(['run', '--resume', '.toolwright/run-state.json', '--approve', 'call_9', '--ask', 'glob'], { cwd: dir, env: KEY });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('no pending call has id "call_9"; pending: "call_1"');
  });
});
