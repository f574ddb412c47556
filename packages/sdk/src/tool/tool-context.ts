import type { ConversationState } from '../state/conversation-state.js';

/** A progress report from a running tool. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

/** What an executor gets besides the Action. */
export interface ToolContext {
  /** The conversation the call belongs to, when there is one. */
  readonly state?: ConversationState;
  /** Aborted when the call is cancelled or times out; pass it on to I/O. */
  readonly signal: AbortSignal;
  /** The call's time limit in milliseconds, if any. */
  readonly timeoutMs?: number;
  /** The model's tool-call id, when the call came from a model. */
  readonly toolCallId?: string;
  /**
   * False when the call has neither a time limit nor a caller's signal, so `signal` can never
   * abort. Creating the AbortSignal costs microseconds; hot paths may skip reading `signal` then.
   * Absent means unknown (treat as true).
   */
  readonly cancellable?: boolean;
  /** False when nobody receives progress reports (a tool may then skip asking its backend for them). Absent means unknown. */
  readonly reportsProgress?: boolean;
  /** Reports progress (forwarded to the caller's `onProgress`, e.g. MCP progress notifications). */
  reportProgress(progress: number, total?: number, message?: string): void;
}

/** Options of `ToolDefinition.call`. */
export interface CallOptions {
  /** The conversation. */
  state?: ConversationState;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Time limit in ms (overrides the tool's own `timeoutMs`; 0 or absent = none). */
  timeoutMs?: number;
  /** The model's tool-call id. */
  toolCallId?: string;
  /** Receives progress reports. */
  onProgress?: (report: ProgressReport) => void;
}
