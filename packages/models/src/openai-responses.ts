import type { Agent } from '@toolwright/sdk';
import type { Dialect, StreamAssembler } from './dialect.js';
import { arr, obj, str } from './guards.js';
import type { JsonObject } from './guards.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';
import type { RawCall } from './raw-call.js';
import { isCompleteJson, settleCalls } from './raw-call.js';
import { contentOf, dataUrl, placeholder } from './result-content.js';
import type { ToolResult } from './tool-result.js';
import { emptyUsage, usageOf } from './usage.js';
import type { Usage } from './usage.js';

function responsesUsage(value: unknown): Usage {
  const u = obj(value);
  return usageOf(u.input_tokens, u.output_tokens, u.total_tokens);
}

function textOfItems(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    const i = obj(item);
    if (i.type !== 'message') continue;
    for (const part of arr(i.content)) if (obj(part).type === 'output_text') text += str(obj(part).text);
  }
  return text;
}

/** The output items with each function call's `call_id` settled (the items go back as input as they are). */
function turnOf(items: readonly unknown[], truncatedIds: ReadonlySet<number>, usage: Usage, finishReason: string, text = textOfItems(items)): ModelTurn {
  const positions: number[] = [];
  const raw: RawCall[] = [];
  items.forEach((item, index) => {
    const i = obj(item);
    if (i.type !== 'function_call') return;
    positions.push(index);
    raw.push({ id: i.call_id, name: i.name, arguments: i.arguments, truncated: truncatedIds.has(index) });
  });
  const calls = settleCalls(raw);
  const messages = items.map((item, index) => {
    const at = positions.indexOf(index);
    if (at < 0) return item;
    const call = calls[at]!;
    return { ...obj(item), type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments };
  });
  return { text, calls, usage, finishReason, messages };
}

/** Reads an OpenAI Responses response (`output` items of type `function_call`). */
function parseResponse(body: unknown): ModelTurn {
  const b = obj(body);
  return turnOf(arr(b.output), new Set(), responsesUsage(b.usage), str(b.status));
}

/**
 * Assembles Responses stream events: `response.output_item.added` opens an item,
 * `response.function_call_arguments.delta` appends, `.done` completes its arguments,
 * `response.output_item.done` gives the finished item, `response.completed` the usage.
 */
class ResponsesAssembler implements StreamAssembler {
  lastText = '';
  /** The turn as of the last event (finish() is asked after events that complete a call, and at the end). */
  private memo?: ModelTurn;
  private text = '';
  private readonly items: JsonObject[] = [];
  private readonly done = new Set<number>();
  private usage = emptyUsage();
  private status = '';

  private itemAt(event: JsonObject): JsonObject | undefined {
    const index = event.output_index;
    if (typeof index === 'number') return this.items[index];
    const id = event.item_id;
    return this.items.find((i) => i.id === id);
  }

  push(event: unknown): ModelToolCall[] {
    this.lastText = '';
    this.memo = undefined;
    const e = obj(event);
    const type = str(e.type);
    if (type === 'response.output_item.added' || type === 'response.output_item.done') {
      const index = typeof e.output_index === 'number' ? e.output_index : this.items.length;
      const item = { ...obj(e.item) };
      const before = this.items[index];
      if (type === 'response.output_item.added' && item.type === 'function_call') item.arguments = str(item.arguments);
      this.items[index] = before && type === 'response.output_item.added' ? before : item;
      if (type === 'response.output_item.done') return this.complete(index);
    } else if (type === 'response.function_call_arguments.delta') {
      const item = this.itemAt(e);
      if (item) item.arguments = str(item.arguments) + str(e.delta);
    } else if (type === 'response.function_call_arguments.done') {
      const item = this.itemAt(e);
      if (item) {
        if (typeof e.arguments === 'string') item.arguments = e.arguments;
        return this.complete(this.items.indexOf(item));
      }
    } else if (type === 'response.output_text.delta') {
      this.lastText = str(e.delta);
      this.text += this.lastText;
    } else if (type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed') {
      const response = obj(e.response);
      this.usage = responsesUsage(response.usage);
      this.status = str(response.status, type.slice('response.'.length));
    }
    return [];
  }

  private dense(): JsonObject[] {
    return Array.from(this.items, (i) => i ?? {}).filter((i) => Object.keys(i).length > 0);
  }

  private complete(index: number): ModelToolCall[] {
    const item = this.items[index];
    if (!item || item.type !== 'function_call' || this.done.has(index)) return [];
    this.done.add(index);
    const turn = this.finish();
    const position = this.dense().filter((i) => i.type === 'function_call').indexOf(item);
    const call = turn.calls[position];
    return call && call.problem === undefined ? [call] : [];
  }

  finish(): ModelTurn {
    this.memo ??= this.compute();
    return this.memo;
  }

  private compute(): ModelTurn {
    const items = this.dense();
    const truncated = new Set<number>();
    items.forEach((item, index) => {
      if (item.type === 'function_call' && !this.done.has(this.items.indexOf(item)) && !isCompleteJson(str(item.arguments, '{}') || '{}')) truncated.add(index);
    });
    return turnOf(items, truncated, this.usage, this.status, this.text || textOfItems(items));
  }
}

/**
 * One `function_call_output` item per call: a string for a text-only result, else a list of
 * `input_text` / `input_image` (data URL) parts (other blocks as text).
 */
function resultMessages(results: readonly ToolResult[]): unknown[] {
  return results.map((r) => {
    const content = contentOf(r);
    if (content.every((b) => b.type !== 'image')) return { type: 'function_call_output', call_id: r.id, output: content.map(placeholder).join('\n') };
    return {
      type: 'function_call_output',
      call_id: r.id,
      output: content.map((b) => (b.type === 'image' ? { type: 'input_image', image_url: dataUrl(b.mimeType, b.data) } : { type: 'input_text', text: placeholder(b) })),
    };
  });
}

/** OpenAI Responses API. */
export const openAIResponses: Dialect = {
  api: 'openai-responses',
  toolFormat: 'responses',
  userMessage: (text) => [{ role: 'user', content: text }],
  tools: (agent: Agent) => agent.toolSchemas('responses', { strict: 'auto' }),
  parseResponse,
  createAssembler: () => new ResponsesAssembler(),
  resultMessages,
};
