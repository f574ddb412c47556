// The files under examples/docs/, whose excerpts are the code blocks of docs/ (checked by
// code-blocks.test.ts), run and checked against what the docs say about them.
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, Observation } from '@toolwright/sdk';
import { FileApprovalInbox } from '@toolwright/sdk/policy';
import type { InboxEntry } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';
import { openAIChatModel } from '@toolwright/models';
import { clientModels } from '../../examples/docs/client-models.js';
import { defaults } from '../../examples/docs/concepts.js';
import { nightlyAgent } from '../../examples/docs/operations.js';
import { openPipelineAgent, timeGrep } from '../../examples/docs/pipeline.js';
import { approveLater } from '../../examples/docs/run-state.js';
import { groupsByName, oneRequest } from '../../examples/docs/turns.js';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer } from '../models/fake-model-server.js';
import { fixtureAgent } from '../models/fixture-agent.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-docs-')));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('examples/docs/', () => {
  it('concepts: a property initializer is a default, in the schema and in the call', async () => {
    const { schema, times, text } = await defaults();
    expect(schema).toMatchObject({ properties: { times: { type: 'integer', minimum: 1, default: 1 } }, required: ['text'] });
    expect(times).toBe(1);
    expect(text).toBe('> hi');
  });

  it('models: an interrupted run saved to a file, approved from the file, continues', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'docs-run-state' });
    cleanups.push(cleanup);
    const server: FakeModelServer = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'w1', name: 'write_note', args: '{"text":"buy milk"}' }] }), done: true },
      { sse: chat.sse({ text: 'Noted.' }), done: true },
    );
    cleanups.push(() => server.close());
    const model = openAIChatModel({ model: 'gpt-4.1-mini', apiKey: 'test-key', baseURL: `${server.url}/v1` });
    const result = await approveLater(model, agent, join(tempDir(), 'state.json'));
    expect([result.status, result.text]).toEqual(['done', 'Noted.']);
    expect(notes).toEqual(['buy milk']);
  });

  it('models: the adapters over the official clients are model adapters of their APIs', () => {
    expect(clientModels('test-key').map((m) => m.dialect.api)).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini']);
  });

  it("toolsets: one request exports this turn's view and runs the model's calls against it", async () => {
    registerBuiltinTools();
    const dir = tempDir();
    writeFileSync(join(dir, 'a.md'), 'TODO\n');
    const agent = new Agent({ tools: [{ name: 'glob' }] });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    cleanups.push(() => agent.close());
    let exported: unknown[] = [];
    const [result] = await oneRequest(agent, (tools) => ((exported = tools), [{ id: 'c1', name: 'glob', arguments: '{"pattern":"*.md"}' }]));
    expect(exported.map((t) => (t as { name: string }).name)).toEqual(['glob']);
    expect(result!.observation.isError).toBe(false);
    expect(result!.observation.text).toContain('a.md');
  });

  it('toolsets: a group takes the agent’s own tools by name, basic takes a skill directory', async () => {
    registerBuiltinTools();
    const names = await groupsByName(tempDir());
    expect(names).toEqual(expect.arrayContaining(['grep', 'skill']));
    expect(names).not.toContain('terminal');
  });

  it('pipeline: middleware sees every outcome, the pre hook keeps paths in the sandbox, post recovers, the terminal is hidden', async () => {
    registerBuiltinTools();
    const sandbox = tempDir();
    const log: unknown[][] = [];
    const agent = await openPipelineAgent(sandbox, (...parts) => log.push(parts));
    cleanups.push(() => agent.close());
    expect(agent.toolSchemas('mcp').map((t) => (t as { name: string }).name).sort()).toEqual(['file_editor', 'grep']);
    timeGrep(agent.toolsMap.get('grep')!, (...parts) => log.push(parts));
    const created = await agent.executeToolCall({ id: 'c1', name: 'file_editor', arguments: JSON.stringify({ command: 'create', path: '/notes/a.md', file_text: 'TODO\n' }) });
    expect(created.observation.isError).toBe(false);
    expect(created.observation.text).toContain(join(sandbox, 'notes/a.md'));
    const found = await agent.executeToolCall({ id: 'c2', name: 'grep', arguments: JSON.stringify({ pattern: 'TODO', path: '/' }) });
    expect(found.observation.text).toContain('Found 1 file');
    expect(log.map(([name, what]) => (what === 'took' ? `${String(name)} took` : name))).toEqual(['file_editor', 'grep took', 'grep']);
    expect(log[0]![2]).toBeInstanceOf(Observation);
  });
});

describe('examples/docs/operations.ts', () => {
  it('parks an ask in the inbox, another inbox object answers it, the session is recorded with the secret masked', async () => {
    registerBuiltinTools();
    const dir = tempDir();
    const token = 'tok-0123456789abcdef';
    const { agent, inbox, recorder } = await nightlyAgent(dir, token);
    cleanups.push(async () => {
      await agent.close();
      await inbox.close();
    });
    const call = agent.executeToolCall({ id: 'c1', name: 'file_editor', arguments: JSON.stringify({ command: 'create', path: join(dir, 'note.md'), file_text: `token ${token}\n` }) });
    const answering = new FileApprovalInbox(join(dir, '.toolwright', 'inbox'));
    cleanups.push(() => answering.close());
    let pending: InboxEntry[] = [];
    while (pending.length === 0) {
      await sleep(20);
      pending = await answering.list({ state: 'pending' });
    }
    expect(pending[0]!.request.toolName).toBe('file_editor');
    await answering.answer(pending[0]!.id, pending[0]!.binding, { type: 'approve' }, 'docs test');
    const { observation } = await call;
    expect(observation.isError).toBe(false);
    await recorder.close();
    const record = readFileSync(join(dir, 'session.jsonl'), 'utf8');
    expect(record).toContain('"type":"approval"');
    expect(record).toContain('<secret:API_TOKEN>');
    expect(record).not.toContain(token);
  });
});
