import { ErrorCode, maskSecrets, registerCredentialHeaders, ToolwrightError } from '@toolwright/sdk';
import type { Dialect } from './dialect.js';
import type { ModelAdapter, ModelRequest } from './model-adapter.js';
import type { ModelTurn } from './model-turn.js';
import { sseEvents } from './sse-events.js';

/** How an HTTP adapter builds one request. */
export interface HttpModelSpec {
  /** The API's converters. */
  dialect: Dialect;
  /** The URL of one request. */
  url: (stream: boolean) => string;
  /** Headers (auth, version). */
  headers: Record<string, string>;
  /** The JSON body of one request. */
  body: (request: ModelRequest, stream: boolean) => Record<string, unknown>;
  /** Stream the response (SSE). */
  stream: boolean;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** The model's name (for spans). */
  model?: string;
  /** Longest wait for one whole answer, streamed or not, in ms (default {@link DEFAULT_MODEL_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** How long a model request may take by default: 10 minutes, as OpenAI's and Anthropic's own SDKs wait. */
export const DEFAULT_MODEL_TIMEOUT_MS = 600_000;

/** `timeoutMs` checked: a positive number of milliseconds (fails fast, naming the option). */
export function checkModelTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_MODEL_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_OPTIONS, message: `timeoutMs: expected a positive number of milliseconds, got ${String(timeoutMs)}.`, details: { timeoutMs } });
  }
  return timeoutMs;
}

/**
 * A {@link ModelAdapter} over plain `fetch` (no provider SDK): JSON responses or SSE streams. A
 * request that has not finished answering within `timeoutMs` (a server that accepts and goes
 * silent, a stream that stalls) rejects with a `TIMEOUT` error naming the URL and the limit; the
 * caller's own abort rejects with its reason, as before.
 */
export function httpModel(spec: HttpModelSpec): ModelAdapter {
  const doFetch = spec.fetch ?? fetch;
  const timeoutMs = checkModelTimeout(spec.timeoutMs);
  // The API key in the headers is a secret: masked in every error, event, log and trace.
  registerCredentialHeaders(spec.headers);
  const answer = async (url: string, signal: AbortSignal, request: ModelRequest): Promise<ModelTurn> => {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...spec.headers },
      body: JSON.stringify(spec.body(request, spec.stream)),
      signal,
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      signal.throwIfAborted();
      throw new ToolwrightError({ code: ErrorCode.INTERNAL, message: maskSecrets(`The model API answered ${response.status} ${response.statusText} for POST ${url}: ${maskSecrets(text).slice(0, 500)}`), details: { status: response.status } });
    }
    if (!spec.stream || !response.body) {
      const json: unknown = await response.json().catch(() => ({}));
      signal.throwIfAborted();
      return spec.dialect.parseResponse(json);
    }
    const assembler = spec.dialect.createAssembler();
    for await (const event of sseEvents(response.body, signal)) {
      const ready = assembler.push(event);
      if (assembler.lastText !== '') request.onText?.(assembler.lastText);
      for (const call of ready) request.onToolCall?.(call);
    }
    signal.throwIfAborted();
    return assembler.finish();
  };
  return {
    dialect: spec.dialect,
    model: spec.model,
    async request(request: ModelRequest): Promise<ModelTurn> {
      const url = spec.url(spec.stream);
      // One controller per request, fed by the caller's signal and the time limit; both let go when
      // the request settles (no timer or listener outlives it on a long-lived run signal).
      const controller = new AbortController();
      const outer = request.signal;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException(`The model request took longer than ${timeoutMs} ms.`, 'TimeoutError'));
      }, timeoutMs);
      const forward = (): void => controller.abort(outer?.reason);
      if (outer?.aborted) forward();
      else outer?.addEventListener('abort', forward, { once: true });
      try {
        return await answer(url, controller.signal, request);
      } catch (error) {
        if (timedOut && outer?.aborted !== true) {
          throw new ToolwrightError({
            code: ErrorCode.TIMEOUT,
            message: maskSecrets(`The model API did not finish answering POST ${url} within ${timeoutMs} ms. Raise timeoutMs if the model needs longer.`),
            details: { timeoutMs },
            cause: error,
          });
        }
        throw error;
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', forward);
      }
    },
  };
}
