import { processSecrets } from '../secrets/process-secrets.js';
import { activeTracing } from './active-tracing.js';
import type { ActiveTracing } from './active-tracing.js';
import { endSpan } from './call-span.js';
import { spanFailureOf } from './span-failure.js';

/** What a model request's span says about the model. */
export interface ModelRequestFacts {
  /** The model's API (`openai-chat`, `openai-responses`, `anthropic`, `gemini`). */
  readonly api: string;
  /** The model's name, when the adapter knows it. */
  readonly model?: string;
}

/** What the span reads from the model's turn (all optional). */
interface TurnFacts {
  usage?: { inputTokens?: unknown; outputTokens?: unknown };
  finishReason?: unknown;
}

/** `gen_ai.provider.name` of each model API. */
const PROVIDERS: Record<string, string> = { 'openai-chat': 'openai', 'openai-responses': 'openai', anthropic: 'anthropic', gemini: 'gcp.gemini' };

/**
 * Runs one model request (`send`) in a CLIENT span `chat {model}` (GenAI semantic conventions:
 * `gen_ai.operation.name` `chat`, `gen_ai.provider.name`, `gen_ai.request.model`, and from the
 * turn `gen_ai.usage.input_tokens`, `gen_ai.usage.output_tokens`,
 * `gen_ai.response.finish_reasons`); a failed request ends it with an error status and
 * `error.type`. A request's error is rethrown with the process's secrets masked (an API that
 * echoes the key in its error text). With tracing off and no secret registered, `send()` and
 * nothing else.
 */
export function traceModelRequest<T>(facts: ModelRequestFacts, send: () => Promise<T>): Promise<T> {
  const tracing = activeTracing();
  if (tracing === undefined) return processSecrets.size === 0 ? send() : send().catch(rethrowMasked);
  if (tracing instanceof Promise) return tracing.then((loaded) => (loaded ? traced(loaded, facts, send) : send())).catch(rethrowMasked);
  return traced(tracing as ActiveTracing, facts, send).catch(rethrowMasked);
}

function rethrowMasked(error: unknown): never {
  throw processSecrets.maskValue(error);
}

async function traced<T>(tracing: ActiveTracing, facts: ModelRequestFacts, send: () => Promise<T>): Promise<T> {
  const { api, tracer } = tracing;
  const attributes: Record<string, string> = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': PROVIDERS[facts.api] ?? facts.api, 'toolwright.model.api': facts.api };
  if (facts.model) attributes['gen_ai.request.model'] = facts.model;
  const span = tracer.startSpan(facts.model ? `chat ${facts.model}` : 'chat', { kind: api.SpanKind.CLIENT, attributes }, api.context.active());
  let turn: T;
  try {
    turn = await api.context.with(api.trace.setSpan(api.context.active(), span), send);
  } catch (error) {
    endSpan(tracing, span, spanFailureOf(error));
    throw error;
  }
  const { usage, finishReason } = (typeof turn === 'object' && turn !== null ? turn : {}) as TurnFacts;
  if (typeof usage?.inputTokens === 'number') span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokens);
  if (typeof usage?.outputTokens === 'number') span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokens);
  if (typeof finishReason === 'string' && finishReason !== '') span.setAttribute('gen_ai.response.finish_reasons', [finishReason]);
  endSpan(tracing, span);
  return turn;
}
