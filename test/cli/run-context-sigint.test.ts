// `toolwright run --context` and Ctrl-C: the built CLI against the local fake model server over
// real HTTP. Context values decide the turn's tools (a spec toolset's when:) on every step; Ctrl-C
// in the middle of a tool cancels it, exits 130 and saves the run, which --resume continues.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer } from '../models/fake-model-server.js';
import { finished, runCli, SAMPLE, startCli, waitForStderr } from './cli-harness.js';

let dir: string;
let server: FakeModelServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwright-run-ctx-'));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const KEY = { OPENAI_API_KEY: 'sk-test' };
const offered = (index: number): string[] => (server!.requests[index]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
const toolMessages = (index: number): string[] => (server!.requests[index]!.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').map((m) => String(m.content));

describe('toolwright run --context', () => {
  it("gives every step the turn's context: a when: toolset's tools are offered and run only for it", async () => {
    const spec = join(dir, 'agent.yaml');
    writeFileSync(spec, ['tools: [think]', 'toolsets:', '  - label: admin', '    tools: [finish]', '    when: { role: admin }', '    rename: { finish: wrap_up }', ''].join('\n'));
    server = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'think', args: '{"thought":"plan"}' }] }), done: true },
      { sse: chat.sse({ calls: [{ id: 'call_2', name: 'wrap_up', args: '{"message":"all done"}' }] }), done: true },
      { sse: chat.sse({ text: 'Finished.' }), done: true },
      { sse: chat.sse({ text: 'Nothing to wrap up.' }), done: true },
    );
    const base = ['--model', 'openai:gpt-test', '--base-url', `${server.url}/v1`, '--spec', spec];
    const admin = await runCli(['run', 'Wrap up.', ...base, '--context', 'role=admin'], { cwd: dir, env: KEY });
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain('Finished.');
    expect(offered(0)).toEqual(['think', 'wrap_up']);
    expect(offered(1)).toEqual(['think', 'wrap_up']);
    expect(toolMessages(2).at(-1)).toContain('all done');

    const user = await runCli(['run', 'Wrap up.', ...base, '--context', 'role=user'], { cwd: dir, env: KEY });
    expect(user.code).toBe(0);
    expect(offered(3)).toEqual(['think']);

    const bad = await runCli(['run', 'x', ...base, '--context', 'admin'], { cwd: dir, env: KEY });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--context expects KEY=VALUE, got 'admin'.");
    expect((await runCli(['help', 'run'])).stdout).toContain('--context KEY=VALUE');
  });
});

describe('toolwright run and Ctrl-C', () => {
  it('SIGINT while a tool runs cancels it, exits 130 and saves the run; --resume continues it in a new process', async () => {
    server = await startFakeModelServer({ sse: chat.sse({ text: 'Working. ', calls: [{ id: 'call_slow', name: 'slow', args: '{"ms":20000}' }] }), done: true }, { sse: chat.sse({ text: 'Picked up where we stopped.' }), done: true });
    const base = ['--model', 'openai:gpt-test', '--base-url', `${server.url}/v1`, ...SAMPLE];
    const child = startCli(['run', 'Take your time.', ...base], { cwd: dir, env: { ...KEY, SLOW_MARKER: '1' } });
    child.stdin.end();
    const run = finished(child);
    await waitForStderr(child, /slow started/);
    child.kill('SIGINT');
    const stopped = await run;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('Interrupted: stopping the run');
    expect(stopped.stderr).toContain('Run cancelled.');
    expect(stopped.stderr).toContain('toolwright run --resume .toolwright/run-state.json');

    const file = join(dir, '.toolwright', 'run-state.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { model: string; state: { pending: unknown[]; messages: { role: string; content: unknown }[] } };
    expect(saved.model).toBe('openai:gpt-test');
    expect(saved.state.pending).toEqual([]);
    expect(saved.state.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(server.requests).toHaveLength(1);

    const resumed = await runCli(['run', '--resume', '.toolwright/run-state.json', '--base-url', `${server.url}/v1`, ...SAMPLE], { cwd: dir, env: KEY });
    expect(resumed.stderr).not.toContain('error');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe('Picked up where we stopped.\n');
    // The model got the conversation so far, the cancelled call's result included.
    expect(toolMessages(1)).toEqual([expect.stringContaining("Tool 'slow' was cancelled")]);
    expect(existsSync(file)).toBe(false);
  });
});
