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
}

/** A {@link ModelAdapter} over plain `fetch` (no provider SDK): JSON responses or SSE streams. */
export function httpModel(spec: HttpModelSpec): ModelAdapter {
  const doFetch = spec.fetch ?? fetch;
  // The API key in the headers is a secret: masked in every error, event, log and trace.
  registerCredentialHeaders(spec.headers);
  return {
    dialect: spec.dialect,
    model: spec.model,
    async request(request: ModelRequest): Promise<ModelTurn> {
      const url = spec.url(spec.stream);
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spec.headers },
        body: JSON.stringify(spec.body(request, spec.stream)),
        signal: request.signal,
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new ToolwrightError({ code: ErrorCode.INTERNAL, message: maskSecrets(`The model API answered ${response.status} ${response.statusText} for POST ${url}: ${maskSecrets(text).slice(0, 500)}`), details: { status: response.status } });
      }
      if (!spec.stream || !response.body) return spec.dialect.parseResponse(await response.json().catch(() => ({})));
      const assembler = spec.dialect.createAssembler();
      for await (const event of sseEvents(response.body, request.signal)) {
        const ready = assembler.push(event);
        if (assembler.lastText !== '') request.onText?.(assembler.lastText);
        for (const call of ready) request.onToolCall?.(call);
      }
      request.signal?.throwIfAborted();
      return assembler.finish();
    },
  };
}
