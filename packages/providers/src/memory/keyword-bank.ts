import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type MiniSearch from 'minisearch';
import type { Options } from 'minisearch';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { MemoryBank, MemoryChunk, ScoredChunk } from './memory-bank.js';
import { checkArgument, checkOptions } from '../runtime/check-arguments.js';

/** Options of {@link KeywordBank}. */
export interface KeywordBankOptions {
  /** A JSON file the bank is loaded from (when it exists) and saved to after each insert. */
  path?: string;
  /** Largest file loaded, bytes (default 256 MiB). */
  maxFileBytes?: number;
}

interface StoredChunk {
  id: string;
  documentId: string;
  content: string;
  metadata?: Record<string, unknown>;
  tokens: number;
}

const SEARCH_OPTIONS: Options<StoredChunk> = {
  fields: ['content'],
  storeFields: ['documentId', 'content', 'metadata', 'tokens'],
  searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'OR' },
};

let miniSearch: typeof MiniSearch | undefined;

/** MiniSearch's class, loaded with the first keyword bank: importing it with the package cost every cold start 10–25 ms. */
function miniSearchClass(): typeof MiniSearch {
  return (miniSearch ??= createRequire(import.meta.url)('minisearch') as typeof MiniSearch);
}

/**
 * A keyword bank: BM25 full-text search (MiniSearch, with prefix and fuzzy matching), persisted
 * to a JSON file when `path` is given (written to a temporary file, then renamed, so a crash
 * never leaves half a file).
 */
export class KeywordBank implements MemoryBank {
  readonly kind = 'keyword' as const;
  private index: MiniSearch<StoredChunk>;
  private readonly byDocument = new Map<string, string[]>();

  constructor(
    readonly bankId: string,
    private readonly options: KeywordBankOptions = {},
  ) {
    checkArgument('new KeywordBank(bankId, options?)', 'bankId', bankId, 'non-empty string', "the bank's id, e.g. new KeywordBank('notes', { path })");
    checkOptions('new KeywordBank(bankId, options?)', options, { path: 'non-empty string', maxFileBytes: 'positive integer' });
    this.index = new (miniSearchClass())(SEARCH_OPTIONS);
    const path = options.path;
    if (path && existsSync(path)) {
      const max = options.maxFileBytes ?? 256 * 1024 * 1024;
      const size = statSync(path).size;
      if (size > max) throw this.fileError(`is ${size} bytes, more than the ${max} allowed`);
      let saved: { index: unknown; documents: Record<string, string[]> };
      try {
        saved = JSON.parse(readFileSync(path, 'utf8')) as typeof saved;
        this.index = miniSearchClass().loadJSON(JSON.stringify(saved.index), SEARCH_OPTIONS);
      } catch (error) {
        throw this.fileError(`could not be read as a saved keyword bank: ${(error as Error).message}`);
      }
      for (const [id, chunks] of Object.entries(saved.documents ?? {})) this.byDocument.set(id, chunks);
    }
  }

  get size(): number {
    return this.index.documentCount;
  }

  insert(chunks: readonly MemoryChunk[]): Promise<void> {
    const documents = new Set(chunks.map((c) => c.documentId));
    for (const documentId of documents) {
      for (const id of this.byDocument.get(documentId) ?? []) if (this.index.has(id)) this.index.discard(id);
      this.byDocument.delete(documentId);
    }
    for (const chunk of chunks) {
      this.index.add({ id: chunk.id, documentId: chunk.documentId, content: chunk.content, tokens: chunk.tokens, ...(chunk.metadata ? { metadata: { ...chunk.metadata } } : {}) });
      this.byDocument.set(chunk.documentId, [...(this.byDocument.get(chunk.documentId) ?? []), chunk.id]);
    }
    this.save();
    return Promise.resolve();
  }

  /** Answers at once (an in-process index: no promise). */
  query(query: string, limit: number): ScoredChunk[] {
    const hits = this.index.search(query).slice(0, limit);
    return hits.map((hit) => ({
      score: hit.score,
      chunk: {
        id: String(hit.id),
        documentId: hit.documentId as string,
        content: hit.content as string,
        tokens: hit.tokens as number,
        ...(hit.metadata ? { metadata: hit.metadata as Record<string, unknown> } : {}),
      },
    }));
  }

  private save(): void {
    const path = this.options.path;
    if (!path) return;
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ index: this.index.toJSON(), documents: Object.fromEntries(this.byDocument) }));
    renameSync(temp, path);
  }

  private fileError(problem: string): ToolwrightError {
    return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Keyword bank '${this.bankId}': the file ${this.options.path} ${problem}.`, details: { bankId: this.bankId, path: this.options.path } });
  }
}
