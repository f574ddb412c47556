import type { Usage } from './usage.js';

/**
 * One tool call as a converter read it from a model's output. `arguments` is the raw JSON text
 * the model wrote (the Agent parses and validates it). `problem` is set when the call cannot run
 * as written (no tool name, no or a duplicated id, arguments cut off by the end of a stream): the
 * call is then answered with an error result naming the problem instead of running.
 */
export interface ModelToolCall {
  /** The call's id (the model's, or one made up when the API lets the model leave it out). */
  id: string;
  /** The tool's name as the model wrote it ('' when it wrote none). */
  name: string;
  /** The arguments as JSON text. */
  arguments: string;
  /** Why the call cannot run, for the model to act on; absent for a well-formed call. */
  problem?: string;
}

/** What one model request produced, read from the response (or assembled from its stream). */
export interface ModelTurn {
  /** The assistant's text (all text parts joined). */
  text: string;
  /** The tool calls, in the order the model wrote them (ids unique). */
  calls: ModelToolCall[];
  /** Tokens the response reported. */
  usage: Usage;
  /** The API's own stop / finish reason, as it wrote it ('' when none came, e.g. a cut-off stream). */
  finishReason: string;
  /** The assistant's message(s) in the API's own format, ready to append to the conversation (ids as in `calls`). */
  messages: unknown[];
}
