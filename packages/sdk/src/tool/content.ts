/** Plain text for the model. */
export interface TextContent {
  type: 'text';
  text: string;
}

/** An image, base64-encoded. */
export interface ImageContent {
  type: 'image';
  /** Base64 data (no `data:` prefix). */
  data: string;
  /** e.g. `image/png`. */
  mimeType: string;
}

/** Audio, base64-encoded. */
export interface AudioContent {
  type: 'audio';
  /** Base64 data. */
  data: string;
  /** e.g. `audio/wav`. */
  mimeType: string;
}

/** A link to a resource the client can fetch. */
export interface ResourceLinkContent {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource embedded in the result, as text or base64 `blob`. */
export interface EmbeddedResourceContent {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text?: string; blob?: string };
}

/** One piece of a tool result (MCP's content types). */
export type Content = TextContent | ImageContent | AudioContent | ResourceLinkContent | EmbeddedResourceContent;

/** A text content block. */
export function textContent(text: string): TextContent {
  return { type: 'text', text };
}

/** The text of the text blocks in `content`, joined by newlines. */
export function textOf(content: readonly Content[]): string {
  let out = '';
  for (const block of content) {
    if (block.type === 'text') out = out === '' ? block.text : `${out}\n${block.text}`;
    else if (block.type === 'resource' && block.resource.text !== undefined) {
      out = out === '' ? block.resource.text : `${out}\n${block.resource.text}`;
    }
  }
  return out;
}
