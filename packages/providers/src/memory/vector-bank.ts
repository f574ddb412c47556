import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { MemoryBank, MemoryChunk, ScoredChunk } from './memory-bank.js';
import { checkArgument, checkOptions } from '../runtime/check-arguments.js';

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

/** Options of {@link VectorBank}. */
export interface VectorBankOptions {
  /** A JSON file the bank (chunks and their vectors) is loaded from when it exists and saved to after each insert. */
  path?: string;
  /** Largest file loaded, bytes (default 256 MiB). */
  maxFileBytes?: number;
}

interface Entry {
  chunk: MemoryChunk;
  vector: number[];
}

/**
 * A vector bank: chunks embedded at insert, found by cosine similarity to the embedded query.
 * Persisted to a JSON file when `path` is given (written to a temporary file, then renamed);
 * the saved vectors are reused, so the embedder must stay the same one (the dimensions are checked).
 */
export class VectorBank implements MemoryBank {
  readonly kind = 'vector' as const;
  private readonly entries = new Map<string, Entry>();
  private dimensions?: number;

  constructor(
    readonly bankId: string,
    private readonly embed: Embedder,
    private readonly options: VectorBankOptions = {},
  ) {
    const call = 'new VectorBank(bankId, embedder, options?)';
    checkArgument(call, 'bankId', bankId, 'non-empty string', "the bank's id, e.g. new VectorBank('notes', hashingEmbedder())");
    checkArgument(call, 'embedder', embed, 'function', '(texts) => vectors, e.g. hashingEmbedder()');
    checkOptions(call, options, { path: 'non-empty string', maxFileBytes: 'positive integer' });
    const path = options.path;
    if (path && existsSync(path)) this.load(path, options.maxFileBytes ?? 256 * 1024 * 1024);
  }

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
    this.save();
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

  private load(path: string, max: number): void {
    const size = statSync(path).size;
    if (size > max) throw this.fileError(`is ${size} bytes, more than the ${max} allowed`);
    let saved: { version?: unknown; dimensions?: unknown; entries?: unknown };
    try {
      saved = JSON.parse(readFileSync(path, 'utf8')) as typeof saved;
    } catch (error) {
      throw this.fileError(`could not be read as a saved vector bank: ${(error as Error).message}`);
    }
    if (saved.version !== 1 || !Array.isArray(saved.entries)) throw this.fileError('is not a saved vector bank (expected { version: 1, dimensions, entries })');
    const dimensions = saved.dimensions;
    for (const [i, raw] of (saved.entries as unknown[]).entries()) {
      const entry = raw as Partial<Entry> | null;
      const chunk = entry?.chunk;
      const vector = entry?.vector;
      const vectorOk = Array.isArray(vector) && vector.length === dimensions && vector.every((v) => typeof v === 'number' && Number.isFinite(v));
      if (!chunk || typeof chunk.id !== 'string' || typeof chunk.documentId !== 'string' || typeof chunk.content !== 'string' || typeof chunk.tokens !== 'number' || !vectorOk) {
        throw this.fileError(`has a malformed entry ${i} (expected { chunk: { id, documentId, content, tokens }, vector: ${String(dimensions)} finite numbers })`);
      }
      this.entries.set(chunk.id, { chunk, vector });
    }
    if (typeof dimensions === 'number' && this.entries.size > 0) this.dimensions = dimensions;
  }

  private save(): void {
    const path = this.options.path;
    if (!path) return;
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ version: 1, dimensions: this.dimensions, entries: [...this.entries.values()] }));
    renameSync(temp, path);
  }

  private fileError(problem: string): ToolwrightError {
    return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Vector bank '${this.bankId}': the file ${this.options.path} ${problem}.`, details: { bankId: this.bankId, path: this.options.path } });
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
