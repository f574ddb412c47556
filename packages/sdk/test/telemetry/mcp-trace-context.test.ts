import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { createMcpServer } from '@toolwright/sdk/mcp';
import { installTracing } from './fixtures/in-memory-tracing.js';
import type { InMemoryTracing } from './fixtures/in-memory-tracing.js';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, '../../../../test/secrets/fixtures/canary-mcp-server.mjs');

let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = installTracing();
});
afterAll(async () => {
  await tracing.uninstall();
});
beforeEach(() => tracing.exporter.reset());

describe('MCP trace context', () => {
  it("sends the MCP request span's traceparent to the server in params._meta, under the tool call's span", async () => {
    const agent = new Agent({ mcpServers: { canary: { command: process.execPath, args: [SERVER] } } });
    await agent.initialize(new ConversationState({ workingDir: here }));
    const result = await agent.executeToolCall({ id: 'm1', name: 'echo_meta', arguments: '{}' });
    const meta = JSON.parse(result.observation.text) as { traceparent?: string };
    const call = tracing.span('execute_tool echo_meta');
    const request = tracing.span('tools/call echo_meta');
    expect(call.attributes['gen_ai.tool.type']).toBe('extension');
    expect(request.kind).toBe(SpanKind.CLIENT);
    expect(request.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo_meta', 'toolwright.mcp.server': 'canary' });
    expect(request.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    const { traceId, spanId } = request.spanContext();
    expect(meta.traceparent).toBe(`00-${traceId}-${spanId}-01`);

    // An MCP error result ends the request span as an error.
    await agent.executeToolCall({ id: 'm2', name: 'leak_error_result', arguments: '{}' });
    expect(tracing.span('tools/call leak_error_result').attributes['error.type']).toBe('tool_error');
    await agent.executeToolCall({ id: 'm3', name: 'leak_rpc_error', arguments: '{}' });
    expect(tracing.span('tools/call leak_rpc_error').status.code).toBe(SpanStatusCode.ERROR);
    await agent.close();
  });

  it("makes a served call's execute_tool span a child of the client's traceparent", async () => {
    class TextAction extends Action {
      @Field({ description: 'Text' }) @IsString() text!: string;
    }
    const echo = new ToolDefinition({ name: 'echo', description: 'Echoes.', actionType: TextAction, executor: { execute: (a) => Observation.fromText(a.text) } });
    const server = createMcpServer({ tools: [echo] });
    await server.ready();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'traced-client', version: '1.0.0' });
    await client.connect(clientSide);
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const result = await client.request({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: { traceparent } } }, CallToolResultSchema);
    expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
    const span = tracing.span('execute_tool echo');
    expect(span.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    await client.close();
    await server.close();
  });
});
