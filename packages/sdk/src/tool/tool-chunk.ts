import type { Content } from './content.js';
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
 * otherwise the content blocks are concatenated in order into an Observation of `declared`
 * (adjacent text blocks stay separate blocks), and an error in any chunk makes the whole an
 * error (the first error code wins).
 */
export function accumulateChunks<O extends Observation>(declared: ObservationClass<O>, chunks: readonly ToolChunk[]): O | Observation {
  if (chunks.length === 1 && chunks[0] instanceof Observation) return chunks[0];
  const observation = new (declared as unknown as new () => Observation)();
  const content: Content[] = [];
  for (const chunk of chunks) {
    content.push(...chunkContent(chunk));
    if (typeof chunk !== 'string' && chunk.isError === true && !observation.isError) {
      observation.isError = true;
      if (chunk.errorCode !== undefined) observation.errorCode = chunk.errorCode;
    }
  }
  observation.content = content;
  return observation;
}
