import type { VNode } from 'preact';
import type { CallResponse, ResultBlock } from '../../src/console/console-api.js';
import { html } from './html.js';

/** Media types shown inline as `data:` URLs (anything else is described, not loaded). */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;
const AUDIO_TYPES = /^audio\/(mpeg|mp3|wav|x-wav|ogg|webm|aac|flac|mp4)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function sizeOf(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
}

function Block({ block }: { block: ResultBlock }): VNode {
  switch (block.type) {
    case 'text':
      return html`<pre class="result-text">${block.text}</pre>`;
    case 'image':
      if (IMAGE_TYPES.test(block.mimeType) && BASE64.test(block.data)) {
        return html`<figure class="result-image"><img src=${`data:${block.mimeType};base64,${block.data}`} alt=${`Image result (${block.mimeType}, ${sizeOf(block.data)})`} /><figcaption>${block.mimeType}, ${sizeOf(block.data)}</figcaption></figure>`;
      }
      return html`<p class="result-note">Image of type ${block.mimeType} (${sizeOf(block.data)}), not shown.</p>`;
    case 'audio':
      if (AUDIO_TYPES.test(block.mimeType) && BASE64.test(block.data)) {
        return html`<figure class="result-audio"><audio controls src=${`data:${block.mimeType};base64,${block.data}`} aria-label=${`Audio result (${block.mimeType})`}></audio><figcaption>${block.mimeType}, ${sizeOf(block.data)}</figcaption></figure>`;
      }
      return html`<p class="result-note">Audio of type ${block.mimeType} (${sizeOf(block.data)}), not played.</p>`;
    case 'resource_link':
      return html`<div class="result-resource"><span class="badge">resource link</span> <code>${block.uri}</code>${block.name ? html` · ${block.title ?? block.name}` : null}${block.mimeType ? html` · ${block.mimeType}` : null}${block.description ? html`<p>${block.description}</p>` : null}</div>`;
    case 'resource': {
      const resource = block.resource;
      return html`<div class="result-resource"><span class="badge">resource</span> <code>${resource.uri}</code>${resource.mimeType ? html` · ${resource.mimeType}` : null}${resource.text !== undefined ? html`<pre class="result-text">${resource.text}</pre>` : resource.blob !== undefined ? html`<p class="result-note">Binary, ${sizeOf(resource.blob)}.</p>` : null}</div>`;
    }
    default:
      return html`<pre class="result-text">${JSON.stringify(block, null, 2)}</pre>`;
  }
}

/** A call's result as its content blocks (text as text, images and audio from `data:` URLs), never as HTML. */
export function ResultView({ result }: { result: CallResponse }): VNode {
  return html`<section class=${`result${result.isError ? ' error' : ''}`} aria-label="Result" role=${result.isError ? 'alert' : 'status'}>
    <h3>${result.isError ? `Error${result.errorCode ? ` (${result.errorCode})` : ''}` : 'Result'} <span class="muted">${result.durationMs} ms</span></h3>
    ${result.content.map((block) => html`<${Block} block=${block} />`)}
    ${result.structuredContent ? html`<details><summary>Structured content</summary><pre>${JSON.stringify(result.structuredContent, null, 2)}</pre></details>` : null}
  </section>`;
}
