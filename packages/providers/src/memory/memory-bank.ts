/** One stored piece of a document. */
export interface MemoryChunk {
  /** `<documentId>#<n>`. */
  readonly id: string;
  readonly documentId: string;
  readonly content: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Its size in tokens (by the provider's counter). */
  readonly tokens: number;
}

/** A chunk a query found, with the bank's own score (higher is better). */
export interface ScoredChunk {
  readonly chunk: MemoryChunk;
  readonly score: number;
}

/** The kinds of bank. */
export type MemoryBankKind = 'keyword' | 'key-value' | 'vector';

/** A memory bank: stores chunks and finds the best for a query. */
export interface MemoryBank {
  readonly bankId: string;
  readonly kind: MemoryBankKind;
  /** Adds chunks; a document inserted again replaces its earlier chunks. */
  insert(chunks: readonly MemoryChunk[]): Promise<void>;
  /**
   * Up to `limit` chunks, best first. A bank that answers in process returns them at once (no
   * promise); one that must wait (an embedder, a remote store) returns a promise.
   */
  query(query: string, limit: number): ScoredChunk[] | Promise<ScoredChunk[]>;
  /** How many chunks it holds. */
  readonly size: number;
}
