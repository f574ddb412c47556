import type { Dialect } from './dialect.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';

/** One request to a model. */
export interface ModelRequest {
  /** The conversation so far, in the adapter's API format. */
  messages: readonly unknown[];
  /** Tool definitions in the adapter's API format (`dialect.tools(agent)`). */
  tools: readonly unknown[];
  /** Aborts the request (and its stream). */
  signal?: AbortSignal;
  /** Told of each well-formed call as soon as its arguments are complete while the response still streams. */
  onToolCall?: (call: ModelToolCall) => void;
  /** Told of each piece of assistant text as it streams. */
  onText?: (text: string) => void;
}

/**
 * A model behind one API: one method per request. Streaming is the adapter's choice; a streaming
 * adapter calls `onToolCall` / `onText` as the stream goes. `request` rejects only for transport
 * failures (HTTP errors, aborts), never for malformed model output.
 */
export interface ModelAdapter {
  /** The API's converters (message formats, tool definitions, results). */
  readonly dialect: Dialect;
  /** The model's name, when the adapter knows it (its model-request spans are named after it). */
  readonly model?: string;
  /** Sends one request and reads (or assembles) the model's turn. */
  request(request: ModelRequest): Promise<ModelTurn>;
}
