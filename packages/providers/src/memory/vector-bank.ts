import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { MemoryBank, MemoryChunk, ScoredChunk } from './memory-bank.js';

/** Turns texts into vectors of one fixed dimension (an embedding model, or {@link hashingEmbedder}). */
export type Embedder = (texts: readonly string[]) => Promise<number[][]> | number[][];

/**
 * A deterministic embedder without a model: each lower-cased word is hashed (FNV-1a) into one of
 * `dimensions` buckets, and the vector is L2-normalised. Texts sharing words are close. Good for
 * tests and as a fallback; a real embedding model finds meaning, this finds words.
 */
export function hashingEmbedder(dimensions = 256): Embedder {
  return (texts) =>
    texts.map((text) => {
      const vector = new Array<number>(dimensions).fill(0);
      for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
        let hash = 0x811c9dc5;
        for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
        vector[(hash >>> 0) % dimensions]! += 1;
      }
      const norm = Math.hypot(...vector) || 1;
      return vector.map((v) => v / norm);
    });
}

/** A vector bank: chunks embedded at insert, found by cosine similarity to the embedded query. */
export class VectorBank implements MemoryBank {
  readonly kind = 'vector' as const;
  private readonly entries = new Map<string, { chunk: MemoryChunk; vector: number[] }>();
  private dimensions?: number;

  constructor(
    readonly bankId: string,
    private readonly embed: Embedder,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async insert(chunks: readonly MemoryChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    const vectors = await this.vectors(chunks.map((c) => c.content));
    for (const documentId of new Set(chunks.map((c) => c.documentId))) {
      for (const [id, entry] of this.entries) if (entry.chunk.documentId === documentId) this.entries.delete(id);
    }
    chunks.forEach((chunk, i) => this.entries.set(chunk.id, { chunk, vector: vectors[i]! }));
  }

  async query(query: string, limit: number): Promise<ScoredChunk[]> {
    if (this.entries.size === 0) return [];
    const [q] = await this.vectors([query]);
    const scored: ScoredChunk[] = [];
    for (const { chunk, vector } of this.entries.values()) scored.push({ chunk, score: cosine(q!, vector) });
    return scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  private async vectors(texts: string[]): Promise<number[][]> {
    const vectors = await this.embed(texts);
    if (!Array.isArray(vectors) || vectors.length !== texts.length) {
      throw new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `Vector bank '${this.bankId}': the embedder returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${texts.length} texts.` });
    }
    for (const vector of vectors) {
      this.dimensions ??= vector.length;
      if (vector.length !== this.dimensions || vector.some((v) => !Number.isFinite(v))) {
        throw new ToolwrightError({
          code: ErrorCode.EXECUTION_FAILED,
          message: `Vector bank '${this.bankId}': the embedder returned a vector of ${vector.length} numbers (some not finite, or not the bank's ${this.dimensions} dimensions).`,
        });
      }
    }
    return vectors;
  }
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
