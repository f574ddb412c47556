import { closestMatch, ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import { chunkDocument, estimateTokens } from './chunk-document.js';
import type { TokenCounter } from './chunk-document.js';
import type { MemoryBank, MemoryChunk, ScoredChunk } from './memory-bank.js';
import { checkOptions } from '../runtime/check-arguments.js';

/** Options of {@link MemoryProvider}. */
export interface MemoryProviderOptions {
  /** The banks (more with `addBank`). */
  banks?: readonly MemoryBank[];
  /** Token counter for chunking and `max_tokens_in_context` (default: about 4 characters a token). */
  countTokens?: TokenCounter;
  /** Largest chunk, tokens (default 256). */
  chunkTokens?: number;
  /** Chunks per query when neither the call nor the group says (default 5). */
  defaultMaxChunks?: number;
  /** Token budget of a query's answer when neither the call nor the group says (default 4096). */
  defaultMaxTokensInContext?: number;
}

interface InsertArgs {
  bank_id: string;
  documents: { document_id: string; content: string; metadata?: Record<string, unknown> }[];
}

interface QueryArgs {
  query: string;
  bank_ids?: string[];
  max_chunks?: number;
  max_tokens_in_context?: number;
}

/** True for a promise (or any thenable) rather than an answer at hand. */
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

const TOOLS: ProvidedToolDef[] = [
  {
    name: 'memory_insert',
    description: 'Store documents in a memory bank so that memory_query can find them later. A document inserted again under the same document_id replaces the earlier one.',
    inputSchema: {
      type: 'object',
      properties: {
        bank_id: { type: 'string', minLength: 1, maxLength: 200, description: 'The bank to store into.' },
        documents: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            type: 'object',
            properties: {
              document_id: { type: 'string', minLength: 1, maxLength: 200 },
              content: { type: 'string', minLength: 1, maxLength: 1_000_000 },
              metadata: { type: 'object' },
            },
            required: ['document_id', 'content'],
            additionalProperties: false,
          },
        },
      },
      required: ['bank_id', 'documents'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  {
    name: 'memory_query',
    description: 'Find the stored passages most relevant to a query, across memory banks. Returns at most max_chunks passages, within max_tokens_in_context tokens.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 2_000, description: 'What to look for (for a key-value bank: the key, or a prefix ending in *).' },
        bank_ids: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50, description: 'Banks to search (default: all).' },
        max_chunks: { type: 'integer', minimum: 1, maximum: 100 },
        max_tokens_in_context: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
];

/**
 * `builtin::memory` (provider `memory`): `memory_insert` chunks documents into a bank;
 * `memory_query` asks the chosen banks, ranks their chunks by each bank's score relative to its
 * best (so keyword, key-value and vector scores can be merged), and returns chunks in that order
 * until `max_chunks` or the `max_tokens_in_context` budget is reached. Both limits can be fixed
 * by the group's args (`{ max_chunks: 5, max_tokens_in_context: 4096 }`).
 */
export class MemoryProvider implements ToolGroupProvider {
  readonly id = 'memory';
  private readonly banks = new Map<string, MemoryBank>();
  private readonly countTokens: TokenCounter;

  constructor(private readonly options: MemoryProviderOptions = {}) {
    const call = 'new MemoryProvider(options?)';
    checkOptions(call, options, { banks: 'array', countTokens: 'function', chunkTokens: 'positive integer', defaultMaxChunks: 'positive integer', defaultMaxTokensInContext: 'positive integer' });
    (options.banks ?? []).forEach((bank: unknown, i) => {
      const b = bank as Partial<MemoryBank> | null;
      if (typeof b !== 'object' || b === null || typeof b.bankId !== 'string' || typeof b.insert !== 'function' || typeof b.query !== 'function') {
        throw new ToolwrightError({
          code: ErrorCode.INVALID_PARAMS,
          message: `${call}: options.banks[${i}] must be a memory bank (new KeywordBank(id), new KeyValueBank(id) or new VectorBank(id, embedder)), got ${b === null ? 'null' : typeof b === 'object' ? 'an object without bankId, insert and query' : `a ${typeof b}`}.`,
          details: { option: `banks[${i}]` },
        });
      }
    });
    this.countTokens = options.countTokens ?? estimateTokens;
    for (const bank of options.banks ?? []) this.addBank(bank);
  }

  /** Adds a bank. Throws for a taken id. */
  addBank(bank: MemoryBank): this {
    if (this.banks.has(bank.bankId)) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Memory bank '${bank.bankId}' is already registered.`, details: { bankId: bank.bankId } });
    this.banks.set(bank.bankId, bank);
    return this;
  }

  knownToolNames(): readonly string[] {
    return TOOLS.map((tool) => tool.name);
  }

  listTools(): ProvidedToolDef[] {
    return TOOLS;
  }

  /**
   * A query of banks that answer in process is answered at once (no promise); an insert, or a
   * query that reaches a bank that must wait, gives a promise. Failures are rejections.
   */
  invoke(tool: ToolDef, kwargs: Record<string, unknown>, _ctx: InvocationContext): ToolInvocationResult | Promise<ToolInvocationResult> {
    try {
      return tool.name === 'memory_insert' ? this.insert(kwargs as unknown as InsertArgs) : this.query(kwargs as unknown as QueryArgs);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private async insert(args: InsertArgs): Promise<ToolInvocationResult> {
    const bank = this.bank(args.bank_id);
    const chunks: MemoryChunk[] = [];
    for (const doc of args.documents) chunks.push(...chunkDocument(doc.document_id, doc.content, this.options.chunkTokens ?? 256, this.countTokens, doc.metadata));
    await bank.insert(chunks);
    const n = args.documents.length;
    return {
      content: [textContent(`Inserted ${n} document${n === 1 ? '' : 's'} (${chunks.length} chunk${chunks.length === 1 ? '' : 's'}) into memory bank '${bank.bankId}'.`)],
      structuredContent: { bankId: bank.bankId, documents: n, chunks: chunks.length },
    };
  }

  private query(args: QueryArgs): ToolInvocationResult | Promise<ToolInvocationResult> {
    const banks = (args.bank_ids ?? [...this.banks.keys()]).map((id) => this.bank(id));
    const maxChunks = args.max_chunks ?? this.options.defaultMaxChunks ?? 5;
    const answers = banks.map((bank) => bank.query(args.query, maxChunks));
    // Waits only when a bank has to (an embedder): in-process banks cost no promise hop.
    if (answers.some(isPromiseLike)) return Promise.all(answers).then((all) => this.answer(args, banks, all, maxChunks));
    return this.answer(args, banks, answers as ScoredChunk[][], maxChunks);
  }

  /** The answer from each bank's hits (`answers[i]` is `banks[i]`'s). */
  private answer(args: QueryArgs, banks: readonly MemoryBank[], answers: readonly (readonly ScoredChunk[])[], maxChunks: number): ToolInvocationResult {
    const budget = args.max_tokens_in_context ?? this.options.defaultMaxTokensInContext ?? 4096;
    const ranked: { bankId: string; chunk: MemoryChunk; score: number; relevance: number }[] = [];
    answers.forEach((hits, i) => {
      const best = hits.reduce((max, h) => Math.max(max, h.score), 0) || 1;
      for (const hit of hits) ranked.push({ bankId: banks[i]!.bankId, chunk: hit.chunk, score: hit.score, relevance: hit.score / best });
    });
    ranked.sort((a, b) => b.relevance - a.relevance || b.score - a.score);
    const picked: typeof ranked = [];
    let tokens = 0;
    let skipped = 0;
    for (const hit of ranked) {
      if (picked.length >= maxChunks) break;
      if (tokens + hit.chunk.tokens > budget) {
        skipped++;
        continue;
      }
      picked.push(hit);
      tokens += hit.chunk.tokens;
    }
    const names = banks.map((b) => b.bankId).join(', ');
    if (picked.length === 0) {
      const why = skipped > 0 ? ` (${skipped} matching chunk${skipped === 1 ? '' : 's'} did not fit in ${budget} tokens)` : '';
      return { content: [textContent(`No stored passages match ${JSON.stringify(args.query)} in memory bank${banks.length === 1 ? '' : 's'} ${names}${why}.`)], structuredContent: { chunks: [], tokens: 0 } };
    }
    const lines = picked.map((hit, i) => `[${i + 1}] bank ${hit.bankId}, document ${hit.chunk.documentId}\n${hit.chunk.content}`);
    const head = `Found ${picked.length} passage${picked.length === 1 ? '' : 's'} (${tokens} tokens) in ${names}:`;
    return {
      content: [textContent(`${head}\n\n${lines.join('\n\n')}`)],
      structuredContent: {
        chunks: picked.map((hit) => ({ bankId: hit.bankId, documentId: hit.chunk.documentId, chunkId: hit.chunk.id, content: hit.chunk.content, score: hit.score, tokens: hit.chunk.tokens })),
        tokens,
      },
    };
  }

  private bank(bankId: string): MemoryBank {
    const bank = this.banks.get(bankId);
    if (bank) return bank;
    const known = [...this.banks.keys()];
    const guess = closestMatch(bankId, known);
    throw new ToolwrightError({
      code: ErrorCode.INVALID_ARGUMENTS,
      message: `Memory bank '${bankId}' does not exist.${guess ? ` Did you mean '${guess}'?` : ''} Banks: ${known.join(', ') || '(none)'}.`,
      details: { bankId },
    });
  }
}
