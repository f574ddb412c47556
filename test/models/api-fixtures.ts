// Responses in each model API's documented shapes, built from a neutral script (text + calls), as
// JSON bodies and as SSE event lists. Sources, per builder:
//  - OpenAI Chat Completions: https://platform.openai.com/docs/api-reference/chat/object and
//    .../chat-streaming (chunks: choices[0].delta.tool_calls[] with `index`, id and name in the first
//    fragment, `function.arguments` fragments after; finish_reason 'tool_calls'; usage chunk with
//    stream_options.include_usage; `data: [DONE]`), https://platform.openai.com/docs/guides/function-calling
//  - OpenAI Responses: https://platform.openai.com/docs/api-reference/responses/object and
//    .../responses-streaming (response.output_item.added, response.function_call_arguments.delta/.done,
//    response.output_item.done, response.completed)
//  - Anthropic Messages: https://docs.claude.com/en/api/messages and
//    https://docs.claude.com/en/docs/build-with-claude/streaming (message_start, content_block_start
//    with tool_use {id, name, input: {}}, content_block_delta input_json_delta.partial_json,
//    content_block_stop, message_delta {stop_reason, usage}, message_stop)
//  - Gemini: https://ai.google.dev/api/generate-content (GenerateContentResponse: candidates[].content.parts[]
//    with functionCall {id, name, args}, usageMetadata) and https://ai.google.dev/gemini-api/docs/function-calling;
//    streamGenerateContent?alt=sse sends one GenerateContentResponse per `data:` line.

/** A scripted model turn. */
export interface TurnScript {
  text?: string;
  calls?: { id?: string; name?: string; args: string }[];
  usage?: { input: number; output: number };
}

type SseEvent = { event?: string; data: unknown };

const usageOf = (s: TurnScript): { input: number; output: number } => s.usage ?? { input: 10, output: 5 };

/** Splits a string into pieces of `size` (argument fragments as a stream sends them). */
export function pieces(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

export const chat = {
  json(s: TurnScript): unknown {
    const u = usageOf(s);
    const calls = s.calls ?? [];
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'fake',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: s.text ?? null, ...(calls.length > 0 ? { tool_calls: calls.map((c) => ({ ...(c.id !== undefined ? { id: c.id } : {}), type: 'function', function: { name: c.name, arguments: c.args } })) } : {}) },
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output },
    };
  },
  sse(s: TurnScript, options: { cut?: boolean } = {}): SseEvent[] {
    const u = usageOf(s);
    const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake' };
    const chunk = (delta: unknown, finish: string | null = null): SseEvent => ({ data: { ...base, choices: [{ index: 0, delta, finish_reason: finish }] } });
    const events: SseEvent[] = [chunk({ role: 'assistant', content: '' })];
    for (const piece of s.text ? pieces(s.text) : []) events.push(chunk({ content: piece }));
    (s.calls ?? []).forEach((c, index) => {
      events.push(chunk({ tool_calls: [{ index, ...(c.id !== undefined ? { id: c.id } : {}), type: 'function', function: { name: c.name, arguments: '' } }] }));
      for (const piece of pieces(c.args)) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
    if (options.cut) return events.slice(0, -2);
    events.push(chunk({}, (s.calls ?? []).length > 0 ? 'tool_calls' : 'stop'));
    events.push({ data: { ...base, choices: [], usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output } } });
    return events;
  },
};

export const responses = {
  items(s: TurnScript): unknown[] {
    const items: unknown[] = [];
    if (s.text) items.push({ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: s.text, annotations: [] }] });
    (s.calls ?? []).forEach((c, i) => items.push({ type: 'function_call', id: `fc_${i + 1}`, ...(c.id !== undefined ? { call_id: c.id } : {}), name: c.name, arguments: c.args, status: 'completed' }));
    return items;
  },
  json(s: TurnScript): unknown {
    const u = usageOf(s);
    return { id: 'resp_1', object: 'response', status: 'completed', model: 'fake', output: responses.items(s), usage: { input_tokens: u.input, output_tokens: u.output, total_tokens: u.input + u.output } };
  },
  sse(s: TurnScript, options: { cut?: boolean } = {}): SseEvent[] {
    const u = usageOf(s);
    const ev = (type: string, data: Record<string, unknown>): SseEvent => ({ event: type, data: { type, ...data } });
    const events: SseEvent[] = [ev('response.created', { response: { id: 'resp_1', status: 'in_progress', output: [] } })];
    let index = 0;
    if (s.text) {
      const item = { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] };
      events.push(ev('response.output_item.added', { output_index: index, item }));
      for (const piece of pieces(s.text)) events.push(ev('response.output_text.delta', { item_id: 'msg_1', output_index: index, content_index: 0, delta: piece }));
      events.push(ev('response.output_item.done', { output_index: index, item: responses.items({ text: s.text })[0] }));
      index++;
    }
    for (const [i, c] of (s.calls ?? []).entries()) {
      const id = `fc_${i + 1}`;
      events.push(ev('response.output_item.added', { output_index: index, item: { type: 'function_call', id, ...(c.id !== undefined ? { call_id: c.id } : {}), name: c.name, arguments: '', status: 'in_progress' } }));
      for (const piece of pieces(c.args)) events.push(ev('response.function_call_arguments.delta', { item_id: id, output_index: index, delta: piece }));
      events.push(ev('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: c.args }));
      events.push(ev('response.output_item.done', { output_index: index, item: { type: 'function_call', id, ...(c.id !== undefined ? { call_id: c.id } : {}), name: c.name, arguments: c.args, status: 'completed' } }));
      index++;
    }
    if (options.cut) return events.slice(0, -3);
    events.push(ev('response.completed', { response: { id: 'resp_1', status: 'completed', output: responses.items(s), usage: { input_tokens: u.input, output_tokens: u.output, total_tokens: u.input + u.output } } }));
    return events;
  },
};

const anthropicInput = (args: string): unknown => {
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args; // a malformed call as a broken proxy might send it
  }
};

export const anthropic = {
  json(s: TurnScript): unknown {
    const u = usageOf(s);
    const content: unknown[] = [];
    if (s.text) content.push({ type: 'text', text: s.text });
    for (const c of s.calls ?? []) content.push({ type: 'tool_use', ...(c.id !== undefined ? { id: c.id } : {}), name: c.name, input: anthropicInput(c.args) });
    return { id: 'msg_1', type: 'message', role: 'assistant', model: 'fake', content, stop_reason: (s.calls ?? []).length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null, usage: { input_tokens: u.input, output_tokens: u.output } };
  },
  sse(s: TurnScript, options: { cut?: boolean } = {}): SseEvent[] {
    const u = usageOf(s);
    const ev = (type: string, data: Record<string, unknown>): SseEvent => ({ event: type, data: { type, ...data } });
    const events: SseEvent[] = [ev('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'fake', stop_reason: null, usage: { input_tokens: u.input, output_tokens: 1 } } })];
    let index = 0;
    if (s.text) {
      events.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const piece of pieces(s.text)) events.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
      events.push(ev('content_block_stop', { index }));
      index++;
    }
    for (const c of s.calls ?? []) {
      events.push(ev('content_block_start', { index, content_block: { type: 'tool_use', ...(c.id !== undefined ? { id: c.id } : {}), name: c.name, input: {} } }));
      for (const piece of pieces(c.args)) events.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
      events.push(ev('content_block_stop', { index }));
      index++;
    }
    if (options.cut) return events.slice(0, -2);
    events.push(ev('message_delta', { delta: { stop_reason: (s.calls ?? []).length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: u.output } }));
    events.push(ev('message_stop', {}));
    return events;
  },
};

const geminiArgs = (args: string): unknown => {
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return { raw: args };
  }
};

export const gemini = {
  parts(s: TurnScript): unknown[] {
    const parts: unknown[] = [];
    if (s.text) parts.push({ text: s.text });
    for (const c of s.calls ?? []) parts.push({ functionCall: { ...(c.id !== undefined ? { id: c.id } : {}), name: c.name, args: geminiArgs(c.args) } });
    return parts;
  },
  json(s: TurnScript): unknown {
    const u = usageOf(s);
    return { candidates: [{ content: { role: 'model', parts: gemini.parts(s) }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: u.input, candidatesTokenCount: u.output, totalTokenCount: u.input + u.output }, modelVersion: 'fake' };
  },
  sse(s: TurnScript): SseEvent[] {
    const u = usageOf(s);
    const events: SseEvent[] = [];
    for (const piece of s.text ? pieces(s.text) : []) events.push({ data: { candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }] } });
    for (const part of gemini.parts({ calls: s.calls })) events.push({ data: { candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }] } });
    events.push({ data: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: u.input, candidatesTokenCount: u.output, totalTokenCount: u.input + u.output } } });
    return events;
  },
};
