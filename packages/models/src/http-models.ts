import { anthropicMessages } from './anthropic.js';
import { geminiGenerateContent } from './gemini.js';
import { httpModel } from './http-model.js';
import type { ModelAdapter, ModelRequest } from './model-adapter.js';
import { openAIChat } from './openai-chat.js';
import { openAIResponses } from './openai-responses.js';

/** Options shared by the plain-fetch adapters. */
export interface HttpModelOptions {
  /** The model's name. */
  model: string;
  /** The API key (sent as the API expects; omit for a local server that needs none). */
  apiKey?: string;
  /** The API's base URL (defaults to the provider's public endpoint; required for OpenAI-compatible servers). */
  baseURL?: string;
  /** Stream responses over SSE (default true): tool calls can run while the model still streams. */
  stream?: boolean;
  /** Fields merged into every request body (temperature, max_tokens, …). */
  extraBody?: Record<string, unknown>;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Longest wait for one whole answer, streamed or not, in ms (default 600,000: 10 minutes, as the
   * providers' own SDKs). Past it the request rejects with a `TIMEOUT` error naming the URL and
   * the limit: a server that accepts and goes silent, or a stream that stalls, never hangs a run.
   */
  timeoutMs?: number;
}

const trim = (url: string): string => url.replace(/\/+$/, '');
const withTools = (body: Record<string, unknown>, request: ModelRequest): Record<string, unknown> => (request.tools.length > 0 ? { ...body, tools: request.tools } : body);

/** OpenAI Chat Completions over fetch: `POST {baseURL}/chat/completions`. */
export function openAIChatModel(options: HttpModelOptions): ModelAdapter {
  const stream = options.stream ?? true;
  return httpModel({
    dialect: openAIChat,
    stream,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    model: options.model,
    url: () => `${trim(options.baseURL ?? 'https://api.openai.com/v1')}/chat/completions`,
    headers: { ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...options.headers },
    body: (request, streaming) =>
      withTools({ model: options.model, messages: request.messages, ...(streaming ? { stream: true, stream_options: { include_usage: true } } : {}), ...options.extraBody }, request),
  });
}

/**
 * Any OpenAI-compatible server (Ollama, vLLM, llama.cpp server, LM Studio) by base URL, e.g.
 * `http://127.0.0.1:11434/v1`: Chat Completions over fetch.
 */
export function openAICompatibleModel(options: HttpModelOptions & { baseURL: string }): ModelAdapter {
  return openAIChatModel(options);
}

/** OpenAI Responses over fetch: `POST {baseURL}/responses` (stateless: the whole input each request). */
export function openAIResponsesModel(options: HttpModelOptions): ModelAdapter {
  const stream = options.stream ?? true;
  return httpModel({
    dialect: openAIResponses,
    stream,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    model: options.model,
    url: () => `${trim(options.baseURL ?? 'https://api.openai.com/v1')}/responses`,
    headers: { ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}), ...options.headers },
    body: (request, streaming) => withTools({ model: options.model, input: request.messages, store: false, ...(streaming ? { stream: true } : {}), ...options.extraBody }, request),
  });
}

/** Anthropic Messages over fetch: `POST {baseURL}/v1/messages` (`max_tokens` 4096 unless `extraBody` says otherwise). */
export function anthropicModel(options: HttpModelOptions): ModelAdapter {
  const stream = options.stream ?? true;
  return httpModel({
    dialect: anthropicMessages,
    stream,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    model: options.model,
    url: () => `${trim(options.baseURL ?? 'https://api.anthropic.com')}/v1/messages`,
    headers: { 'anthropic-version': '2023-06-01', ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}), ...options.headers },
    body: (request, streaming) => withTools({ model: options.model, max_tokens: 4096, messages: request.messages, ...(streaming ? { stream: true } : {}), ...options.extraBody }, request),
  });
}

/** Gemini over fetch: `POST {baseURL}/v1beta/models/{model}:generateContent` (or `:streamGenerateContent?alt=sse`). */
export function geminiModel(options: HttpModelOptions): ModelAdapter {
  const stream = options.stream ?? true;
  return httpModel({
    dialect: geminiGenerateContent,
    stream,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    model: options.model,
    url: (streaming) => `${trim(options.baseURL ?? 'https://generativelanguage.googleapis.com')}/v1beta/models/${encodeURIComponent(options.model)}:${streaming ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    headers: { ...(options.apiKey ? { 'x-goog-api-key': options.apiKey } : {}), ...options.headers },
    body: (request) => withTools({ contents: request.messages, ...options.extraBody }, request),
  });
}
