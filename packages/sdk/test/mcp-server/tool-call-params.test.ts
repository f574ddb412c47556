import { describe, expect, it } from '@jest/globals';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toolCallParams } from '../../src/mcp-server/tool-call-params.js';

/** What the MCP SDK's own schema makes of `params` (the reference for every verdict). */
const schemaParams = (params: unknown): unknown => CallToolRequestSchema.parse({ method: 'tools/call', params }).params;

describe('toolCallParams', () => {
  it.each([
    ['a name alone', { name: 'echo' }],
    ['a name and arguments', { name: 'echo', arguments: { text: 'hi', nested: { list: [1, null, 'x'] } } }],
    ['a string progress token', { name: 'echo', arguments: {}, _meta: { progressToken: 'p-1' } }],
    ['an integer progress token', { name: 'echo', arguments: { n: 1 }, _meta: { progressToken: 7 } }],
    ['an empty _meta', { name: 'echo', _meta: {} }],
  ])('gives the values the SDK schema gives for plain params: %s', (_, params) => {
    expect(toolCallParams({ params })).toEqual(schemaParams(params));
  });

  it('leaves anything beyond plain params to the SDK schema (unknown fields dropped, the trace context and a task kept)', () => {
    const params = { name: 'echo', arguments: {}, extra: 1, task: { ttl: 1000 }, _meta: { progressToken: 1, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } };
    const checked = toolCallParams({ params });
    expect(checked).toEqual(schemaParams(params));
    expect(checked).not.toHaveProperty('extra');
    expect(checked._meta).toHaveProperty('traceparent');
  });

  it('refuses a progress token the SDK schema refuses (a fraction), as -32602 naming the field', () => {
    expect(() => toolCallParams({ params: { name: 'echo', _meta: { progressToken: 1.5 } } })).toThrow(expect.objectContaining({ code: -32602, message: expect.stringContaining('_meta.progressToken') }));
  });

  it('refuses a missing name and arguments that are not an object with one-line messages', () => {
    expect(() => toolCallParams({ params: { arguments: {} } })).toThrow("tools/call: params.name: expected the tool's name (a non-empty string), got undefined.");
    expect(() => toolCallParams({ params: { name: 'echo', arguments: [1] } })).toThrow(/params\.arguments: expected an object of the tool's arguments .*got an array\./);
  });
});
