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
import type { Usage } from './usage.js';

function geminiUsage(value: unknown): Usage {
  const u = obj(value);
  return usageOf(u.promptTokenCount, u.candidatesTokenCount, u.totalTokenCount);
}

/** The model's parts with each `functionCall` given its settled id (Gemini may leave ids out). */
function turnOf(parts: readonly JsonObject[], usage: Usage, finishReason: string): ModelTurn {
  const positions: number[] = [];
  const raw: RawCall[] = [];
  let text = '';
  parts.forEach((part, index) => {
    if (typeof part.text === 'string' && part.thought !== true) text += part.text;
    if (part.functionCall === undefined) return;
    const fc = obj(part.functionCall);
    positions.push(index);
    raw.push({ id: fc.id, name: fc.name, arguments: fc.args ?? {} });
  });
  const calls = settleCalls(raw, { idOptional: true, idPrefix: 'toolwright_call_' });
  const out = parts.map((part, index) => {
    const at = positions.indexOf(index);
    if (at < 0) return part;
    const call = calls[at]!;
    return { ...part, functionCall: { id: call.id, name: call.name, args: argumentsObject(call.arguments) } };
  });
  return { text, calls, usage, finishReason, messages: [{ role: 'model', parts: out }] };
}

/** Reads a Gemini `generateContent` response (`candidates[0].content.parts[].functionCall`). */
function parseResponse(body: unknown): ModelTurn {
  const b = obj(body);
  const candidate = obj(arr(b.candidates)[0]);
  return turnOf(arr(obj(candidate.content).parts).map(obj), geminiUsage(b.usageMetadata), str(candidate.finishReason));
}

/** Assembles `streamGenerateContent?alt=sse` chunks: each carries whole parts (a `functionCall` arrives complete). */
class GeminiAssembler implements StreamAssembler {
  lastText = '';
  /** The turn as of the last event (finish() is asked after events that complete a call, and at the end). */
  private memo?: ModelTurn;
  private readonly parts: JsonObject[] = [];
  private usage: Usage = usageOf(0, 0);
  private finishReason = '';

  push(event: unknown): ModelToolCall[] {
    this.lastText = '';
    this.memo = undefined;
    const b = obj(event);
    if (b.usageMetadata !== undefined) this.usage = geminiUsage(b.usageMetadata);
    const candidate = obj(arr(b.candidates)[0]);
    if (typeof candidate.finishReason === 'string') this.finishReason = candidate.finishReason;
    const before = this.parts.filter((p) => p.functionCall !== undefined).length;
    for (const part of arr(obj(candidate.content).parts).map(obj)) {
      const last = this.parts[this.parts.length - 1];
      if (typeof part.text === 'string' && part.thought !== true) this.lastText += part.text;
      // Consecutive text parts of a stream are one text.
      if (typeof part.text === 'string' && last && typeof last.text === 'string' && Object.keys(part).length === 1 && Object.keys(last).length === 1) last.text += part.text;
      else this.parts.push({ ...part });
    }
    const calls = this.finish().calls;
    return calls.slice(before).filter((c) => c.problem === undefined);
  }

  finish(): ModelTurn {
    this.memo ??= this.compute();
    return this.memo;
  }

  private compute(): ModelTurn {
    return turnOf(this.parts, this.usage, this.finishReason);
  }
}

/**
 * One user content: a `functionResponse` part per call (`id`, `name`, `response: { output }` or
 * `{ error }` for a failed call), followed by the results' images and audio as `inlineData` parts.
 */
function resultMessages(results: readonly ToolResult[]): unknown[] {
  if (results.length === 0) return [];
  const parts: unknown[] = [];
  const inline: unknown[] = [];
  for (const r of results) {
    const content = contentOf(r);
    const text = content.map(placeholder).join('\n');
    parts.push({ functionResponse: { id: r.id, name: r.name, response: r.observation.isError ? { error: text } : { output: text } } });
    for (const b of content) if (b.type === 'image' || b.type === 'audio') inline.push({ inlineData: { mimeType: b.mimeType, data: b.data } });
  }
  return [{ role: 'user', parts: [...parts, ...inline] }];
}

/** Gemini `generateContent`. */
export const geminiGenerateContent: Dialect = {
  api: 'gemini',
  toolFormat: 'gemini',
  userMessage: (text) => [{ role: 'user', parts: [{ text }] }],
  tools: (agent: Agent) => {
    const declarations = agent.toolSchemas('gemini');
    return declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
  },
  parseResponse,
  createAssembler: () => new GeminiAssembler(),
  resultMessages,
};
