import { ErrorCode, ToolwrightError, textContent } from '@toolwright/sdk';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';
import { messageOf } from './message-of.js';

const NUMERIC: Partial<Record<string, InvocationErrorCode>> = {
  [ErrorCode.INVALID_ARGUMENTS]: InvocationErrorCode.INVALID_ARGUMENTS,
  [ErrorCode.INVALID_JSON]: InvocationErrorCode.INVALID_ARGUMENTS,
  [ErrorCode.UNKNOWN_TOOL]: InvocationErrorCode.UNKNOWN_TOOL,
  [ErrorCode.UNKNOWN_TOOL_GROUP]: InvocationErrorCode.UNKNOWN_TOOL,
  [ErrorCode.TIMEOUT]: InvocationErrorCode.TIMEOUT,
  [ErrorCode.MCP_CONNECTION]: InvocationErrorCode.UNAVAILABLE,
  [ErrorCode.CLOSED]: InvocationErrorCode.UNAVAILABLE,
  [ErrorCode.AUTH_REQUIRED]: InvocationErrorCode.AUTH_REQUIRED,
  [ErrorCode.ABORTED]: InvocationErrorCode.ABORTED,
};

/** A failed {@link ToolInvocationResult} with `errorMessage` as its one text block. */
export function failedResult(message: string, errorCode: InvocationErrorCode, metadata?: Record<string, unknown>): ToolInvocationResult {
  const result: ToolInvocationResult = { content: [textContent(message)], errorMessage: message, errorCode };
  if (metadata) result.metadata = metadata;
  return result;
}

/**
 * The error result for anything a provider threw: a `ToolwrightError` keeps its message and
 * gets the matching numeric code (its string code in `metadata.code`); anything else is a
 * `TOOL_ERROR` naming the tool.
 */
export function resultFromError(error: unknown, toolName: string, metadata: Record<string, unknown> = {}): ToolInvocationResult {
  if (ToolwrightError.isInstance(error)) {
    const numeric = error.details.unreachable === true ? InvocationErrorCode.UNAVAILABLE : (NUMERIC[error.code] ?? InvocationErrorCode.TOOL_ERROR);
    return failedResult(error.message, numeric, withCode(metadata, error.code));
  }
  const text = messageOf(error);
  return failedResult(`Tool '${toolName}' failed: ${text}`, InvocationErrorCode.TOOL_ERROR, withCode(metadata, ErrorCode.EXECUTION_FAILED));
}

/** A copy of the runtime's `metadata` with `code` (not `{ ...metadata, code }`: adding a key to a spread copy takes a slow path in V8, ≈1 µs). */
function withCode(metadata: Record<string, unknown>, code: string): Record<string, unknown> {
  return Object.assign({}, metadata, { code });
}
