import type { Content } from '@toolwright/sdk';
import type { ToolResult } from './tool-result.js';

/** What a text-only tool message says in place of a block it cannot hold. */
export function placeholder(block: Content): string {
  if (block.type === 'image' || block.type === 'audio') return `[${block.type} ${block.mimeType}]`;
  if (block.type === 'resource_link') return `[link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
  if (block.type === 'resource') return block.resource.text ?? `[resource ${block.resource.uri}]`;
  return block.text;
}

/** The model-facing content of a result (error header applied), never empty. */
export function contentOf(result: ToolResult): Content[] {
  const content = result.observation.toLlmContent();
  return content.length > 0 ? content : [{ type: 'text', text: '(no output)' }];
}

/** All text of a result for a text-only slot; other blocks become placeholders. */
export function textOfResult(result: ToolResult): string {
  return contentOf(result)
    .map((block) => placeholder(block))
    .join('\n');
}

/** A `data:` URL for base64 data. */
export function dataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}
