import { textContent, textOf } from '@toolwright/sdk';
import { InvocationErrorCode } from './tool-invocation-result.js';
import type { ToolInvocationResult } from './tool-invocation-result.js';

/**
 * A provider's result made consistent, as a new object with the documented fields only: `content`
 * is an array, a failure has both `errorCode` and `errorMessage` (Llama Stack leaves the message
 * empty for MCP errors), and the runtime's metadata (`toolgroupId`) is added under the provider's.
 * The provider's object is read, never changed: every provider's results have their own shape, and
 * adding a property to objects of many shapes slows this function down once a runtime serves a few
 * providers (measurement: packages/bench/README.md).
 */
export function normaliseResult(result: ToolInvocationResult, toolName: string, meta: Record<string, unknown>): ToolInvocationResult {
  if (typeof result !== 'object' || result === null || !Array.isArray(result.content)) {
    const message = `Tool '${toolName}' returned no content (its provider answered ${result === null ? 'null' : typeof result}).`;
    return { content: [textContent(message)], errorMessage: message, errorCode: InvocationErrorCode.TOOL_ERROR, metadata: meta };
  }
  const extra = result.metadata;
  const out: ToolInvocationResult = { content: result.content, metadata: extra ? Object.assign(meta, extra) : meta };
  const structured = result.structuredContent;
  if (structured !== undefined) out.structuredContent = structured;
  const pending = result.pending;
  if (pending !== undefined) out.pending = pending;
  const code = result.errorCode;
  const message = result.errorMessage;
  if (code !== undefined || message !== undefined) {
    out.errorCode = code ?? InvocationErrorCode.TOOL_ERROR;
    out.errorMessage = message || textOf(out.content) || `Tool '${toolName}' reported an error without details.`;
  }
  return out;
}
