import type { Agent, ToolFormat } from '@toolwright/sdk';
import type { ModelApi } from './model-api.js';
import type { ModelToolCall, ModelTurn } from './model-turn.js';
import type { ToolResult } from './tool-result.js';

/**
 * Assembles one streamed response from the API's stream events (each the parsed JSON of one SSE
 * `data:` line). Never throws, whatever the events are.
 */
export interface StreamAssembler {
  /** Feeds one event; returns the well-formed calls whose arguments became complete with it (for early dispatch). */
  push(event: unknown): ModelToolCall[];
  /** The text this event added (for streaming the assistant's text to a user). */
  readonly lastText: string;
  /** The turn so far; calls still open are marked as cut off. Call when the stream ended. */
  finish(): ModelTurn;
}

/**
 * One model API's converters: messages in its own format, tool calls out of its responses and
 * streams, tool results into its messages. Nothing here throws on malformed model output.
 */
export interface Dialect {
  /** Which API. */
  readonly api: ModelApi;
  /** The format of `agent.toolSchemas` this API takes. */
  readonly toolFormat: ToolFormat;
  /** A user message holding `text`. */
  userMessage(text: string): unknown[];
  /** The tool definitions of the agent's current view, as the request's `tools` field. */
  tools(agent: Agent): unknown[];
  /** Reads a (non-streamed) response body. */
  parseResponse(body: unknown): ModelTurn;
  /** A fresh assembler for one streamed response. */
  createAssembler(): StreamAssembler;
  /** The message(s) answering the calls of one assistant turn, in call order. */
  resultMessages(results: readonly ToolResult[]): unknown[];
}
