// Toolwright tools as LangChain structured tools in LangChain's tool-calling loop (ChatOpenAI.bindTools
// + each tool's invoke with the model's tool call) and in LangChain's own agent (`createAgent` of the
// langchain package), ChatOpenAI talking real HTTP to the local fake model server (Chat Completions
// fixtures, api-fixtures.ts); and LangChain tools brought into Toolwright under its policy.
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HumanMessage } from '@langchain/core/messages';
import type { BaseMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { Agent, ConversationState } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import { fromLangChainTool, toLangChainTools } from '@toolwright/models/langchain';
import type { FrameworkToolOutput } from '@toolwright/models/langchain';
import { chat } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import { fixtureAgent, PIXEL_PNG } from './fixture-agent.js';

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** LangChain's tool-calling loop: the bound model answers, each tool call is invoked, until no call comes. */
async function loop(url: string, tools: StructuredToolInterface[], prompt: string): Promise<BaseMessage[]> {
  const model = new ChatOpenAI({ model: 'fake', apiKey: 'k', maxRetries: 0, configuration: { baseURL: `${url}/v1` } }).bindTools(tools);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const messages: BaseMessage[] = [new HumanMessage(prompt)];
  for (let step = 0; step < 4; step++) {
    const reply = await model.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) break;
    for (const call of reply.tool_calls) messages.push((await byName.get(call.name)!.invoke(call)) as ToolMessage);
  }
  return messages;
}

describe('toLangChainTools with ChatOpenAI.bindTools', () => {
  it('runs calls through the agent: an allowed call, an image, a deny and an ask refused naming the rule, visible in the ToolMessages', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'langchain-loop', policy: { deny: ['explode'], ask: ['write_note'] } });
    cleanups.push(cleanup);
    server = await startFakeModelServer(
      {
        json: chat.json({
          calls: [
            { id: 'c_add', name: 'add', args: '{"a":2,"b":3}' },
            { id: 'c_pic', name: 'snapshot', args: '{"text":"cat"}' },
            { id: 'c_boom', name: 'explode', args: '{"text":"x"}' },
            { id: 'c_note', name: 'write_note', args: '{"text":"buy milk"}' },
          ],
        }),
      },
      { json: chat.json({ text: 'All done.' }) },
    );
    const tools = toLangChainTools(agent);
    const messages = await loop(server.url, tools, 'go');
    expect(messages.at(-1)!.content).toBe('All done.');
    expect(notes).toEqual([]);
    const results = messages.filter((m): m is ToolMessage => m.getType() === 'tool');
    expect(results.map((m) => [m.tool_call_id, (m.artifact as FrameworkToolOutput).isError])).toEqual([
      ['c_add', false],
      ['c_pic', false],
      ['c_boom', true],
      ['c_note', true],
    ]);
    expect(results[0]!.content).toBe('5');
    expect((results[2]!.artifact as FrameworkToolOutput).errorCode).toBe('PERMISSION_DENIED');
    expect(results[3]!.content).toContain('ask rule write_note');
    // The model's next request carried them all (the image as an image_url part of the tool message).
    const sent = list(server.requests[1]!.body.messages).filter((m) => m.role === 'tool');
    expect(sent.map((m) => m.tool_call_id)).toEqual(['c_add', 'c_pic', 'c_boom', 'c_note']);
    expect(JSON.stringify(sent[1]!.content)).toContain(PIXEL_PNG.slice(0, 20));
    expect(String(sent[2]!.content)).toContain("Permission denied for tool 'explode'");
    // The tools' JSON Schema went to the model as the Toolwright export.
    expect((server.requests[0]!.body.tools as Obj[]).map((t) => (t.function as Obj).name)).toEqual(['add', 'explode', 'snapshot', 'write_note', 'wait']);
  });
});

describe("toLangChainTools in LangChain's own agent (createAgent)", () => {
  it('the agent loop runs an allowed call, sees a deny and a refused ask as tool errors, and finishes', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'langchain-create-agent', policy: { deny: ['explode'], ask: ['write_note'] } });
    cleanups.push(cleanup);
    server = await startFakeModelServer(
      {
        json: chat.json({
          calls: [
            { id: 'c_add', name: 'add', args: '{"a":4,"b":5}' },
            { id: 'c_boom', name: 'explode', args: '{"text":"x"}' },
            { id: 'c_note', name: 'write_note', args: '{"text":"buy milk"}' },
          ],
        }),
      },
      // Its own completion id, as a real server gives (LangGraph keeps one message per id).
      { json: { ...(chat.json({ text: 'Sum is 9; the rest was refused.' }) as Obj), id: 'chatcmpl-2' } },
    );
    const model = new ChatOpenAI({ model: 'fake', apiKey: 'k', maxRetries: 0, configuration: { baseURL: `${server.url}/v1` } });
    const lcAgent = createAgent({ model, tools: toLangChainTools(agent) });
    const result = await lcAgent.invoke({ messages: [new HumanMessage('go')] });
    const messages = result.messages as BaseMessage[];
    expect(messages.at(-1)!.content).toBe('Sum is 9; the rest was refused.');
    const results = messages.filter((m): m is ToolMessage => m.getType() === 'tool');
    expect(results.map((m) => [m.tool_call_id, m.content])).toEqual([
      ['c_add', '9'],
      ['c_boom', expect.stringContaining("Permission denied for tool 'explode'")],
      ['c_note', expect.stringContaining('ask rule write_note')],
    ]);
    expect(notes).toEqual([]);
    // The second request carried the three results back to the model.
    expect(list(server.requests[1]!.body.messages).filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['c_add', 'c_boom', 'c_note']);
  });
});

describe('fromLangChainTool', () => {
  it('a LangChain tool (Zod schema) becomes a Toolwright tool validated by its JSON Schema, under the policy', async () => {
    const seen: unknown[] = [];
    const weather = tool((input: { city: string; days: number }) => (seen.push(input), `${input.city}: sunny for ${input.days} day(s)`), {
      name: 'weather',
      description: 'The weather in a city.',
      schema: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
    });
    const wipe = tool(() => 'wiped', { name: 'wipe', description: 'Wipes everything.', schema: z.object({}) });
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-from-lc-')));
    const agent = new Agent({ toolsets: [new FunctionToolset([fromLangChainTool(weather, { annotations: { readOnlyHint: true } }), fromLangChainTool(wipe)])], policy: {} });
    await agent.initialize(new ConversationState({ id: 'from-langchain', workingDir: dir }));
    cleanups.push(async () => {
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const ok = await agent.executeToolCall({ id: 'w1', name: 'weather', arguments: '{"city":"Oslo","days":2}' });
    expect(ok.observation.text).toBe('Oslo: sunny for 2 day(s)');
    const bad = await agent.executeToolCall({ id: 'w2', name: 'weather', arguments: '{"city":"Oslo"}' });
    expect(bad.observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(bad.observation.text).toContain('days');
    expect(seen).toEqual([{ city: 'Oslo', days: 2 }]);
    // Not read-only: the default policy asks, and with no callback the call waits instead of running.
    const asked = await agent.executeToolCall({ id: 'x1', name: 'wipe', arguments: '{}' });
    expect(asked.pending?.request.toolName).toBe('wipe');
  });
});
