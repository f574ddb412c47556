/** A call to a client tool, waiting for the client's answer (plain JSON: it can be saved and sent). */
export interface PendingToolCall {
  /** The model's tool-call id. */
  readonly callId: string;
  readonly toolName: string;
  readonly toolgroupId: string;
  /** The arguments the client must run the tool with (group args merged). */
  readonly arguments: Readonly<Record<string, unknown>>;
}
