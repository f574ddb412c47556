import type { MemoryBank, MemoryChunk, ScoredChunk } from './memory-bank.js';
import { checkArgument } from '../runtime/check-arguments.js';

/**
 * A key-value bank: a document's id is its key. A query is a key (exact match, score 1) or a
 * prefix ending in `*` (`user:42:*`, score 0.5 each, in key order).
 */
export class KeyValueBank implements MemoryBank {
  readonly kind = 'key-value' as const;
  private readonly documents = new Map<string, MemoryChunk[]>();

  constructor(readonly bankId: string) {
    checkArgument('new KeyValueBank(bankId)', 'bankId', bankId, 'non-empty string', "the bank's id, e.g. new KeyValueBank('facts')");
  }

  get size(): number {
    let n = 0;
    for (const chunks of this.documents.values()) n += chunks.length;
    return n;
  }

  insert(chunks: readonly MemoryChunk[]): Promise<void> {
    const byDocument = new Map<string, MemoryChunk[]>();
    for (const chunk of chunks) byDocument.set(chunk.documentId, [...(byDocument.get(chunk.documentId) ?? []), chunk]);
    for (const [id, list] of byDocument) this.documents.set(id, list);
    return Promise.resolve();
  }

  /** Answers at once (an in-process map: no promise). */
  query(query: string, limit: number): ScoredChunk[] {
    const key = query.trim();
    if (key.endsWith('*')) {
      const prefix = key.slice(0, -1);
      const keys = [...this.documents.keys()].filter((k) => k.startsWith(prefix)).sort();
      return keys.flatMap((k) => this.documents.get(k)!.map((chunk) => ({ chunk, score: 0.5 }))).slice(0, limit);
    }
    return (this.documents.get(key) ?? []).map((chunk) => ({ chunk, score: 1 })).slice(0, limit);
  }
}
