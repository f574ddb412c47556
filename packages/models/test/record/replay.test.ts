/**
 * Replaying a recorded session: model turns come from the record, calls go through the agent's
 * policy now, Observations come from the record (or the tools, live); the report lists what
 * changed — schema hashes first, then decisions, approvals and results by call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { Agent, ConversationState, MemoryRecorder, defineTool } from '@toolwright/sdk';
import type { RecordEntry, ToolDefinition } from '@toolwright/sdk';
import { expectReplay, openAIChat, recordedApprovals, replaySession, runTools } from '@toolwright/models';
import type { ModelAdapter, ModelTurn } from '@toolwright/models';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Setup {
  /** How many times each tool really ran. */
  runs: Record<string, number>;
  echoPrefix?: string;
  echoDescription?: string;
  allowRemove?: boolean;
  /** No approval callback: asks are left pending. */
  deferApprovals?: boolean;
}

function tools(setup: Setup): ToolDefinition[] {
  const ran = (name: string): void => void (setup.runs[name] = (setup.runs[name] ?? 0) + 1);
  return [
    defineTool({ name: 'echo', description: setup.echoDescription ?? 'Echo the text.', input: z.object({ text: z.string() }), annotations: { readOnlyHint: true }, execute: ({ text }) => (ran('echo'), `${setup.echoPrefix ?? 'echo'}:${text}`) }),
    defineTool({ name: 'write_note', description: 'Write a note.', input: z.object({ text: z.string() }), execute: ({ text }) => (ran('write_note'), `wrote:${text}`) }),
    defineTool({ name: 'remove_note', description: 'Remove a note.', input: z.object({ id: z.string() }), execute: () => (ran('remove_note'), 'removed') }),
  ];
}

async function agentFor(setup: Setup, extra: { recorder?: MemoryRecorder; record?: readonly RecordEntry[] } = {}): Promise<Agent> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-replay-'));
  dirs.push(dir);
  const agent = new Agent({
    extraTools: tools(setup),
    recorder: extra.recorder,
    policy: { mode: 'default', deny: setup.allowRemove ? [] : ['remove_note'], allow: setup.allowRemove ? ['remove_note'] : [], grantsFile: false, ...(setup.deferApprovals ? {} : { onApproval: extra.record ? recordedApprovals(extra.record) : () => ({ type: 'approve' as const }) }) },
  });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return agent;
}

const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };
function callTurn(calls: { id: string; name: string; arguments: string }[]): ModelTurn {
  return { text: '', calls, usage, finishReason: 'tool_calls', messages: [{ role: 'assistant', content: null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }] };
}
const doneTurn: ModelTurn = { text: 'All done.', calls: [], usage, finishReason: 'stop', messages: [{ role: 'assistant', content: 'All done.' }] };

/** A model that answers with `turns` in order (OpenAI Chat Completions format). */
function scriptedModel(turns: ModelTurn[]): ModelAdapter {
  let next = 0;
  return { dialect: openAIChat, request: () => Promise.resolve(structuredClone(turns[next++]!)) };
}

/** Records the session: echo (read-only, allowed), write_note (asked, approved), remove_note (denied), then the answer. */
async function recordSession(): Promise<RecordEntry[]> {
  const recorder = new MemoryRecorder();
  const setup: Setup = { runs: {} };
  const agent = await agentFor(setup, { recorder });
  const model = scriptedModel([
    callTurn([
      { id: 'c1', name: 'echo', arguments: '{"text":"hi"}' },
      { id: 'c2', name: 'write_note', arguments: '{"text":"n1"}' },
      { id: 'c3', name: 'remove_note', arguments: '{"id":"1"}' },
    ]),
    doneTurn,
  ]);
  const result = await runTools({ model, agent, input: 'Do the things.' });
  expect(result.status).toBe('done');
  await agent.close();
  return [...recorder.entries];
}

describe('runTools with a recording agent', () => {
  it('records each model request (new messages only) and response beside the calls', async () => {
    const record = await recordSession();
    const requests = record.filter((e) => e.type === 'model-request');
    expect(requests.map((r) => [r.step, r.api, r.offset, r.messages.length, r.tools])).toEqual([
      [1, 'openai-chat', 0, 1, 3],
      [2, 'openai-chat', 1, 4, 3],
    ]);
    expect(record.filter((e) => e.type === 'model-response').map((r) => r.turn.finishReason)).toEqual(['tool_calls', 'stop']);
    expect(record.map((e) => e.type)).toEqual(expect.arrayContaining(['tool', 'call', 'decision', 'approval', 'observation']));
  });
});

describe('replaySession', () => {
  it('finds no difference when nothing changed, answering every call from the record (no tool runs)', async () => {
    const record = await recordSession();
    const setup: Setup = { runs: {} };
    const agent = await agentFor(setup, { record });
    const report = await replaySession({ record, agent });
    await agent.close();
    expect(report).toEqual({ ok: true, differences: [], calls: 3, modelSteps: 2, liveTools: false, status: 'done' });
    expect(setup.runs).toEqual({});
  });

  it('with live tools runs them, and reports a changed result', async () => {
    const record = await recordSession();
    const same: Setup = { runs: {} };
    const agent = await agentFor(same, { record });
    expect((await replaySession({ record, agent, liveTools: true })).ok).toBe(true);
    expect(same.runs).toEqual({ echo: 1, write_note: 1 });
    await agent.close();

    const changed = await agentFor({ runs: {}, echoPrefix: 'ECHO' }, { record });
    const report = await replaySession({ record, agent: changed, liveTools: true });
    await changed.close();
    expect(report.differences).toEqual([expect.objectContaining({ kind: 'observation', id: 'c1', tool: 'echo', message: 'call c1 echo: result changed\n    recorded: echo:hi\n    replayed: ECHO:hi' })]);
  });

  it('reports a changed schema hash first, then a changed decision and its result', async () => {
    const record = await recordSession();
    const agent = await agentFor({ runs: {}, echoDescription: 'Echo the text back.', allowRemove: true }, { record });
    const report = await replaySession({ record, agent });
    await agent.close();
    expect(report.differences.map((d) => [d.kind, d.tool])).toEqual([
      ['schema', 'echo'],
      ['decision', 'remove_note'],
      ['observation', 'remove_note'],
    ]);
    expect(report.differences[1]!.message).toBe('call c3 remove_note: decision deny (rule: remove_note) → allow (rule: remove_note)');
    // The call did not run in the record: replayed from the record, it has no result to give.
    expect(report.differences[2]!.message).toMatch(/replayed: error NOT_RECORDED: Replay: call "c3" of tool 'remove_note' did not run in the record/);
  });

  it('reports a run that ends before the record did: an approval now left pending stops it', async () => {
    const record = await recordSession();
    const agent = await agentFor({ runs: {}, deferApprovals: true });
    const report = await replaySession({ record, agent });
    await agent.close();
    expect(report.status).toBe('interrupted');
    expect(report.differences.map((d) => d.kind)).toEqual(['model', 'approval', 'observation']);
    expect(report.differences[0]!.message).toBe('the replayed run ended (interrupted) after 1 of 2 recorded model responses');
    expect(report.differences[1]!.message).toBe('call c2 write_note: approvals approve → pending');
    expect(report.differences[2]!.message).toBe('call c2 write_note: result changed\n    recorded: wrote:n1\n    replayed: pending (waits for approval)');
  });

  it('replays a record made without runTools by making its calls again', async () => {
    const recorder = new MemoryRecorder();
    const agent = await agentFor({ runs: {} }, { recorder });
    await agent.executeToolCalls([{ id: 'a', name: 'echo', arguments: '{"text":"x"}' }, { id: 'b', name: 'remove_note', arguments: '{"id":"2"}' }]);
    await agent.close();
    const replayWith = await agentFor({ runs: {}, allowRemove: true }, { record: recorder.entries });
    const report = await replaySession({ record: recorder.entries, agent: replayWith, liveTools: true });
    await replayWith.close();
    expect(report.differences.map((d) => [d.kind, d.id])).toEqual([['decision', 'b'], ['observation', 'b']]);
  });
});

describe('expectReplay', () => {
  it('resolves with the report when the session replays the same, rejects listing the differences otherwise', async () => {
    const record = await recordSession();
    await expect(expectReplay(record, { agent: (r) => agentFor({ runs: {} }, { record: r }) })).resolves.toMatchObject({ ok: true });
    await expect(expectReplay(record, { agent: (r) => agentFor({ runs: {}, echoPrefix: 'ECHO' }, { record: r }), liveTools: true })).rejects.toThrow(
      'Replay of the record: 3 calls, 2 model responses, tools run live; the run ended done.\n1 difference:\n  observation  call c1 echo: result changed',
    );
  });
});
