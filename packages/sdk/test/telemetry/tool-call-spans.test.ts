import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, ErrorCode, Field, Observation, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { AgentOptions } from '@toolwright/sdk';
import { withRemoteTraceContext } from '../../src/telemetry/remote-trace-parent.js';
import { traceModelRequest } from '../../src/telemetry/trace-model-request.js';
import { installTracing } from './fixtures/in-memory-tracing.js';
import type { InMemoryTracing } from './fixtures/in-memory-tracing.js';

class SayAction extends Action {
  @Field({ description: 'Text' }) @IsString() text!: string;
}

const say = new ToolDefinition({ name: 'say', description: 'Says it.', actionType: SayAction, executor: { execute: (a) => Observation.fromText(`said ${a.text}`) } });
const fail = new ToolDefinition({
  name: 'fail',
  description: 'Always fails.',
  actionType: SayAction,
  executor: {
    execute: () => {
      throw new ToolwrightError({ code: ErrorCode.TIMEOUT, message: 'the backend timed out' });
    },
  },
});
const slow = new ToolDefinition({
  name: 'slow',
  description: 'Answers later.',
  actionType: SayAction,
  executor: { execute: async (a) => new Promise<Observation>((resolve) => setTimeout(() => resolve(Observation.fromText(`late ${a.text}`)), 5)) },
});

let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = installTracing();
});
afterAll(async () => {
  await tracing.uninstall();
});
beforeEach(() => tracing.exporter.reset());

async function agentWith(options: AgentOptions): Promise<Agent> {
  const agent = new Agent({ extraTools: [say, fail, slow], ...options });
  await agent.initialize(new ConversationState({ workingDir: mkdtempSync(join(tmpdir(), 'tw-otel-')) }));
  return agent;
}

describe('tool call spans (OpenTelemetry GenAI conventions)', () => {
  it("gives each call an 'execute_tool {name}' span with the GenAI attributes", async () => {
    const agent = await agentWith({});
    const result = await agent.executeToolCall({ id: 'call-1', name: 'say', arguments: '{"text":"hi"}' });
    expect(result.observation.text).toBe('said hi');
    const span = tracing.span('execute_tool say');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'say', 'gen_ai.tool.call.id': 'call-1', 'gen_ai.tool.type': 'function', 'gen_ai.tool.description': 'Says it.' });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.instrumentationScope.name).toBe('@toolwright/sdk');
    await agent.close();
  });

  it('ends a failed call with an error status and error.type (the error code)', async () => {
    const agent = await agentWith({});
    const result = await agent.executeToolCall({ id: 'call-2', name: 'fail', arguments: '{"text":"x"}' });
    expect(result.observation.isError).toBe(true);
    const span = tracing.span('execute_tool fail');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the backend timed out' });
    expect(span.attributes['error.type']).toBe('TIMEOUT');
  });

  it('records a call the model got wrong (unknown tool) as a failed span too', async () => {
    const agent = await agentWith({});
    await agent.executeToolCall({ id: 'call-3', name: 'nope', arguments: '{}' });
    const span = tracing.span('execute_tool nope');
    expect(span.attributes['error.type']).toBe('UNKNOWN_TOOL');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('gives permission, approval and hooks child spans of the call span', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-otel-policy-'));
    const agent = await agentWith({
      policy: { ask: ['slow'], grantsFile: false, auditLog: { path: join(dir, 'audit.jsonl') }, onApproval: async () => new Promise((resolve) => setTimeout(() => resolve({ type: 'approve' }), 20)) },
      hooks: { pre: [() => undefined], post: [() => undefined] },
    });
    const result = await agent.executeToolCall({ id: 'call-4', name: 'slow', arguments: '{"text":"a"}' });
    expect(result.observation.text).toBe('late a');
    const call = tracing.span('execute_tool slow');
    const children = tracing.spans().filter((s) => s.parentSpanContext?.spanId === call.spanContext().spanId);
    expect(children.map((s) => s.name).sort()).toEqual(['approval', 'hooks', 'hooks', 'permission']);
    for (const child of children) expect(child.spanContext().traceId).toBe(call.spanContext().traceId);
    const approval = tracing.span('approval');
    const waitedMs = (approval.duration[0] * 1e9 + approval.duration[1]) / 1e6;
    expect(waitedMs).toBeGreaterThanOrEqual(15);
  });

  it('joins the trace of an MCP client that sent a traceparent (serve reads it from params._meta)', async () => {
    const agent = await agentWith({});
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const meta = { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, tracestate: 'vendor=1' };
    await withRemoteTraceContext(meta, () => agent.executeToolCall({ id: 'call-5', name: 'slow', arguments: '{"text":"remote"}' }));
    await agent.executeToolCall({ id: 'call-6', name: 'say', arguments: '{"text":"after"}' });
    const span = tracing.span('execute_tool slow');
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.spanContext().traceState?.get('vendor')).toBe('1');
    // Only the request it came with: the next call starts a trace of its own.
    const after = tracing.span('execute_tool say');
    expect(after.spanContext().traceId).not.toBe(traceId);
    expect(after.parentSpanContext).toBeUndefined();
  });

  it('ignores a malformed traceparent (the call starts a trace of its own)', async () => {
    const agent = await agentWith({});
    for (const traceparent of ['00-zz-00f067aa0ba902b7-01', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 42]) {
      tracing.exporter.reset();
      await withRemoteTraceContext({ traceparent }, () => agent.executeToolCall({ id: 'c', name: 'say', arguments: '{"text":"x"}' }));
      expect(tracing.span('execute_tool say').parentSpanContext).toBeUndefined();
    }
  });

  it("traces a model request as 'chat {model}' with token usage", async () => {
    const turn = await traceModelRequest({ api: 'openai-chat', model: 'gpt-test' }, async () => ({ text: 'ok', usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 }, finishReason: 'stop' }));
    expect(turn.text).toBe('ok');
    const span = tracing.span('chat gpt-test');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-test', 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 3 });
    expect(span.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    await expect(traceModelRequest({ api: 'anthropic', model: 'claude-test' }, async () => Promise.reject(new ToolwrightError({ code: ErrorCode.AUTH_REQUIRED, message: 'bad key' })))).rejects.toThrow('bad key');
    expect(tracing.span('chat claude-test').attributes['error.type']).toBe('AUTH_REQUIRED');
  });
});
