import type { Agent } from '@toolwright/sdk';
import type { Dialect, StreamAssembler } from './dialect.js';
import { arr, obj, str } from './guards.js';
import type { JsonObject } from './guards.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';
import type { RawCall } from './raw-call.js';
import { argumentsObject, settleCalls } from './raw-call.js';
import { contentOf, placeholder } from './result-content.js';
import type { ToolResult } from './tool-result.js';
import { usageOf } from './usage.js';

/** The assistant's content blocks with each `tool_use` id settled and its `input` an object. */
function turnOf(blocks: readonly JsonObject[], truncated: ReadonlySet<number>, usage: { input: unknown; output: unknown }, finishReason: string): ModelTurn {
  const positions: number[] = [];
  const raw: RawCall[] = [];
  let text = '';
  blocks.forEach((block, index) => {
    if (block.type === 'text') text += str(block.text);
    if (block.type !== 'tool_use') return;
    positions.push(index);
    const input = block.input;
    raw.push({ id: block.id, name: block.name, arguments: typeof input === 'string' ? input : input === undefined ? '{}' : input, truncated: truncated.has(index) });
  });
  const calls = settleCalls(raw, { idPrefix: 'toolu_toolwright_' });
  const content = blocks.map((block, index) => {
    const at = positions.indexOf(index);
    if (at < 0) return block;
    const call = calls[at]!;
    return { type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.arguments) };
  });
  return { text, calls, usage: usageOf(usage.input, usage.output), finishReason, messages: [{ role: 'assistant', content }] };
}

/** Reads an Anthropic Messages response (`content` blocks of type `tool_use`). */
function parseResponse(body: unknown): ModelTurn {
  const b = obj(body);
  const u = obj(b.usage);
  return turnOf(arr(b.content).map(obj), new Set(), { input: u.input_tokens, output: u.output_tokens }, str(b.stop_reason));
}

/**
 * Assembles Messages stream events: `content_block_start` opens a block (a `tool_use` with its id
 * and name), `content_block_delta` appends `input_json_delta.partial_json` or `text_delta.text`,
 * `content_block_stop` completes it; `message_start` / `message_delta` carry the usage and stop reason.
 */
class AnthropicAssembler implements StreamAssembler {
  lastText = '';
  /** The turn as of the last event (finish() is asked after events that complete a call, and at the end). */
  private memo?: ModelTurn;
  private readonly blocks: JsonObject[] = [];
  private readonly json = new Map<number, string>();
  private readonly stopped = new Set<number>();
  private input: unknown = 0;
  private output: unknown = 0;
  private stopReason = '';

  push(event: unknown): ModelToolCall[] {
    this.lastText = '';
    this.memo = undefined;
    const e = obj(event);
    const index = typeof e.index === 'number' ? e.index : -1;
    switch (e.type) {
      case 'message_start': {
        const u = obj(obj(e.message).usage);
        this.input = u.input_tokens;
        this.output = u.output_tokens;
        break;
      }
      case 'content_block_start':
        if (index >= 0) this.blocks[index] = { ...obj(e.content_block) };
        break;
      case 'content_block_delta': {
        const delta = obj(e.delta);
        const block = this.blocks[index];
        if (!block) break;
        if (delta.type === 'input_json_delta') this.json.set(index, (this.json.get(index) ?? '') + str(delta.partial_json));
        else if (delta.type === 'text_delta') {
          this.lastText = str(delta.text);
          block.text = str(block.text) + this.lastText;
        }
        break;
      }
      case 'content_block_stop':
        if (index >= 0 && this.blocks[index]) {
          this.stopped.add(index);
          return this.completed(index);
        }
        break;
      case 'message_delta': {
        const u = obj(e.usage);
        if (u.output_tokens !== undefined) this.output = u.output_tokens;
        if (u.input_tokens !== undefined) this.input = u.input_tokens;
        this.stopReason = str(obj(e.delta).stop_reason, this.stopReason);
        break;
      }
      default:
        break;
    }
    return [];
  }

  private snapshot(): { blocks: JsonObject[]; truncated: Set<number> } {
    const blocks: JsonObject[] = [];
    const truncated = new Set<number>();
    this.blocks.forEach((block, index) => {
      if (!block) return;
      if (block.type === 'tool_use') {
        const text = this.json.get(index);
        // No input_json_delta: the start event's input is the whole input.
        const input = text === undefined ? (block.input ?? {}) : text === '' ? '{}' : text;
        if (!this.stopped.has(index)) truncated.add(blocks.length);
        blocks.push({ ...block, input });
      } else blocks.push(block);
    });
    return { blocks, truncated };
  }

  private completed(index: number): ModelToolCall[] {
    if (this.blocks[index]?.type !== 'tool_use') return [];
    const position = this.blocks.slice(0, index + 1).filter((b) => b?.type === 'tool_use').length - 1;
    const call = this.finish().calls[position];
    return call && call.problem === undefined ? [call] : [];
  }

  finish(): ModelTurn {
    this.memo ??= this.compute();
    return this.memo;
  }

  private compute(): ModelTurn {
    const { blocks, truncated } = this.snapshot();
    return turnOf(blocks, truncated, { input: this.input, output: this.output }, this.stopReason);
  }
}

/** A `tool_result` content block: text, `image` and (PDF) `document` blocks with base64 sources. */
function resultBlocks(r: ToolResult): unknown[] {
  return contentOf(r).map((b) => {
    if (b.type === 'image') return { type: 'image', source: { type: 'base64', media_type: b.mimeType, data: b.data } };
    if (b.type === 'resource' && b.resource.blob !== undefined && b.resource.mimeType === 'application/pdf') {
      return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: b.resource.blob } };
    }
    return { type: 'text', text: placeholder(b) };
  });
}

/** One user message holding a `tool_result` block per call (`is_error` for a failed call), in call order. */
function resultMessages(results: readonly ToolResult[]): unknown[] {
  if (results.length === 0) return [];
  return [
    {
      role: 'user',
      content: results.map((r) => {
        const block: JsonObject = { type: 'tool_result', tool_use_id: r.id, content: resultBlocks(r) };
        if (r.observation.isError) block.is_error = true;
        return block;
      }),
    },
  ];
}

/** Anthropic Messages API. */
export const anthropicMessages: Dialect = {
  api: 'anthropic',
  toolFormat: 'anthropic',
  userMessage: (text) => [{ role: 'user', content: text }],
  tools: (agent: Agent) => agent.toolSchemas('anthropic'),
  parseResponse,
  createAssembler: () => new AnthropicAssembler(),
  resultMessages,
};
