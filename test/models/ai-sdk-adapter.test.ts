// Toolwright tools inside the AI SDK's own loop (generateText with stopWhen), the AI SDK's OpenAI
// provider talking real HTTP to the local fake model server (Chat Completions fixtures,
// api-fixtures.ts); and AI SDK tools brought into Toolwright under its policy.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import { fromAiSdkTool, toAiSdkTools } from '@toolwright/models/ai-sdk';
import type { FrameworkToolOutput } from '@toolwright/models/ai-sdk';
import { chat } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import { fixtureAgent, fixtureTools, PIXEL_PNG } from './fixture-agent.js';

let server: FakeModelServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const toolMessages = (body: Obj): Obj[] => list(body.messages).filter((m) => m.role === 'tool');
const modelOf = (url: string) => createOpenAI({ baseURL: `${url}/v1`, apiKey: 'k' }).chat('fake');

describe('toAiSdkTools in generateText', () => {
  it('runs calls through the agent: an allowed call, a policy deny as an error result, an ask as the AI SDK tool approval', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'ai-sdk-loop', policy: { deny: ['explode'] } });
    cleanups.push(cleanup);
    server = await startFakeModelServer(
      {
        json: chat.json({
          calls: [
            { id: 'c_add', name: 'add', args: '{"a":2,"b":3}' },
            { id: 'c_boom', name: 'explode', args: '{"text":"x"}' },
            { id: 'c_note', name: 'write_note', args: '{"text":"buy milk"}' },
          ],
        }),
      },
      { json: chat.json({ text: 'All done.' }) },
    );
    const tools = toAiSdkTools(agent);
    expect(Object.keys(tools)).toEqual(['add', 'explode', 'snapshot', 'write_note', 'wait']);
    const messages: ModelMessage[] = [{ role: 'user', content: 'add, explode and note' }];
    const first = await generateText({ model: modelOf(server.url), tools, stopWhen: stepCountIs(5), messages });

    // The loop stopped at the approval: one model request, the write did not run.
    expect(server.requests).toHaveLength(1);
    expect(notes).toEqual([]);
    const results = first.content.filter((p) => p.type === 'tool-result') as { toolCallId: string; output: FrameworkToolOutput }[];
    expect(results.map((r) => [r.toolCallId, r.output.isError, r.output.text])).toEqual([
      ['c_add', false, '5'],
      ['c_boom', true, expect.stringContaining("Permission denied for tool 'explode'")],
    ]);
    expect(results[1]!.output.errorCode).toBe('PERMISSION_DENIED');
    const approvals = first.content.filter((p) => p.type === 'tool-approval-request') as { approvalId: string; toolCall: { toolCallId: string; toolName: string } }[];
    expect(approvals.map((a) => [a.toolCall.toolCallId, a.toolCall.toolName])).toEqual([['c_note', 'write_note']]);

    // The user approves in the AI SDK's own way; the next generateText runs the call through the agent, then asks the model.
    const second = await generateText({
      model: modelOf(server.url),
      tools,
      stopWhen: stepCountIs(5),
      messages: [...messages, ...first.response.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: approvals[0]!.approvalId, approved: true }] }],
    });
    expect(notes).toEqual(['buy milk']);
    expect(second.text).toBe('All done.');
    const sent = toolMessages(server.requests[1]!.body);
    expect(sent.map((m) => [m.tool_call_id, String(m.content)])).toEqual([
      ['c_add', '5'],
      ['c_boom', expect.stringContaining('[An error occurred during execution.]\nPermission denied')],
      ['c_note', 'noted: buy milk'],
    ]);
  });

  it('a denied approval does not run the call; with approvals off an ask is a refusal naming the rule', async () => {
    const { agent, notes, cleanup } = await fixtureAgent({ id: 'ai-sdk-refuse', policy: { ask: ['write_note'] } });
    cleanups.push(cleanup);
    server = await startFakeModelServer({ json: chat.json({ calls: [{ id: 'n1', name: 'write_note', args: '{"text":"a"}' }] }) }, { json: chat.json({ text: 'ok' }) }, { json: chat.json({ calls: [{ id: 'n2', name: 'write_note', args: '{"text":"b"}' }] }) }, { json: chat.json({ text: 'ok' }) });
    const messages: ModelMessage[] = [{ role: 'user', content: 'note' }];
    const first = await generateText({ model: modelOf(server.url), tools: toAiSdkTools(agent), stopWhen: stepCountIs(3), messages });
    const approval = first.content.find((p) => p.type === 'tool-approval-request') as { approvalId: string };
    await generateText({ model: modelOf(server.url), tools: toAiSdkTools(agent), stopWhen: stepCountIs(3), messages: [...messages, ...first.response.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: approval.approvalId, approved: false, reason: 'not now' }] }] });
    expect(notes).toEqual([]);

    const refused = await generateText({ model: modelOf(server.url), tools: toAiSdkTools(agent, { approvals: false }), stopWhen: stepCountIs(3), messages });
    expect(notes).toEqual([]);
    const result = refused.steps[0]!.content.find((p) => p.type === 'tool-result') as { output: FrameworkToolOutput };
    expect(result.output.isError).toBe(true);
    expect(result.output.text).toContain('ask rule write_note');
    expect(refused.text).toBe('ok');
  });

  it('passes the AI SDK tool call id and abort signal to the agent (its middleware sees them); an image result reaches the model', async () => {
    const seen: { id: string; tool: string; aborted: () => boolean }[] = [];
    const controller = new AbortController();
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-ai-sdk-')));
    const agent = new Agent({
      toolsets: [new FunctionToolset(fixtureTools([]))],
      policy: {},
      middleware: [
        async (ctx, next) => {
          seen.push({ id: ctx.toolCallId, tool: ctx.toolName, aborted: () => ctx.signal.aborted });
          if (ctx.toolName === 'wait') setTimeout(() => controller.abort(), 20);
          await next();
        },
      ],
    });
    await agent.initialize(new ConversationState({ id: 'ai-sdk-abort', workingDir: dir }));
    cleanups.push(async () => {
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    });
    server = await startFakeModelServer({ json: chat.json({ calls: [{ id: 'pic', name: 'snapshot', args: '{"text":"cat"}' }] }) }, { json: chat.json({ calls: [{ id: 'w1', name: 'wait', args: '{"text":"x"}' }] }) }, { json: chat.json({ text: 'late' }) });
    const run = generateText({ model: modelOf(server.url), tools: toAiSdkTools(agent), stopWhen: stepCountIs(3), prompt: 'picture, then wait', abortSignal: controller.signal });
    await expect(run).rejects.toThrow();
    expect(seen.map((s) => [s.id, s.tool])).toEqual([
      ['pic', 'snapshot'],
      ['w1', 'wait'],
    ]);
    expect(seen[1]!.aborted()).toBe(true);
    // The snapshot's image went back to the model as an image part of the tool result.
    const sent = JSON.stringify(toolMessages(server.requests[1]!.body)[0]);
    expect(sent).toContain('picture of cat');
    expect(sent).toContain(PIXEL_PNG.slice(0, 20));
  });
});

describe('fromAiSdkTool', () => {
  it('an AI SDK tool (Zod or jsonSchema) becomes a Toolwright tool validated by its JSON Schema, under the policy', async () => {
    const calls: { input: unknown; toolCallId: string }[] = [];
    const weather = tool({
      description: 'The weather in a city.',
      inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
      execute: (input, { toolCallId }) => (calls.push({ input, toolCallId }), { city: input.city, sky: 'sunny' }),
    });
    const shout = tool({ description: 'Shouts.', inputSchema: jsonSchema<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false }), execute: ({ text }) => text.toUpperCase() });
    const tools = [await fromAiSdkTool('weather', weather, { annotations: { readOnlyHint: true } }), await fromAiSdkTool('shout', shout)];
    const agent = new Agent({ toolsets: [new FunctionToolset(tools)], policy: { deny: ['shout'] } });
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-from-ai-')));
    await agent.initialize(new ConversationState({ id: 'from-ai-sdk', workingDir: dir }));
    cleanups.push(async () => {
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const ok = await agent.executeToolCall({ id: 'w1', name: 'weather', arguments: '{"city":"Oslo","days":2}' });
    expect(ok.observation.isError).toBe(false);
    expect(JSON.parse(ok.observation.text)).toEqual({ city: 'Oslo', sky: 'sunny' });
    expect(calls).toEqual([{ input: { city: 'Oslo', days: 2 }, toolCallId: 'w1' }]);

    const bad = await agent.executeToolCall({ id: 'w2', name: 'weather', arguments: '{"city":"Oslo","days":9}' });
    expect(bad.observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(bad.observation.text).toContain('days');
    expect(calls).toHaveLength(1);

    const denied = await agent.executeToolCall({ id: 's1', name: 'shout', arguments: '{"text":"hi"}' });
    expect(denied.observation.errorCode).toBe('PERMISSION_DENIED');
    expect(agent.toolSchemas('openai')).toHaveLength(2);
  });
});
