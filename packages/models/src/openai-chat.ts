import type { Agent } from '@toolwright/sdk';
import type { Dialect, StreamAssembler } from './dialect.js';
import { arr, obj, str } from './guards.js';
import type { JsonObject } from './guards.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';
import type { RawCall } from './raw-call.js';
import { isCompleteJson, settleCalls } from './raw-call.js';
import { contentOf, dataUrl, textOfResult } from './result-content.js';
import type { ToolResult } from './tool-result.js';
import { emptyUsage, usageOf } from './usage.js';
import type { Usage } from './usage.js';

function chatUsage(value: unknown): Usage {
  const u = obj(value);
  return usageOf(u.prompt_tokens, u.completion_tokens, u.total_tokens);
}

function assistantMessage(text: string, calls: readonly ModelToolCall[]): JsonObject {
  const message: JsonObject = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (calls.length > 0) message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return message;
}

function turnOf(text: string, raw: readonly RawCall[], usage: Usage, finishReason: string): ModelTurn {
  const calls = settleCalls(raw);
  return { text, calls, usage, finishReason, messages: [assistantMessage(text, calls)] };
}

/** Reads an OpenAI Chat Completions response (`choices[0].message.tool_calls`). */
function parseResponse(body: unknown): ModelTurn {
  const choice = obj(arr(obj(body).choices)[0]);
  const message = obj(choice.message);
  const raw = arr(message.tool_calls).map((c): RawCall => {
    const fn = obj(obj(c).function);
    return { id: obj(c).id, name: fn.name, arguments: fn.arguments };
  });
  return turnOf(str(message.content), raw, chatUsage(obj(body).usage), str(choice.finish_reason));
}

interface OpenCall {
  id: string;
  name: string;
  args: string;
  done: boolean;
}

/** Assembles `chat.completion.chunk` events: `delta.tool_calls[index]` fragments keyed by `index`. */
class ChatAssembler implements StreamAssembler {
  private text = '';
  lastText = '';
  private readonly calls = new Map<number, OpenCall>();
  private order: number[] = [];
  private usage = emptyUsage();
  private finishReason = '';

  push(event: unknown): ModelToolCall[] {
    this.lastText = '';
    const chunk = obj(event);
    if (chunk.usage !== undefined && chunk.usage !== null) this.usage = chatUsage(chunk.usage);
    const choice = obj(arr(chunk.choices)[0]);
    const delta = obj(choice.delta);
    if (typeof delta.content === 'string') {
      this.text += delta.content;
      this.lastText = delta.content;
    }
    const ready: ModelToolCall[] = [];
    for (const fragment of arr(delta.tool_calls)) {
      const f = obj(fragment);
      const index = typeof f.index === 'number' ? f.index : this.order.length;
      let call = this.calls.get(index);
      if (!call) {
        // A new index: every call before it is complete.
        ready.push(...this.closeAll());
        call = { id: '', name: '', args: '', done: false };
        this.calls.set(index, call);
        this.order.push(index);
      }
      const fn = obj(f.function);
      if (typeof f.id === 'string') call.id += call.id === '' ? f.id : '';
      if (typeof fn.name === 'string') call.name += fn.name;
      if (typeof fn.arguments === 'string') call.args += fn.arguments;
    }
    if (typeof choice.finish_reason === 'string') {
      this.finishReason = choice.finish_reason;
      ready.push(...this.closeAll());
    }
    return ready;
  }

  private raw(): RawCall[] {
    return this.order.map((i) => {
      const c = this.calls.get(i)!;
      return { id: c.id, name: c.name, arguments: c.args === '' ? '{}' : c.args, truncated: !c.done && (c.args === '' || !isCompleteJson(c.args)) };
    });
  }

  private closeAll(): ModelToolCall[] {
    const newly = this.order.filter((i) => !this.calls.get(i)!.done);
    if (newly.length === 0) return [];
    for (const i of newly) this.calls.get(i)!.done = true;
    const settled = settleCalls(this.raw());
    return newly.map((i) => settled[this.order.indexOf(i)]!).filter((c) => c.problem === undefined);
  }

  finish(): ModelTurn {
    return turnOf(this.text, this.raw(), this.usage, this.finishReason);
  }
}

/**
 * The tool messages answering one assistant turn: one `role: 'tool'` message per call (text only,
 * which is all a tool message holds), then — when any result carries images or audio — one user
 * message with those as content parts (`image_url` data URLs, `input_audio`), each introduced by
 * a text part naming its call.
 */
function resultMessages(results: readonly ToolResult[]): unknown[] {
  const messages: unknown[] = results.map((r) => ({ role: 'tool', tool_call_id: r.id, content: textOfResult(r) }));
  const parts: unknown[] = [];
  for (const r of results) {
    const media = contentOf(r).filter((b) => b.type === 'image' || b.type === 'audio');
    if (media.length === 0) continue;
    parts.push({ type: 'text', text: `Attachments of tool call ${r.id} (${r.name}):` });
    for (const block of media) {
      if (block.type === 'image') parts.push({ type: 'image_url', image_url: { url: dataUrl(block.mimeType, block.data) } });
      else if (block.type === 'audio') parts.push({ type: 'input_audio', input_audio: { data: block.data, format: block.mimeType.includes('mp3') || block.mimeType.includes('mpeg') ? 'mp3' : 'wav' } });
    }
  }
  if (parts.length > 0) messages.push({ role: 'user', content: parts });
  return messages;
}

/** OpenAI Chat Completions (also any OpenAI-compatible server: Ollama, vLLM, llama.cpp, LM Studio). */
export const openAIChat: Dialect = {
  api: 'openai-chat',
  toolFormat: 'openai',
  userMessage: (text) => [{ role: 'user', content: text }],
  tools: (agent: Agent) => agent.toolSchemas('openai', { strict: 'auto' }),
  parseResponse,
  createAssembler: () => new ChatAssembler(),
  resultMessages,
};
