import type { Content } from '@toolwright/sdk';

/**
 * Content blocks as plain text for a pipe or a file: text as it is, other blocks as one
 * bracketed line (`[image image/png, 1234 base64 chars]`, `[link file:///…]`).
 */
export function renderContent(blocks: readonly Content[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'image':
        case 'audio':
          return `[${block.type} ${block.mimeType}, ${block.data.length} base64 chars]`;
        case 'resource_link':
          return `[link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
        case 'resource':
          return block.resource.text ?? `[resource ${block.resource.uri}${block.resource.mimeType ? ` ${block.resource.mimeType}` : ''}]`;
      }
    })
    .join('\n');
}
