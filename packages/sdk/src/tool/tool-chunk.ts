import type { Content, TextContent } from './content.js';
import { textContent } from './content.js';
import { Observation } from './observation.js';
import type { ObservationClass } from './observation.js';

/**
 * One piece of a streamed tool result: a text, content blocks, or a whole Observation. An
 * executor may return an async iterable of chunks instead of an Observation; the result is their
 * accumulation (see {@link accumulateChunks}).
 */
export type ToolChunk = string | Observation | { content: readonly Content[]; isError?: boolean; errorCode?: string };

/** The content blocks of a chunk. */
export function chunkContent(chunk: ToolChunk): readonly Content[] {
  if (typeof chunk === 'string') return [textContent(chunk)];
  return chunk.content;
}

/** True when a value is an async iterable (a streaming executor's result). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/**
 * The Observation a stream of chunks adds up to: a single Observation chunk is kept as it is;
 * otherwise the content blocks are concatenated in order into an Observation of `declared`, and
 * an error in any chunk makes the whole an error (the first error code wins). A stream is one
 * result cut into pieces, so where one chunk ends in a text block and the next starts with one,
 * the two texts are joined into one block (`"sunny"`, `" in "`, `"Oslo"` read `sunny in Oslo`,
 * not three lines); images, audio and resources keep their boundaries, as do the blocks inside one chunk.
 */
export function accumulateChunks<O extends Observation>(declared: ObservationClass<O>, chunks: readonly ToolChunk[]): O | Observation {
  if (chunks.length === 1 && chunks[0] instanceof Observation) return chunks[0];
  const observation = new (declared as unknown as new () => Observation)();
  const content: Content[] = [];
  for (const chunk of chunks) {
    const blocks = chunkContent(chunk);
    const last = content.length - 1;
    const first = blocks[0];
    if (first?.type === 'text' && last >= 0 && content[last]!.type === 'text') {
      content[last] = textContent((content[last] as TextContent).text + first.text);
      for (let i = 1; i < blocks.length; i++) content.push(blocks[i]!);
    } else {
      content.push(...blocks);
    }
    if (typeof chunk !== 'string' && chunk.isError === true && !observation.isError) {
      observation.isError = true;
      if (chunk.errorCode !== undefined) observation.errorCode = chunk.errorCode;
    }
  }
  observation.content = content;
  return observation;
}
