// The converters on their own: documented shapes in, documented shapes out (sources in
// test/models/api-fixtures.ts), and what each does with calls it cannot run.
import { describe, expect, it } from '@jest/globals';
import { Observation } from '@toolwright/sdk';
import { anthropicMessages, geminiGenerateContent, openAIChat, openAIResponses, settleCalls } from '@toolwright/models';
import type { ToolResult } from '@toolwright/models';
import { anthropic, chat, gemini, responses } from '../../../test/models/api-fixtures.js';

const PNG = 'iVBORw0KGgo=';
const imageResult: ToolResult = { id: 'c1', name: 'snap', observation: Observation.of({ content: [{ type: 'text', text: 'a cat' }, { type: 'image', data: PNG, mimeType: 'image/png' }] }) };
const errorResult: ToolResult = { id: 'c2', name: 'boom', observation: Observation.fromText('it broke', { isError: true }) };

describe('settleCalls', () => {
  it('keeps well-formed calls, renames a duplicated id and names every problem', () => {
    const calls = settleCalls([{ id: 'a', name: 't', arguments: '{}' }, { id: 'a', name: 't', arguments: { x: 1 } }, { name: 't' }, { id: 'b', truncated: true, arguments: '{"x"' }]);
    expect(calls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['a', 't', '{}'],
      ['a_2', 't', '{"x":1}'],
      ['toolwright_call_3', 't', '{}'],
      ['b', '', '{"x"'],
    ]);
    expect(calls[0]!.problem).toBeUndefined();
    expect(calls[1]!.problem).toContain('reuses the id "a"');
    expect(calls[2]!.problem).toContain('has no id');
    expect(calls[3]!.problem).toMatch(/names no tool.*cut off/);
  });

  it('makes up ids without a problem where the API lets a call leave its id out (Gemini)', () => {
    expect(settleCalls([{ name: 't', arguments: {} }], { idOptional: true })).toEqual([{ id: 'toolwright_call_1', name: 't', arguments: '{}' }]);
  });
});

describe('OpenAI Chat Completions', () => {
  it('reads tool_calls and writes the assistant message back with them', () => {
    const turn = openAIChat.parseResponse(chat.json({ calls: [{ id: 'call_1', name: 'add', args: '{"a":1}' }] }));
    expect(turn.calls).toEqual([{ id: 'call_1', name: 'add', arguments: '{"a":1}' }]);
    expect(turn.finishReason).toBe('tool_calls');
    expect(turn.messages).toEqual([{ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1}' } }] }]);
  });

  it("answers with role 'tool' messages; images follow in one user message as image_url parts", () => {
    expect(openAIChat.resultMessages([imageResult, errorResult])).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'a cat\n[image image/png]' },
      { role: 'tool', tool_call_id: 'c2', content: '[An error occurred during execution.]\nit broke' },
      { role: 'user', content: [{ type: 'text', text: 'Attachments of tool call c1 (snap):' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
    ]);
  });

  it('assembles delta.tool_calls[index] fragments and reports each call complete when the next index starts', () => {
    const assembler = openAIChat.createAssembler();
    const ready: string[] = [];
    for (const e of chat.sse({ calls: [{ id: 'x', name: 'add', args: '{"a":1,"b":2}' }, { id: 'y', name: 'add', args: '{"a":3}' }] })) ready.push(...assembler.push(e.data).map((c) => c.id));
    expect(ready).toEqual(['x', 'y']);
    expect(assembler.finish().calls.map((c) => c.arguments)).toEqual(['{"a":1,"b":2}', '{"a":3}']);
    expect(assembler.finish().usage).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
  });
});

describe('OpenAI Responses', () => {
  it('reads function_call items and answers with function_call_output (input_image for images)', () => {
    const turn = openAIResponses.parseResponse(responses.json({ text: 'hi', calls: [{ id: 'call_9', name: 'snap', args: '{}' }] }));
    expect(turn.text).toBe('hi');
    expect(turn.calls).toEqual([{ id: 'call_9', name: 'snap', arguments: '{}' }]);
    expect(openAIResponses.resultMessages([imageResult, errorResult])).toEqual([
      { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'a cat' }, { type: 'input_image', image_url: `data:image/png;base64,${PNG}` }] },
      { type: 'function_call_output', call_id: 'c2', output: '[An error occurred during execution.]\nit broke' },
    ]);
  });

  it('completes a call at response.function_call_arguments.done', () => {
    const assembler = openAIResponses.createAssembler();
    const log: string[] = [];
    for (const e of responses.sse({ calls: [{ id: 'c', name: 'add', args: '{"a":1}' }] })) {
      const ready = assembler.push(e.data);
      if (ready.length > 0) log.push(`${(e.data as { type: string }).type}:${ready.map((c) => c.id).join()}`);
    }
    expect(log).toEqual(['response.function_call_arguments.done:c']);
  });
});

describe('Anthropic Messages', () => {
  it('reads tool_use blocks and answers with tool_result blocks (is_error, image and document blocks) in one user message', () => {
    const turn = anthropicMessages.parseResponse(anthropic.json({ calls: [{ id: 'toolu_1', name: 'add', args: '{"a":1}' }] }));
    expect(turn.calls).toEqual([{ id: 'toolu_1', name: 'add', arguments: '{"a":1}' }]);
    expect(turn.finishReason).toBe('tool_use');
    const pdf: ToolResult = { id: 'c3', name: 'doc', observation: Observation.of({ content: [{ type: 'resource', resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' } }] }) };
    expect(anthropicMessages.resultMessages([imageResult, errorResult, pdf])).toEqual([
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'a cat' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
          { type: 'tool_result', tool_use_id: 'c2', content: [{ type: 'text', text: '[An error occurred during execution.]\nit broke' }], is_error: true },
          { type: 'tool_result', tool_use_id: 'c3', content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } }] },
        ],
      },
    ]);
  });

  it('reports each tool_use complete at its content_block_stop, while later blocks still stream', () => {
    const assembler = anthropicMessages.createAssembler();
    const log: string[] = [];
    for (const e of anthropic.sse({ text: 'ok', calls: [{ id: 'u1', name: 'add', args: '{"a":1}' }, { id: 'u2', name: 'add', args: '{"a":2}' }] })) {
      const data = e.data as { type: string; index?: number };
      for (const c of assembler.push(data)) log.push(`${data.type}#${data.index}:${c.id}:${c.arguments}`);
    }
    expect(log).toEqual(['content_block_stop#1:u1:{"a":1}', 'content_block_stop#2:u2:{"a":2}']);
    expect(assembler.finish().text).toBe('ok');
  });

  it('assembles input_json_delta fragments; the stored tool_use input is an object even when the JSON was bad', () => {
    const assembler = anthropicMessages.createAssembler();
    for (const e of anthropic.sse({ calls: [{ id: 't', name: 'add', args: '{"a":' }] })) assembler.push(e.data);
    const turn = assembler.finish();
    expect(turn.calls).toEqual([{ id: 't', name: 'add', arguments: '{"a":' }]);
    expect(turn.messages).toEqual([{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'add', input: {} }] }]);
  });
});

describe('Gemini generateContent', () => {
  it('a streamed functionCall part is complete when it arrives; text parts join', () => {
    const assembler = geminiGenerateContent.createAssembler();
    const ready: string[] = [];
    for (const e of gemini.sse({ text: 'thinking about it', calls: [{ id: 'g1', name: 'add', args: '{"a":1}' }] })) ready.push(...assembler.push(e.data).map((c) => c.id));
    expect(ready).toEqual(['g1']);
    const turn = assembler.finish();
    expect([turn.text, turn.usage.totalTokens, turn.finishReason]).toEqual(['thinking about it', 15, 'STOP']);
  });

  it('gives calls without ids an id, and answers with functionResponse parts plus inlineData', () => {
    const turn = geminiGenerateContent.parseResponse(gemini.json({ calls: [{ name: 'add', args: '{"a":1}' }] }));
    expect(turn.calls).toEqual([{ id: 'toolwright_call_1', name: 'add', arguments: '{"a":1}' }]);
    expect(turn.messages).toEqual([{ role: 'model', parts: [{ functionCall: { id: 'toolwright_call_1', name: 'add', args: { a: 1 } } }] }]);
    expect(geminiGenerateContent.resultMessages([imageResult, errorResult])).toEqual([
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'c1', name: 'snap', response: { output: 'a cat\n[image image/png]' } } },
          { functionResponse: { id: 'c2', name: 'boom', response: { error: '[An error occurred during execution.]\nit broke' } } },
          { inlineData: { mimeType: 'image/png', data: PNG } },
        ],
      },
    ]);
  });
});
