import type { JsonSchema } from '../schema/json-schema.js';
import type { Content } from './content.js';

/** Log levels a client understands (MCP's, RFC 5424). */
export type ClientLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** A request to the client's model (MCP `sampling/createMessage`). */
export interface SampleRequest {
  /** The conversation to complete. */
  messages: { role: 'user' | 'assistant'; content: Content }[];
  /** Upper bound of tokens to generate. */
  maxTokens: number;
  /** An optional system prompt. */
  systemPrompt?: string;
  /** Sampling temperature. */
  temperature?: number;
}

/** The client model's answer to a {@link SampleRequest}. */
export interface SampleResult {
  role: 'assistant';
  content: Content;
  /** The model that answered, if the client says. */
  model?: string;
  /** Why generation stopped, if the client says. */
  stopReason?: string;
}

/** A request for input from the user (MCP `elicitation/create`). */
export interface ElicitRequest {
  /** What to ask. */
  message: string;
  /** The shape of the expected answer (a flat object schema). */
  requestedSchema: JsonSchema;
}

/** The user's answer to an {@link ElicitRequest}. */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  /** The answer, when accepted. */
  content?: Record<string, unknown>;
}

/**
 * What the client of a call offers a tool beyond progress: logging, sampling (asking the client's
 * model) and elicitation (asking the user). A host that has none leaves them out; a tool asking
 * to sample or elicit then gets a `NOT_SUPPORTED` error it can turn into a fallback, while a log
 * with no listener is only recorded with the call (logging never fails a call).
 */
export interface ClientHandlers {
  /** Sends a log message to the client. */
  log?(level: ClientLogLevel, data: unknown): void | Promise<void>;
  /** Asks the client's model. */
  sample?(request: SampleRequest): Promise<SampleResult>;
  /** Asks the user. */
  elicit?(request: ElicitRequest): Promise<ElicitResult>;
  /**
   * Ends the call's response stream early where the transport can resume it; true when it did.
   * See `ToolContext.closeStream()`.
   */
  closeStream?(): boolean;
}
