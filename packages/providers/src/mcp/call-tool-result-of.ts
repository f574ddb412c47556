import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';

/** An invocation result as an MCP `tools/call` result: every content block, `structuredContent`, `isError` for a failure. */
export function callToolResultOf(result: ToolInvocationResult): CallToolResult {
  const out: CallToolResult = { content: result.content as CallToolResult['content'] };
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result.errorCode !== undefined) out.isError = true;
  return out;
}
