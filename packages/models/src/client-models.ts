import type { Dialect } from './dialect.js';
import { anthropicMessages } from './anthropic.js';
import { geminiGenerateContent } from './gemini.js';
import type { ModelAdapter, ModelRequest } from './model-adapter.js';
import type { ModelTurn } from './model-turn.js';
import { openAIChat } from './openai-chat.js';
import { openAIResponses } from './openai-responses.js';

/**
 * A client method taking a request body (and request options). Typed loosely on purpose: the
 * provider packages are optional peers, so their exact parameter types are not imported; any
 * client whose method returns a promise fits, and the adapter builds the body in the API's shape.
 */
export type ClientMethod<R = unknown> = (body: never, options?: never) => PromiseLike<R>;

/** What the adapters need of the official `openai` client (`new OpenAI({ apiKey, baseURL })`). */
export interface OpenAIClientLike {
  chat: { completions: { create: ClientMethod } };
  responses: { create: ClientMethod };
}

/** What the adapter needs of the official `@anthropic-ai/sdk` client. */
export interface AnthropicClientLike {
  messages: { create: ClientMethod };
}

/** What the adapter needs of the official `@google/genai` client (`new GoogleGenAI(...)`). */
export interface GoogleGenAILike {
  models: { generateContent: ClientMethod; generateContentStream: ClientMethod<AsyncIterable<unknown>> };
}

/** Calls a loosely typed client method with the body the adapter built. */
const call = <R>(method: ClientMethod<R>, self: unknown, body: Record<string, unknown>, options?: { signal?: AbortSignal }): PromiseLike<R> =>
  (method as unknown as (this: unknown, body: Record<string, unknown>, options?: { signal?: AbortSignal }) => PromiseLike<R>).call(self, body, options);

/** Options of the client adapters. */
export interface ClientModelOptions {
  /** The model's name. */
  model: string;
  /** Stream (default true). */
  stream?: boolean;
  /** Fields merged into every request body. */
  extraBody?: Record<string, unknown>;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** Plain JSON of an SDK object (class instances with getters become their data). */
function plain(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return {};
  }
}

function clientModel(dialect: Dialect, stream: boolean, send: (request: ModelRequest, stream: boolean) => PromiseLike<unknown>): ModelAdapter {
  return {
    dialect,
    async request(request: ModelRequest): Promise<ModelTurn> {
      const response = await send(request, stream);
      if (!isAsyncIterable(response)) return dialect.parseResponse(plain(response));
      const assembler = dialect.createAssembler();
      for await (const event of response) {
        request.signal?.throwIfAborted();
        const ready = assembler.push(plain(event));
        if (assembler.lastText !== '') request.onText?.(assembler.lastText);
        for (const call of ready) request.onToolCall?.(call);
      }
      request.signal?.throwIfAborted();
      return assembler.finish();
    },
  };
}

const withTools = (body: Record<string, unknown>, request: ModelRequest): Record<string, unknown> => (request.tools.length > 0 ? { ...body, tools: request.tools } : body);

/** OpenAI Chat Completions through the official `openai` client (`new OpenAI({ apiKey, baseURL })`). */
export function openAIClientModel(client: OpenAIClientLike, options: ClientModelOptions): ModelAdapter {
  return clientModel(openAIChat, options.stream ?? true, (request, stream) =>
    call(
      client.chat.completions.create,
      client.chat.completions,
      withTools({ model: options.model, messages: request.messages, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}), ...options.extraBody }, request),
      { signal: request.signal },
    ),
  );
}

/** OpenAI Responses through the official `openai` client. */
export function openAIResponsesClientModel(client: OpenAIClientLike, options: ClientModelOptions): ModelAdapter {
  return clientModel(openAIResponses, options.stream ?? true, (request, stream) =>
    call(
      client.responses.create,
      client.responses,
      withTools({ model: options.model, input: request.messages, store: false, ...(stream ? { stream: true } : {}), ...options.extraBody }, request),
      { signal: request.signal },
    ),
  );
}

/** Anthropic Messages through the official `@anthropic-ai/sdk` client (`max_tokens` 4096 unless `extraBody` says otherwise). */
export function anthropicClientModel(client: AnthropicClientLike, options: ClientModelOptions): ModelAdapter {
  return clientModel(anthropicMessages, options.stream ?? true, (request, stream) =>
    call(
      client.messages.create,
      client.messages,
      withTools({ model: options.model, max_tokens: 4096, messages: request.messages, ...(stream ? { stream: true } : {}), ...options.extraBody }, request),
      { signal: request.signal },
    ),
  );
}

/** Gemini through the official `@google/genai` client (`new GoogleGenAI({ apiKey })`). */
export function geminiClientModel(client: GoogleGenAILike, options: ClientModelOptions): ModelAdapter {
  return clientModel(geminiGenerateContent, options.stream ?? true, (request, stream) => {
    // Copies: the client rewrites the declarations it is given, and the agent's exports are frozen.
    const config = {
      ...(request.tools.length > 0 ? { tools: structuredClone(request.tools) } : {}),
      ...(request.signal ? { abortSignal: request.signal } : {}),
      ...options.extraBody,
    };
    const params = { model: options.model, contents: structuredClone(request.messages), config };
    return stream ? call(client.models.generateContentStream, client.models, params) : call(client.models.generateContent, client.models, params);
  });
}
