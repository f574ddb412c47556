/**
 * Recording a session: an Agent with a recorder writes one JSON line per entry — its tools'
 * schema hashes, each call, the permission decision, approvals, logs, the Observation with its
 * duration — every string through the mask; file and memory recorders write the same lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { Agent, ConversationState, FileRecorder, MemoryRecorder, defineTool, readRecordFile, renderTimeline, toolSchemaHash } from '@toolwright/sdk';
import type { AgentOptions, RecordEntry, Recorder } from '@toolwright/sdk';
import { CallRecording } from '../../src/record/call-recording.js';
import { processSecrets } from '../../src/secrets/process-secrets.js';

const echo = defineTool({ name: 'echo', description: 'Echo the text.', input: z.object({ text: z.string() }), annotations: { readOnlyHint: true }, execute: ({ text }) => `echo:${text}` });
const write = defineTool({ name: 'write_note', description: 'Write a note.', input: z.object({ text: z.string() }), execute: ({ text }, ctx) => (ctx.log('info', `writing ${text}`), `wrote:${text}`) });
const remove = defineTool({ name: 'remove_note', description: 'Remove a note.', input: z.object({ id: z.string() }), execute: () => 'removed' });

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tw-record-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function agentRecordingTo(recorder: Recorder, options: AgentOptions = {}): Promise<Agent> {
  const agent = new Agent({
    extraTools: [echo, write, remove],
    recorder,
    policy: { mode: 'default', deny: ['remove_note'], grantsFile: false, onApproval: () => ({ type: 'approve' }) },
    ...options,
  });
  await agent.initialize(new ConversationState({ workingDir: tempDir() }));
  await agent.startTurn();
  return agent;
}

const ofType = <T extends RecordEntry['type']>(entries: readonly RecordEntry[], type: T): Extract<RecordEntry, { type: T }>[] => entries.filter((e): e is Extract<RecordEntry, { type: T }> => e.type === type);

describe('Agent({ recorder })', () => {
  it("writes every tool's schema hash at initialize, then per call: call, decision, approval, log, observation", async () => {
    const recorder = new MemoryRecorder();
    const agent = await agentRecordingTo(recorder);
    await agent.executeToolCalls([
      { id: 'c1', name: 'echo', arguments: '{"text":"hi"}' },
      { id: 'c2', name: 'write_note', arguments: { text: 'n1' } },
      { id: 'c3', name: 'remove_note', arguments: '{"id":"1"}' },
    ]);
    await agent.close();
    const entries = recorder.entries;
    expect(entries.every((e) => e.v === 1 && typeof e.t === 'number')).toBe(true);
    expect(ofType(entries, 'tool').map((t) => [t.name, t.hash])).toEqual([echo, write, remove].map((tool) => [tool.name, toolSchemaHash(tool).hash]));
    expect(entries.slice(0, 3).every((e) => e.type === 'tool')).toBe(true);
    // Lines are written when a call ends (the denied call ends first): compare by call id.
    const byId = <E extends { id: string }>(list: E[]): E[] => list.sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(ofType(entries, 'call')).map((c) => [c.id, c.tool, c.arguments])).toEqual([['c1', 'echo', '{"text":"hi"}'], ['c2', 'write_note', { text: 'n1' }], ['c3', 'remove_note', '{"id":"1"}']]);
    expect(byId(ofType(entries, 'decision')).map((d) => [d.id, d.behavior, d.reason])).toEqual([['c1', 'allow', 'readOnly'], ['c2', 'ask', expect.any(String)], ['c3', 'deny', 'rule']]);
    expect(ofType(entries, 'decision').find((d) => d.id === 'c3')?.rule).toBe('remove_note');
    expect(ofType(entries, 'approval')).toEqual([expect.objectContaining({ id: 'c2', tool: 'write_note', answer: { type: 'approve' } })]);
    expect(ofType(entries, 'log')).toEqual([expect.objectContaining({ id: 'c2', level: 'info', data: 'writing n1' })]);
    const observations = ofType(entries, 'observation');
    expect(byId(observations).map((o) => [o.id, o.observation.isError, o.observation.errorCode])).toEqual([['c1', false, undefined], ['c2', false, undefined], ['c3', true, 'PERMISSION_DENIED']]);
    expect(observations.every((o) => o.ms >= 0)).toBe(true);
    // A call's lines are written together, in order: call, decision, approval, log, observation.
    expect(entries.filter((e) => 'id' in e && e.id === 'c2').map((e) => e.type)).toEqual(['call', 'decision', 'approval', 'log', 'observation']);
  });

  it('records a call the model got wrong (unknown tool, bad arguments) with its error Observation', async () => {
    const recorder = new MemoryRecorder();
    const agent = await agentRecordingTo(recorder, { policy: undefined });
    await agent.executeToolCall({ id: 'x1', name: 'ecko', arguments: '{}' });
    await agent.executeToolCall({ id: 'x2', name: 'echo', arguments: '{"text":' });
    await agent.close();
    const observations = ofType(recorder.entries, 'observation');
    expect(observations.map((o) => [o.id, o.observation.isError])).toEqual([['x1', true], ['x2', true]]);
    expect(ofType(recorder.entries, 'decision')).toEqual([]);
  });

  it('passes every string written through mask: arguments, observations, logs, meta', async () => {
    const secret = 'sk-canary-123456';
    const mask = (text: string): string => text.split(secret).join('<secret:KEY>');
    const recorder = new MemoryRecorder({ mask });
    const agent = await agentRecordingTo(recorder);
    recorder.record({ type: 'session', startedAt: new Date().toISOString(), meta: { task: `use ${secret}` } });
    await agent.executeToolCall({ id: 'c1', name: 'write_note', arguments: JSON.stringify({ text: `key=${secret}` }) });
    await agent.close();
    expect(recorder.text()).not.toContain(secret);
    expect(recorder.text()).toContain('<secret:KEY>');
    expect(ofType(recorder.entries, 'observation')[0]!.observation.content).toEqual([{ type: 'text', text: 'wrote:key=<secret:KEY>' }]);
  });

  it("masks the process's registered secrets in every line, without a mask option", async () => {
    const secret = 'tw-canary-process-secret';
    processSecrets.add(secret, 'CANARY');
    try {
      const recorder = new MemoryRecorder();
      const agent = await agentRecordingTo(recorder);
      await agent.executeToolCall({ id: 'c1', name: 'echo', arguments: { text: `a ${secret} b` } });
      await agent.close();
      expect(recorder.text()).not.toContain(secret);
      expect(ofType(recorder.entries, 'call')[0]!.arguments).toEqual({ text: 'a <secret:CANARY> b' });
    } finally {
      processSecrets.delete(secret);
    }
  });

  it('writes a tool line again when a tool of that name comes back with another schema, not when it is unchanged', () => {
    const recorder = new MemoryRecorder();
    const recording = new CallRecording(recorder);
    const changed = defineTool({ name: 'echo', description: 'Echo the text, louder.', input: z.object({ text: z.string() }), execute: ({ text }) => text });
    recording.tools([echo, write]);
    recording.tools([echo, write]);
    recording.tools([changed, write]);
    recording.tools([changed]);
    expect(ofType(recorder.entries, 'tool').map((t) => [t.name, t.hash])).toEqual([
      ['echo', toolSchemaHash(echo).hash],
      ['write_note', toolSchemaHash(write).hash],
      ['echo', toolSchemaHash(changed).hash],
    ]);
    expect(toolSchemaHash(changed).hash).not.toBe(toolSchemaHash(echo).hash);
  });

  it('recordTo starts recording an initialized agent: its tools first, then its calls', async () => {
    const agent = new Agent({ extraTools: [echo] });
    await agent.initialize(new ConversationState({ workingDir: tempDir() }));
    const recorder = new MemoryRecorder();
    agent.recordTo(recorder);
    expect(agent.recorder).toBe(recorder);
    await agent.executeToolCall({ id: 'c1', name: 'echo', arguments: '{"text":"a"}' });
    agent.recordTo(undefined);
    await agent.executeToolCall({ id: 'c2', name: 'echo', arguments: '{"text":"b"}' });
    await agent.close();
    expect(recorder.entries.map((e) => e.type)).toEqual(['tool', 'call', 'observation']);
  });
});

describe('toolSchemaHash', () => {
  it('is stable: the same schema in another key order hashes the same', () => {
    const a = { name: 't', toMcpTool: () => ({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }) };
    const b = { name: 't', toMcpTool: () => ({ inputSchema: { properties: { x: { type: 'string' } }, type: 'object' }, description: 'd', name: 't' }) };
    expect(toolSchemaHash(a).hash).toBe(toolSchemaHash(b).hash);
    expect(toolSchemaHash(a).hash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('FileRecorder', () => {
  it('appends the same lines a MemoryRecorder keeps, flushed at close (mode 0600)', async () => {
    const path = join(tempDir(), 'session.jsonl');
    const file = new FileRecorder(path);
    const memory = new MemoryRecorder();
    for (const recorder of [file, memory]) {
      const agent = await agentRecordingTo(recorder);
      await agent.executeToolCalls([{ id: 'c1', name: 'echo', arguments: '{"text":"hi"}' }, { id: 'c2', name: 'remove_note', arguments: '{"id":"1"}' }]);
      await agent.close();
      await recorder.close();
    }
    const strip = (entries: readonly RecordEntry[]): unknown[] => entries.map(({ t: _t, ...rest }) => (rest.type === 'observation' ? { ...rest, ms: 0 } : rest));
    expect(strip(await readRecordFile(path))).toEqual(strip(memory.entries));
    expect((await import('node:fs')).statSync(path).mode & 0o777).toBe(0o600);
  });

  it('with sync: true, every line is in the file before record returns', () => {
    const path = join(tempDir(), 'sync.jsonl');
    const recorder = new FileRecorder(path, { sync: true });
    recorder.record({ type: 'end', status: 'done' });
    expect(readFileSync(path, 'utf8')).toMatch(/^\{"v":1,"t":[\d.]+,"type":"end","status":"done"\}\n$/);
    void recorder.close();
  });

  it('buffers lines and writes them whole once flushBytes are waiting', () => {
    const path = join(tempDir(), 'buffered.jsonl');
    const recorder = new FileRecorder(path, { flushBytes: 200 });
    recorder.record({ type: 'end', status: 'a' });
    expect(readFileSync(path, 'utf8')).toBe('');
    recorder.record({ type: 'end', status: 'x'.repeat(200) });
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
    void recorder.close();
  });

  it('fails fast naming the path when the file cannot be opened', () => {
    const path = join(tempDir(), 'no-such-dir', 'x.jsonl');
    expect(() => new FileRecorder(path)).toThrow(`Cannot open the record file ${path}`);
  });
});

describe('renderTimeline', () => {
  it('shows time offsets, calls with their decision and approval, and results', async () => {
    const recorder = new MemoryRecorder();
    const agent = await agentRecordingTo(recorder);
    await agent.executeToolCalls([{ id: 'c1', name: 'write_note', arguments: '{"text":"n1"}' }, { id: 'c2', name: 'remove_note', arguments: '{"id":"1"}' }]);
    await agent.close();
    const text = renderTimeline(recorder.entries);
    expect(text).toMatch(/^ +\+0\.\d{3}s {2}tool echo schema [0-9a-f]{16}$/m);
    expect(text).toMatch(/call c1 write_note \{"text":"n1"\}\n +decision ask .*\n +approval asked \(.*\) → approve\n +log info writing n1\n/);
    expect(text).toMatch(/result c1 write_note ok in [\d.]+ ms: wrote:n1/);
    expect(text).toMatch(/decision deny \(rule: remove_note\)/);
    expect(text).toMatch(/result c2 remove_note error PERMISSION_DENIED/);
  });

  it('shows a failed model request with its error, code, HTTP status and cause', () => {
    const text = renderTimeline([
      { v: 1, t: 1, type: 'model-request', step: 1, api: 'openai-chat', messages: [{ role: 'user', content: 'hi' }], offset: 0, tools: 2 },
      { v: 1, t: 9.25, type: 'model-error', step: 1, name: 'TypeError', message: 'fetch failed', code: 'UND_ERR_SOCKET', cause: 'other side closed', ms: 8.25 },
      { v: 1, t: 20, type: 'model-request', step: 2, api: 'openai-chat', messages: [], offset: 1, tools: 2 },
      { v: 1, t: 30, type: 'model-error', step: 2, name: 'ToolwrightError', message: 'The model API answered 500 Internal Server Error', code: 'INTERNAL', status: 500, ms: 10 },
      { v: 1, t: 40, type: 'model-error', step: 3, name: 'TimeoutError', message: 'The operation was aborted due to timeout', aborted: true, ms: 200 },
    ]);
    expect(text.split('\n')).toEqual([
      '   +0.001s  model request 1 (openai-chat, 1 new message, 2 tools)',
      '   +0.009s  model request 1 failed after 8.25 ms: TypeError UND_ERR_SOCKET "fetch failed" (cause: other side closed)',
      '   +0.020s  model request 2 (openai-chat, 0 new messages, 2 tools)',
      '   +0.030s  model request 2 failed after 10 ms: ToolwrightError INTERNAL HTTP 500 "The model API answered 500 Internal Server Error"',
      '   +0.040s  model request 3 failed after 200 ms (aborted): TimeoutError "The operation was aborted due to timeout"',
    ]);
  });
});
