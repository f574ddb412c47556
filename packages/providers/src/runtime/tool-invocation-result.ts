import type { Content } from '@toolwright/sdk';
import type { PendingToolCall } from '../client/pending-tool-call.js';

/**
 * Numeric error codes of {@link ToolInvocationResult.errorCode} (Llama Stack's `error_code` is an
 * int; 1 is what it uses for an MCP `isError`). The string code of the underlying
 * `ToolwrightError` is in `metadata.code`.
 */
export const InvocationErrorCode = {
  /** The tool ran and reported a failure (MCP `isError`, an API error, a Python exception). */
  TOOL_ERROR: 1,
  /** The arguments were wrong (schema, a fixed argument set by the call). */
  INVALID_ARGUMENTS: 2,
  /** No such tool. */
  UNKNOWN_TOOL: 3,
  /** The tool ran past its time limit. */
  TIMEOUT: 4,
  /** The provider could not be reached. */
  UNAVAILABLE: 5,
  /** Credentials missing or rejected. */
  AUTH_REQUIRED: 6,
  /** The call was cancelled. */
  ABORTED: 7,
} as const;

/** One of the {@link InvocationErrorCode} values. */
export type InvocationErrorCode = (typeof InvocationErrorCode)[keyof typeof InvocationErrorCode];

/**
 * What `invokeTool` returns. A failure never throws: it has `errorCode` **and** `errorMessage`
 * (the same text the model sees as the first content block).
 */
export interface ToolInvocationResult {
  /** Every content block, of every type (text, image, audio, resource links, embedded resources). */
  content: Content[];
  /** Machine-readable result, when the tool gives one. */
  structuredContent?: Record<string, unknown>;
  /** Why the call failed (set whenever `errorCode` is). */
  errorMessage?: string;
  /** Set when the call failed. */
  errorCode?: InvocationErrorCode;
  /** Set when the tool runs on the client: the call waits for `resumeToolTurn` (not an error). */
  pending?: PendingToolCall;
  /** Facts about the call (`code`, `toolgroupId`, timings, provider extras). */
  metadata?: Record<string, unknown>;
}
