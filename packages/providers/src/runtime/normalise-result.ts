import { textContent, textOf } from '@toolwright/sdk';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

/**
 * A provider's result made consistent, in place (providers hand over a fresh object): `content`
 * is an array, a failure has both `errorCode` and `errorMessage` (Llama Stack leaves the message
 * empty for MCP errors), and the runtime's metadata (`toolgroupId`) is added under the provider's.
 */
export function normaliseResult(result: ToolInvocationResult, toolName: string, meta: Record<string, unknown>): ToolInvocationResult {
  if (typeof result !== 'object' || result === null || !Array.isArray(result.content)) {
    const message = `Tool '${toolName}' returned no content (its provider answered ${result === null ? 'null' : typeof result}).`;
    return { content: [textContent(message)], errorMessage: message, errorCode: InvocationErrorCode.TOOL_ERROR, metadata: meta };
  }
  result.metadata = result.metadata ? Object.assign(meta, result.metadata) : meta;
  if (result.errorCode !== undefined || result.errorMessage !== undefined) {
    result.errorCode ??= InvocationErrorCode.TOOL_ERROR;
    if (!result.errorMessage) result.errorMessage = textOf(result.content) || `Tool '${toolName}' reported an error without details.`;
  }
  return result;
}
