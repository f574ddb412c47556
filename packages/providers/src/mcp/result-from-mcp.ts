import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { textContent, textOf } from '@toolwright/sdk';
import type { Content } from '@toolwright/sdk';
import { InvocationErrorCode } from '../runtime/tool-invocation-result.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';

const KNOWN = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/**
 * An MCP `CallToolResult` as an invocation result. Every block is kept as sent, embedded
 * resources included (Llama Stack drops them); a block of an unknown type becomes a text block
 * describing it rather than an exception. `isError` gives `errorCode` 1 **and** `errorMessage`
 * (the result's text, or a sentence naming the tool when it sent none).
 */
export function resultFromMcp(toolName: string, result: CallToolResult): ToolInvocationResult {
  const content: Content[] = (Array.isArray(result.content) ? result.content : []).map((block) =>
    KNOWN.has(block.type) ? (block as Content) : textContent(`[content of type ${JSON.stringify(block.type)} not supported: ${JSON.stringify(block).slice(0, 2_000)}]`),
  );
  const out: ToolInvocationResult = { content };
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result._meta !== undefined) out.metadata = { mcpMeta: result._meta };
  if (result.isError === true) {
    out.errorCode = InvocationErrorCode.TOOL_ERROR;
    out.errorMessage = textOf(content) || `Tool '${toolName}' reported an error without details.`;
  }
  return out;
}
