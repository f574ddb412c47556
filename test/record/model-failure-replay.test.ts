/**
 * A model request that fails in transport — the model server answers 500, closes the connection,
 * or the run's signal times out — is recorded as a `model-error` line answering its
 * `model-request` (not a cut-off record), and replay reproduces it: the replay model rejects at
 * that step with an error saying it was recorded; a re-run that fails there the same way is no
 * difference; one that ends before it, or a record that goes on past it, is. Real HTTP against
 * the local fake model server, the HTTP adapter, and a real agent.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { MemoryRecorder, ToolwrightError } from '@toolwright/sdk';
import type { Agent, ModelErrorEntry, RecordEntry } from '@toolwright/sdk';
import { formatReplayReport, openAIChatModel, replayModel, replaySession, runTools } from '@toolwright/models';
import type { ModelRequest } from '@toolwright/models';
import type { PolicyOptions } from '@toolwright/sdk/policy';
import { chat } from '../models/api-fixtures.js';
import { fixtureAgent } from '../models/fixture-agent.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer, FakeReply, ScriptStep } from '../models/fake-model-server.js';

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function agentWith(policy?: PolicyOptions): Promise<Agent> {
  const made = await fixtureAgent(policy ? { policy } : {});
  cleanups.push(made.cleanup);
  return made.agent;
}

const addCall = { sse: chat.sse({ text: 'Adding. ', calls: [{ id: 'c1', name: 'add', args: '{"a":1,"b":2}' }] }), done: true };
const answer = { sse: chat.sse({ text: 'It is 3.' }), done: true };
const http500 = { json: { error: { message: 'the model server is overloaded' } }, status: 500 };

/** Runs `runTools` against the fake server scripted with `steps`, recording the session; returns the record and how the run ended. */
async function record(steps: ScriptStep[], options: { signal?: AbortSignal } = {}): Promise<{ entries: RecordEntry[]; outcome: string | Error }> {
  server = await startFakeModelServer(...steps);
  const recorder = new MemoryRecorder();
  const agent = await agentWith();
  agent.recordTo(recorder);
  const model = openAIChatModel({ baseURL: `${server.url}/v1`, model: 'fake', apiKey: 'sk-test-key', stream: true });
  const outcome = await runTools({ model, agent, input: 'What is 1 + 2?', signal: options.signal }).then(
    (result) => result.status,
    (error: unknown) => error as Error,
  );
  return { entries: [...recorder.entries], outcome };
}

const failureOf = (entries: readonly RecordEntry[]): ModelErrorEntry | undefined => entries.find((e): e is ModelErrorEntry & RecordEntry => e.type === 'model-error');
const modelLines = (entries: readonly RecordEntry[]): string[] => entries.filter((e) => e.type.startsWith('model-')).map((e) => `${e.type} ${(e as { step: number }).step}`);

describe('recording a model request that fails', () => {
  it('an HTTP 500 from the model server: a model-error line with the status, code, class and message', async () => {
    const { entries, outcome } = await record([addCall, http500]);
    expect(outcome).toMatchObject({ code: 'INTERNAL', details: { status: 500 } });
    expect(modelLines(entries)).toEqual(['model-request 1', 'model-response 1', 'model-request 2', 'model-error 2']);
    const failure = failureOf(entries)!;
    expect(failure).toEqual({
      v: 1,
      t: expect.any(Number),
      type: 'model-error',
      step: 2,
      name: 'ToolwrightError',
      code: 'INTERNAL',
      status: 500,
      message: expect.stringMatching(/^The model API answered 500 Internal Server Error for POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*the model server is overloaded/),
      ms: expect.any(Number),
    });
    // The call of step 1 is recorded between the two requests.
    expect(entries.filter((e) => e.type === 'observation').map((e) => e.id)).toEqual(['c1']);
  });

  it('a connection the server closes: the network error, its code and its cause', async () => {
    const { entries, outcome } = await record([{ hangUp: true }]);
    expect(outcome).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    expect(modelLines(entries)).toEqual(['model-request 1', 'model-error 1']);
    const failure = failureOf(entries)!;
    expect(failure).toMatchObject({ step: 1, name: 'TypeError', message: 'fetch failed', code: expect.any(String), cause: expect.any(String) });
    expect(failure.status).toBeUndefined();
    expect(failure.aborted).toBeUndefined();
  });

  it("a timeout of the run's signal while the answer streams: the error marked aborted, the run ends aborted", async () => {
    const stalled = { sse: chat.sse({ text: 'a long answer that stalls', calls: [{ id: 'x', name: 'add', args: '{"a":1,"b":2}' }] }), stallAfter: 2 };
    const { entries, outcome } = await record([stalled], { signal: AbortSignal.timeout(300) });
    expect(outcome).toBe('aborted');
    expect(modelLines(entries)).toEqual(['model-request 1', 'model-error 1']);
    expect(failureOf(entries)).toMatchObject({ step: 1, name: 'TimeoutError', aborted: true });
  });
});

describe('replaying a record whose model request failed', () => {
  it('the replay model rejects at that step with an error saying it was recorded; asked past it, it says the record ended there', async () => {
    const { entries } = await record([addCall, http500]);
    const model = replayModel(entries);
    const request = (): ModelRequest => ({ messages: [], tools: [] });
    await expect(model.request(request())).resolves.toMatchObject({ text: 'Adding. ' });
    const error = await model.request(request()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(ToolwrightError.isInstance(error)).toBe(true);
    const failed = error as ToolwrightError;
    expect(failed.code).toBe('INTERNAL');
    expect(failed.message).toMatch(/^Model request 2 failed in the record \(replayed\): ToolwrightError INTERNAL HTTP 500: The model API answered 500 Internal Server Error for POST /);
    expect(failed.details).toMatchObject({ recorded: true, step: 2, status: 500, name: 'ToolwrightError' });
    expect(model.failures.map((f) => f.error)).toEqual([error]);
    expect(model.remaining).toBe(0);
    // A caller that goes on past the recorded failure gets no answer the record does not have.
    await expect(model.request(request())).rejects.toThrow('The replayed run made model request 3, but the record has only 1 model response and 1 failed model request (its last request failed: the recorded run ended there).');
  });

  it('an HTTP 500: the re-run fails at the same step the same way — no difference (tools from the record, then live)', async () => {
    const { entries } = await record([addCall, http500]);
    for (const liveTools of [false, true]) {
      const report = await replaySession({ record: entries, agent: await agentWith(), liveTools });
      expect(report).toMatchObject({ ok: true, differences: [], calls: 1, modelSteps: 1, status: 'failed' });
      expect(report.failure).toMatch(/^Model request 2 failed in the record \(replayed\): ToolwrightError INTERNAL HTTP 500: /);
      expect(formatReplayReport(report)).toMatch(/^Replay of the record: 1 call, 1 model response, tools (answered from the record|run live); the run ended failed as recorded \(Model request 2 failed in the record \(replayed\): ToolwrightError INTERNAL HTTP 500: .*\)\.\nNo differences\.$/s);
    }
  });

  it('a closed connection at the first request: reproduced, no difference', async () => {
    const { entries } = await record([{ hangUp: true }]);
    const report = await replaySession({ record: entries, agent: await agentWith() });
    expect(report).toMatchObject({ ok: true, status: 'failed', calls: 0, modelSteps: 0 });
    expect(report.failure).toMatch(/^Model request 1 failed in the record \(replayed\): TypeError \S+: fetch failed \(cause: .+\)$/);
  });

  it("a timeout: the replayed run's signal aborts at that step, so it ends aborted as the record did — no difference", async () => {
    // The run's timeout fires while the second answer stalls (started then, so a slow first step does not matter).
    const controller = new AbortController();
    const stalled = (): FakeReply => {
      setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), 100);
      return { sse: chat.sse({ text: 'stalls', calls: [] }), stallAfter: 1 };
    };
    const { entries } = await record([addCall, stalled], { signal: controller.signal });
    expect(modelLines(entries)).toEqual(['model-request 1', 'model-response 1', 'model-request 2', 'model-error 2']);
    const report = await replaySession({ record: entries, agent: await agentWith() });
    expect(report).toMatchObject({ ok: true, differences: [], status: 'aborted', calls: 1 });
    expect(report.failure).toMatch(/^Model request 2 failed in the record \(replayed\): TimeoutError \(aborted\): /);
  });

  it('a re-run that ends before the failing request is a difference naming the failure it did not reach', async () => {
    const { entries } = await record([addCall, http500]);
    // add now needs an approval nobody gives: the run stops after step 1, before request 2.
    const report = await replaySession({ record: entries, agent: await agentWith({ ask: ['add'] }) });
    expect(report.ok).toBe(false);
    expect(report.status).toBe('interrupted');
    expect(report.failure).toBeUndefined();
    const model = report.differences.find((d) => d.kind === 'model')!;
    expect(model.message).toMatch(/^the replayed run ended \(interrupted\) after 1 of 2 recorded model answers \(responses and failures\); the record's model request 2 failed \(ToolwrightError INTERNAL HTTP 500: The model API answered 500 /);
  });

  it('a record that goes on past the failure (the session retried) is a difference: the replayed run stops at the failure', async () => {
    server = await startFakeModelServer(http500, answer);
    const recorder = new MemoryRecorder();
    const agent = await agentWith();
    agent.recordTo(recorder);
    const model = openAIChatModel({ baseURL: `${server.url}/v1`, model: 'fake', apiKey: 'sk-test-key', stream: true });
    await expect(runTools({ model, agent, input: 'What is 1 + 2?' })).rejects.toThrow('500');
    await expect(runTools({ model, agent, input: 'What is 1 + 2?' })).resolves.toMatchObject({ status: 'done', text: 'It is 3.' });
    expect(modelLines(recorder.entries)).toEqual(['model-request 1', 'model-error 1', 'model-request 2', 'model-response 2']);
    const report = await replaySession({ record: recorder.entries, agent: await agentWith() });
    expect(report.status).toBe('failed');
    expect(report.differences.map((d) => d.message)).toEqual(['the replayed run ended (failed) after 1 of 2 recorded model answers (responses and failures)']);
  });
});
