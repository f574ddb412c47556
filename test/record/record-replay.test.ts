// `toolwright run --record` and `toolwright replay`: the built CLI against the local fake model
// server (no network). A session is recorded, replayed without the server (the model's answers
// come from the record), replayed with live tools, tampered with, and shown as a timeline; a run
// whose model request failed (HTTP 500, a closed connection) is recorded and replayed as failing.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecord } from '@toolwright/sdk';
import type { RecordEntry } from '@toolwright/sdk';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer, ScriptStep } from '../models/fake-model-server.js';
import { runCli } from '../cli/cli-harness.js';

let dir: string;
let server: FakeModelServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwright-record-'));
  writeFileSync(join(dir, 'notes.md'), '# Notes\n');
  writeFileSync(join(dir, 'todo.md'), '# Todo\n');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const KEY = { OPENAI_API_KEY: 'sk-test' };
const session = (): string => join(dir, 'session.jsonl');
const entries = (): RecordEntry[] => readRecord(readFileSync(session(), 'utf8'));

/** Records a run: the model lists the Markdown files (glob), thinks (denied by --deny think), then answers. */
async function recordRun(): Promise<void> {
  server = await startFakeModelServer(
    { sse: chat.sse({ text: 'Looking. ', calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }, { id: 'call_2', name: 'think', args: '{"thought":"plan"}' }] }), done: true },
    { sse: chat.sse({ text: 'Two files: notes.md and todo.md.' }), done: true },
  );
  const run = await runCli(['run', 'List the Markdown files.', '--model', 'openai:gpt-test', '--base-url', `${server.url}/v1`, '--preset', 'all', '--deny', 'think', '--record', 'session.jsonl'], { cwd: dir, env: KEY });
  expect(run.stderr).toContain('2 steps');
  expect(run.code).toBe(0);
  // The replays below need no model: the server is gone.
  await server.close();
  server = undefined;
}

const replay = (...args: string[]): ReturnType<typeof runCli> => runCli(['replay', 'session.jsonl', ...args], { cwd: dir, env: {} });

describe('toolwright run --record', () => {
  it('writes the session line, tool schema hashes, model turns, calls, decisions, results and the end', async () => {
    await recordRun();
    const record = entries();
    expect(record[0]).toMatchObject({ type: 'session', meta: { command: 'run', task: 'List the Markdown files.', model: 'openai:gpt-test', preset: 'all', policyFlags: { deny: ['think'] }, resumed: false } });
    expect(record.filter((e) => e.type === 'tool').map((e) => e.name)).toEqual(expect.arrayContaining(['glob', 'think', 'grep']));
    expect(record.filter((e) => e.type === 'model-request').map((e) => e.step)).toEqual([1, 2]);
    expect(record.filter((e) => e.type === 'model-response').map((e) => e.turn.calls.length)).toEqual([2, 0]);
    const decisions = record.filter((e) => e.type === 'decision').map((e) => [e.id, e.behavior, e.rule]);
    expect(decisions).toEqual(expect.arrayContaining([['call_1', 'allow', undefined], ['call_2', 'deny', 'think']]));
    const glob = record.find((e) => e.type === 'observation' && e.id === 'call_1');
    expect(glob).toMatchObject({ tool: 'glob', observation: { isError: false } });
    expect(record[record.length - 1]).toMatchObject({ type: 'end', status: 'done', meta: { text: 'Two files: notes.md and todo.md.', steps: 2 } });
  });
});

describe('toolwright replay', () => {
  it('replays the session without the model: no differences, exit 0 (tools from the record, then live)', async () => {
    await recordRun();
    const recorded = await replay();
    expect(recorded.stdout).toBe('Replay of session.jsonl: 2 calls, 2 model responses, tools answered from the record; the run ended done.\nNo differences.\n');
    expect(recorded.code).toBe(0);
    const live = await replay('--live-tools');
    expect(live.stdout).toContain('tools run live; the run ended done.\nNo differences.');
    expect(live.code).toBe(0);
  });

  it('with live tools, reports a result that changed (exit 1)', async () => {
    await recordRun();
    writeFileSync(join(dir, 'later.md'), '# Added after the session\n');
    const live = await replay('--live-tools', '--json');
    expect(live.code).toBe(1);
    const report = JSON.parse(live.stdout) as { ok: boolean; differences: { kind: string; id: string; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.differences.map((d) => [d.kind, d.id])).toEqual([['observation', 'call_1']]);
    expect(report.differences[0]!.message).toContain('later.md');
  });

  it('reports a tampered schema hash first, then a decision the flags changed', async () => {
    await recordRun();
    const text = readFileSync(session(), 'utf8').replace(/("type":"tool","name":"glob","hash":")[0-9a-f]{16}/, '$10000000000000000');
    writeFileSync(session(), text);
    const run = await replay('--allow', 'think');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[1]).toBe('3 differences:');
    expect(lines[2]).toMatch(/^ {2}schema {7}tool glob: schema changed 0000000000000000 → [0-9a-f]{16}$/);
    expect(lines[3]).toBe('  decision     call call_2 think: decision deny (rule: think) → allow (readOnly)');
    expect(lines[4]).toBe('  observation  call call_2 think: result changed');
  });

  it('--show prints the record as a timeline', async () => {
    await recordRun();
    const show = await replay('--show');
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^ +\+0\.\d{3}s {2}session started \S+ command=run task=List the Markdown files\./m);
    expect(show.stdout).toMatch(/\+\d+\.\d{3}s {2}model request 1 \(openai-chat, 1 new message, \d+ tools\)/);
    expect(show.stdout).toMatch(/model response 1 in [\d.]+ ms \(tool_calls\) "Looking\. " → glob\(\{"pattern":"\*\.md"\}\) \[call_1\], think\(\{"thought":"plan"\}\) \[call_2\]/);
    expect(show.stdout).toMatch(/call call_2 think \{"thought":"plan"\}\n +decision deny \(rule: think\)/);
    expect(show.stdout).toMatch(/result call_1 glob ok in [\d.]+ ms: Found 2 file/);
    expect(show.stdout).toMatch(/end done/);
  });

  it('names the line of a cut-off last line, a line that is not JSON and another record version (exit 2)', async () => {
    await recordRun();
    const good = readFileSync(session(), 'utf8');
    const count = good.trim().split('\n').length;
    appendFileSync(session(), '{"v":1,"t":3,"type":"call","id":"x"');
    let run = await replay();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`session.jsonl line ${count + 1}: the last line is cut off`);
    writeFileSync(session(), good.replace('\n', '\nnot json\n'));
    run = await replay('--show');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/session\.jsonl line 2: not JSON/);
    writeFileSync(session(), good.replace('{"v":1,', '{"v":7,'));
    run = await replay();
    expect(run.stderr).toContain('session.jsonl line 1: record version 7 is not supported; this Toolwright reads version 1.');
  });
});

describe('a recorded run whose model request failed', () => {
  /** Records a run whose second model request gets `failure` (the first lists the Markdown files). */
  async function recordFailingRun(failure: ScriptStep): Promise<Awaited<ReturnType<typeof runCli>>> {
    server = await startFakeModelServer({ sse: chat.sse({ text: 'Looking. ', calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true }, failure);
    const run = await runCli(['run', 'List the Markdown files.', '--model', 'openai:gpt-test', '--base-url', `${server.url}/v1`, '--preset', 'all', '--record', 'session.jsonl'], { cwd: dir, env: KEY });
    await server.close();
    server = undefined;
    return run;
  }

  it('an HTTP 500: the record says so (model-error, end failed); replay fails the same way — no difference, exit 0; --show shows it', async () => {
    const run = await recordFailingRun({ json: { error: { message: 'overloaded' } }, status: 500 });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the model request failed: The model API answered 500 Internal Server Error');
    const record = entries();
    expect(record.filter((e) => e.type.startsWith('model-')).map((e) => e.type)).toEqual(['model-request', 'model-response', 'model-request', 'model-error']);
    expect(record.find((e) => e.type === 'model-error')).toMatchObject({ step: 2, name: 'ToolwrightError', code: 'INTERNAL', status: 500 });
    expect(record[record.length - 1]).toMatchObject({ type: 'end', status: 'failed', meta: { error: expect.stringContaining('500 Internal Server Error') } });

    const replayed = await replay();
    expect(replayed.stdout).toMatch(/^Replay of session\.jsonl: 1 call, 1 model response, tools answered from the record; the run ended failed as recorded \(Model request 2 failed in the record \(replayed\): ToolwrightError INTERNAL HTTP 500: The model API answered 500 .*\)\.\nNo differences\.\n$/s);
    expect(replayed.code).toBe(0);
    const show = await replay('--show');
    expect(show.stdout).toMatch(/\+\d+\.\d{3}s {2}model request 2 failed after [\d.]+ ms: ToolwrightError INTERNAL HTTP 500 "The model API answered 500 Internal Server Error for POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: /);
    expect(show.stdout).toMatch(/end failed/);
  });

  it('a closed connection: recorded with its cause; replay reproduces it (exit 0); a replay that stops before it differs (exit 1)', async () => {
    const run = await recordFailingRun({ hangUp: true });
    expect(run.stderr).toMatch(/the model request failed: fetch failed \(.+\)/);
    expect(run.code).toBe(1);
    expect(entries().find((e) => e.type === 'model-error')).toMatchObject({ step: 2, name: 'TypeError', message: 'fetch failed', cause: expect.any(String) });
    const replayed = await replay();
    expect(replayed.stdout).toContain('the run ended failed as recorded (Model request 2 failed in the record (replayed): TypeError');
    expect(replayed.code).toBe(0);
    // glob now needs an approval that nobody gives (no terminal): the run stops before request 2.
    const stopped = await replay('--ask', 'glob');
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toMatch(/ {2}model {8}the replayed run ended \(interrupted\) after 1 of 2 recorded model answers \(responses and failures\); the record's model request 2 failed \(TypeError .*fetch failed/);
  });
});
