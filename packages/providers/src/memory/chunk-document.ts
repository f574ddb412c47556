import type { MemoryChunk } from './memory-bank.js';

/** Counts tokens of a text. */
export type TokenCounter = (text: string) => number;

/** About 4 characters per token (English prose with GPT-style tokenizers); pass your tokenizer for exact counts. */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 4);

/**
 * Splits a document into chunks of at most `chunkTokens` tokens, at paragraph, then line, then
 * word boundaries (a single longer word is cut). Chunk ids are `<documentId>#<n>`.
 */
export function chunkDocument(documentId: string, content: string, chunkTokens: number, count: TokenCounter, metadata?: Readonly<Record<string, unknown>>): MemoryChunk[] {
  const pieces: string[] = [];
  let current = '';
  const flush = (): void => {
    if (current.trim() !== '') pieces.push(current.trim());
    current = '';
  };
  for (const word of content.split(/(\s+)/)) {
    if (word === '') continue;
    if (count(current + word) <= chunkTokens) {
      current += word;
      continue;
    }
    const breakAt = Math.max(current.lastIndexOf('\n\n'), current.lastIndexOf('\n'));
    if (breakAt > current.length / 2) {
      const rest = current.slice(breakAt);
      current = current.slice(0, breakAt);
      flush();
      current = rest;
    } else flush();
    let piece = word;
    while (count(piece) > chunkTokens) {
      const cut = Math.max(1, Math.floor((piece.length * chunkTokens) / count(piece)));
      pieces.push(piece.slice(0, cut));
      piece = piece.slice(cut);
    }
    current += piece;
  }
  flush();
  return pieces.map((text, n) => ({ id: `${documentId}#${n}`, documentId, content: text, tokens: count(text), ...(metadata ? { metadata } : {}) }));
}
