import { ErrorCode, Observation, ToolwrightError, textContent } from '@toolwright/sdk';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

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
 * The error result for anything a provider threw, worded as the SDK words an executor's failure
 * (`Observation.errorOf`: a `ToolwrightError` keeps its message, anything else is
 * `Tool '<name>' failed: <message>`); this only maps the string code to Llama Stack's numbers
 * (kept in `metadata.code`; an unmatched code, or none, is `TOOL_ERROR`).
 */
export function resultFromError(error: unknown, toolName: string, metadata: Record<string, unknown> = {}): ToolInvocationResult {
  const observation = Observation.errorOf(error, `Tool '${toolName}' failed`);
  const code = observation.errorCode ?? ErrorCode.EXECUTION_FAILED;
  const unreachable = ToolwrightError.isInstance(error) && error.details.unreachable === true;
  const numeric = unreachable ? InvocationErrorCode.UNAVAILABLE : (NUMERIC[code] ?? InvocationErrorCode.TOOL_ERROR);
  return failedResult(observation.text, numeric, withCode(metadata, code));
}

/** A copy of the runtime's `metadata` with `code` (not `{ ...metadata, code }`, which is slower: packages/bench/README.md). */
function withCode(metadata: Record<string, unknown>, code: string): Record<string, unknown> {
  return Object.assign({}, metadata, { code });
}
