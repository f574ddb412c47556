/**
 * Record and replay benchmarks (issue 28 §2): what recording costs a tool call, and how long a
 * recorded session takes to replay.
 *
 * - Recorder overhead per call: the agent path of one call (`executeToolCall` of the kernel
 *   bench's `add` tool) with a `FileRecorder` (buffered, the default; and `sync: true`) against
 *   the same agent without a recorder. CPU time per call (user + system: the recorder's writes
 *   included), interleaved rounds in a rotating order; the overhead is the median of the
 *   per-round differences. Target: ≤ 1 µs per call for the default recorder.
 * - The floor beside it: the same two lines per call (same bytes but the times), built by hand
 *   from the call's strings — two clock reads, JSON escaping of the arguments and the result
 *   text, times formatted from integers — collected and written as the recorder writes them
 *   (joined, one write per 64 KiB). No recorder can write these lines for less on this machine.
 * - Replay of a 1,000-entry session: a session recorded through `runTools` (a scripted model
 *   calling `add` four times per step) is read from its file and replayed (`readRecordFile` +
 *   `replaySession`, tools answered from the record); wall time. Target: ≤ 1 s.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, ConversationState, FileRecorder, readRecordFile } from '@toolwright/sdk';
import type { Recorder } from '@toolwright/sdk';
import { openAIChat, replaySession, runTools } from '@toolwright/models';
import type { ModelAdapter, ModelTurn } from '@toolwright/models';
import { addArgs, addTool } from './kernel-fixtures.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundSamples } from './measure.js';

async function agentWith(dir: string, recorder?: Recorder): Promise<Agent> {
  const agent = new Agent({ extraTools: [addTool], ...(recorder ? { recorder } : {}) });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  await agent.startTurn();
  return agent;
}

/** Median of the per-round differences `subject[r] - baseline[r]`. */
const overhead = (subject: readonly number[], baseline: readonly number[]): number => median(subject.map((v, r) => v - baseline[r]!));

/** The floor: what writing a call's two lines costs by hand (see the header). */
function floorWriter(path: string): { call: () => void; close: () => void } {
  const fd = openSync(path, 'a', 0o600);
  const start = performance.now();
  let lines: string[] = [];
  let waiting = 0;
  const flush = (): void => {
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    writeSync(fd, bytes);
    lines = [];
    waiting = 0;
  };
  const time = (ms: number): string => {
    const us = Math.round(ms * 1000);
    const whole = Math.floor(us / 1000);
    const frac = us - whole * 1000;
    return `${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
  };
  return {
    call: () => {
      const started = performance.now() - start;
      const text = String(2 + 3);
      const ended = performance.now() - start;
      const call = `{"v":1,"t":${time(started)},"type":"call","id":"c1","tool":"add","arguments":${JSON.stringify(addArgs)}}`;
      const observation = `{"v":1,"t":${time(ended)},"type":"observation","id":"c1","tool":"add","observation":{"kind":"Observation","content":[{"type":"text","text":${JSON.stringify(text)}}],"isError":false},"ms":${time(ended - started)}}`;
      lines.push(call, observation);
      waiting += call.length + observation.length + 2;
      if (waiting * 3 >= 64 * 1024) flush();
    },
    close: () => {
      if (lines.length > 0) flush();
      closeSync(fd);
    },
  };
}

async function recorderOverhead(dir: string): Promise<BenchRow[]> {
  const buffered = new FileRecorder(join(dir, 'buffered.jsonl'));
  const sync = new FileRecorder(join(dir, 'sync.jsonl'), { sync: true });
  const plain = await agentWith(dir);
  const withBuffered = await agentWith(dir, buffered);
  const withSync = await agentWith(dir, sync);
  const floor = floorWriter(join(dir, 'floor.jsonl'));
  const call = { id: 'c1', name: 'add', arguments: addArgs };
  const [base, b, s, f] = await roundSamples(
    [...[plain, withBuffered, withSync].map((agent) => ({ fn: () => agent.executeToolCall(call), sync: false })), { fn: floor.call, sync: true }],
    15,
    4_000,
  );
  floor.close();
  await Promise.all([plain.close(), withBuffered.close(), withSync.close(), buffered.close(), sync.close()]);
  const lines = (path: string): string => `${(statSync(path).size / 1024 / 1024).toFixed(0)} MiB written`;
  return [
    { name: 'agent call, no recorder', value: median(base!) },
    { name: 'recorder overhead per call: FileRecorder (buffered, default)', value: overhead(b!, base!), maxValue: 1, note: `call + observation lines; ${lines(join(dir, 'buffered.jsonl'))}` },
    { name: 'floor: the same two lines built by hand and written alike', value: median(f!), note: 'no agent; see the bench header' },
    { name: 'recorder overhead per call: FileRecorder sync: true', value: overhead(s!, base!), note: `one write per line; ${lines(join(dir, 'sync.jsonl'))}` },
  ];
}

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A model calling `add` `calls` times per step for `steps` steps, then answering. */
function scriptedModel(steps: number, calls: number): ModelAdapter {
  let step = 0;
  return {
    dialect: openAIChat,
    request: () => {
      step++;
      if (step > steps) return Promise.resolve({ text: 'done', calls: [], usage, finishReason: 'stop', messages: [{ role: 'assistant', content: 'done' }] } satisfies ModelTurn);
      const list = Array.from({ length: calls }, (_, i) => ({ id: `s${step}_${i}`, name: 'add', arguments: JSON.stringify({ a: step, b: i }) }));
      return Promise.resolve({ text: '', calls: list, usage, finishReason: 'tool_calls', messages: [{ role: 'assistant', content: null, tool_calls: list.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }] } satisfies ModelTurn);
    },
  };
}

async function replayRow(dir: string): Promise<BenchRow> {
  const path = join(dir, 'session.jsonl');
  const recorder = new FileRecorder(path);
  const recording = await agentWith(dir, recorder);
  // 100 steps of 4 calls: 100 * (2 model + 4 * 2 call) lines, the answer's 2 and 1 tool line = 1,003 entries.
  await runTools({ model: scriptedModel(100, 4), agent: recording, input: 'Add.', maxSteps: 101 });
  await recording.close();
  await recorder.close();
  const times: number[] = [];
  let entries = 0;
  for (let round = 0; round < 5; round++) {
    const agent = await agentWith(dir);
    const start = performance.now();
    const record = await readRecordFile(path);
    const report = await replaySession({ record, agent });
    times.push(performance.now() - start);
    entries = record.length;
    if (!report.ok) throw new Error(`record bench: the replay differs: ${report.differences.map((d) => d.message).join('; ')}`);
    await agent.close();
  }
  return { name: `replay of a ${entries}-entry session (read + replay, tools from the record)`, value: median(times), unit: 'ms', maxValue: 1000, note: '100 model steps of 4 calls; median of 5' };
}

/** The record group. */
export async function run(): Promise<BenchTable[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-record-bench-'));
  try {
    const rows = await recorderOverhead(dir);
    rows.push(await replayRow(dir));
    return [{ title: 'Record and replay (CPU µs per call; replay wall ms)', rows }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
