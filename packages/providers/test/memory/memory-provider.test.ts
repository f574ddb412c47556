import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument, hashingEmbedder, KeyValueBank, KeywordBank, MemoryProvider, ToolGroupRuntime, VectorBank } from '@toolwright/providers';
import type { ToolInvocationResult } from '@toolwright/providers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function textOf(result: ToolInvocationResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

function memory(provider: MemoryProvider, args?: Record<string, unknown>): ToolGroupRuntime {
  const runtime = new ToolGroupRuntime({ providers: [provider] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory', args });
  return runtime;
}

const DOCS = [
  { document_id: 'tents.md', content: 'Our tents are waterproof and weigh 2 kg. Tents ship within three days.' },
  { document_id: 'returns.md', content: 'Returns are accepted within 30 days with the receipt.' },
  { document_id: 'stoves.md', content: 'Camping stoves burn gas; never use a stove inside a tent.' },
];

describe('MemoryProvider', () => {
  it('inserts into a keyword bank and queries it, best match first', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeywordBank('docs')] }));
    const inserted = await runtime.invokeTool('memory_insert', { bank_id: 'docs', documents: DOCS });
    expect(textOf(inserted)).toBe("Inserted 3 documents (3 chunks) into memory bank 'docs'.");
    const result = await runtime.invokeTool('memory_query', { query: 'returns receipt', max_chunks: 1 });
    expect(textOf(result)).toBe("Found 1 passage (14 tokens) in docs:\n\n[1] bank docs, document returns.md\nReturns are accepted within 30 days with the receipt.");
  });

  it('persists a keyword bank to a file and loads it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-memory-'));
    dirs.push(dir);
    const path = join(dir, 'banks', 'docs.json');
    await memory(new MemoryProvider({ banks: [new KeywordBank('docs', { path })] })).invokeTool('memory_insert', { bank_id: 'docs', documents: DOCS });
    const reopened = new KeywordBank('docs', { path });
    expect(reopened.size).toBe(3);
    const hits = await reopened.query('waterproof', 5);
    expect(hits.map((h) => h.chunk.documentId)).toEqual(['tents.md']);
    // Inserting a document again replaces its chunks, also after a reload.
    await reopened.insert(chunkDocument('tents.md', 'Tents are now sold out.', 256, (t) => Math.ceil(t.length / 4)));
    expect((await new KeywordBank('docs', { path }).query('waterproof', 5)).length).toBe(0);
  });

  it('persists a vector bank (chunks and vectors) to a file and loads it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-memory-'));
    dirs.push(dir);
    const path = join(dir, 'banks', 'notes.json');
    let embedded = 0;
    const embedder = hashingEmbedder(32);
    const counting = (texts: readonly string[]): number[][] => {
      embedded += texts.length;
      return embedder(texts) as number[][];
    };
    await memory(new MemoryProvider({ banks: [new VectorBank('notes', counting, { path })] })).invokeTool('memory_insert', { bank_id: 'notes', documents: DOCS });
    expect(embedded).toBe(3);
    const reopened = new VectorBank('notes', counting, { path });
    expect(reopened.size).toBe(3);
    // The saved vectors are reused: only the query is embedded.
    const hits = await reopened.query('receipt returns', 1);
    expect(embedded).toBe(4);
    expect(hits.map((h) => h.chunk.documentId)).toEqual(['returns.md']);
    // Inserting a document again replaces its chunks, also after a reload.
    await reopened.insert(chunkDocument('returns.md', 'No more returns.', 256, (t) => Math.ceil(t.length / 4)));
    const again = new VectorBank('notes', counting, { path });
    expect(again.size).toBe(3);
    expect((await again.query('returns', 5)).filter((h) => h.chunk.documentId === 'returns.md').map((h) => h.chunk.content)).toEqual(['No more returns.']);
    // Another embedder's dimensions are refused at the first insert, naming the bank.
    await expect(new VectorBank('notes', hashingEmbedder(8), { path }).insert(chunkDocument('x', 'x', 256, () => 1))).rejects.toThrow(
      "Vector bank 'notes': the embedder returned a vector of 8 numbers (some not finite, or not the bank's 32 dimensions).",
    );
  });

  it('refuses a damaged vector bank file, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-memory-'));
    dirs.push(dir);
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify({ version: 1, dimensions: 2, entries: [{ chunk: { id: 'a#0', documentId: 'a', content: 'x', tokens: 1 }, vector: [1] }] }));
    expect(() => new VectorBank('v', hashingEmbedder(2), { path })).toThrow(
      `Vector bank 'v': the file ${path} has a malformed entry 0 (expected { chunk: { id, documentId, content, tokens }, vector: 2 finite numbers }).`,
    );
  });

  it('refuses a damaged bank file, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-memory-'));
    dirs.push(dir);
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{ not json');
    expect(() => new KeywordBank('docs', { path })).toThrow(`Keyword bank 'docs': the file ${path} could not be read as a saved keyword bank:`);
  });

  it('finds documents by key or key prefix in a key-value bank', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeyValueBank('prefs')] }));
    await runtime.invokeTool('memory_insert', {
      bank_id: 'prefs',
      documents: [
        { document_id: 'user:42:theme', content: 'dark' },
        { document_id: 'user:42:lang', content: 'fr' },
        { document_id: 'user:7:theme', content: 'light' },
      ],
    });
    expect(textOf(await runtime.invokeTool('memory_query', { query: 'user:42:theme' }))).toBe('Found 1 passage (1 tokens) in prefs:\n\n[1] bank prefs, document user:42:theme\ndark');
    const prefix = await runtime.invokeTool('memory_query', { query: 'user:42:*' });
    expect((prefix.structuredContent as { chunks: { documentId: string }[] }).chunks.map((c) => c.documentId)).toEqual(['user:42:lang', 'user:42:theme']);
  });

  it('ranks a vector bank by cosine similarity with a pluggable embedder', async () => {
    const calls: number[] = [];
    const embed = hashingEmbedder(64);
    const runtime = memory(
      new MemoryProvider({
        banks: [
          new VectorBank('vectors', (texts) => {
            calls.push(texts.length);
            return embed(texts);
          }),
        ],
      }),
    );
    await runtime.invokeTool('memory_insert', { bank_id: 'vectors', documents: DOCS });
    const result = await runtime.invokeTool('memory_query', { query: 'gas stove inside tents', max_chunks: 2 });
    const chunks = (result.structuredContent as { chunks: { documentId: string; score: number }[] }).chunks;
    expect(chunks.map((c) => c.documentId)).toEqual(['stoves.md', 'tents.md']);
    expect(chunks[0]!.score).toBeGreaterThan(chunks[1]!.score);
    expect(calls).toEqual([3, 1]);
  });

  it('reports an embedder that breaks its contract', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new VectorBank('v', (texts) => texts.map((_, i) => new Array(i + 2).fill(1)))] }));
    const result = await runtime.invokeTool('memory_insert', { bank_id: 'v', documents: DOCS.slice(0, 2) });
    expect(result.errorCode).toBe(1);
    expect(result.errorMessage).toBe("Vector bank 'v': the embedder returned a vector of 3 numbers (some not finite, or not the bank's 2 dimensions).");
  });

  it('stops at max_chunks and at the max_tokens_in_context budget', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeywordBank('docs')], chunkTokens: 8 }));
    await runtime.invokeTool('memory_insert', { bank_id: 'docs', documents: DOCS });
    const all = await runtime.invokeTool('memory_query', { query: 'tents tent', max_chunks: 100, max_tokens_in_context: 100_000 });
    const chunks = (all.structuredContent as { chunks: { tokens: number }[]; tokens: number }).chunks;
    expect(chunks.length).toBeGreaterThan(2);
    const two = await runtime.invokeTool('memory_query', { query: 'tents tent', max_chunks: 2, max_tokens_in_context: 100_000 });
    expect((two.structuredContent as { chunks: unknown[] }).chunks).toHaveLength(2);
    const budget = chunks[0]!.tokens;
    const tight = await runtime.invokeTool('memory_query', { query: 'tents tent', max_chunks: 100, max_tokens_in_context: budget });
    const tightContent = tight.structuredContent as { chunks: unknown[]; tokens: number };
    expect(tightContent.tokens).toBeLessThanOrEqual(budget);
    expect(tightContent.chunks.length).toBeGreaterThanOrEqual(1);
    const none = await runtime.invokeTool('memory_query', { query: 'tents tent', max_tokens_in_context: 1 });
    expect(textOf(none)).toMatch(/^No stored passages match "tents tent" in memory bank docs \(\d+ matching chunks did not fit in 1 tokens\)\.$/);
  });

  it("lets the group fix max_chunks and max_tokens_in_context (Llama's builtin::memory args)", async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeywordBank('docs')] }), { max_chunks: 1, max_tokens_in_context: 4096 });
    const tools = await runtime.listTools();
    expect(Object.keys(tools[1]!.inputSchema.properties as object)).toEqual(['query', 'bank_ids']);
    await runtime.invokeTool('memory_insert', { bank_id: 'docs', documents: DOCS });
    const result = await runtime.invokeTool('memory_query', { query: 'tent' });
    expect((result.structuredContent as { chunks: unknown[] }).chunks).toHaveLength(1);
    expect((await runtime.invokeTool('memory_query', { query: 'tent', max_chunks: 9 })).errorMessage).toBe(
      "Argument 'max_chunks' of tool 'memory_query' is fixed by tool group 'builtin::memory' and cannot be set by the call; call it again without 'max_chunks'.",
    );
  });

  it('merges banks of different kinds by relative score', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeywordBank('docs'), new VectorBank('notes', hashingEmbedder(64))] }));
    await runtime.invokeTool('memory_insert', { bank_id: 'docs', documents: DOCS.slice(0, 2) });
    await runtime.invokeTool('memory_insert', { bank_id: 'notes', documents: [{ document_id: 'note-1', content: 'Remember: tents need pegs.' }] });
    const result = await runtime.invokeTool('memory_query', { query: 'tents', bank_ids: ['docs', 'notes'] });
    const chunks = (result.structuredContent as { chunks: { bankId: string; documentId: string }[] }).chunks;
    expect(chunks.map((c) => `${c.bankId}/${c.documentId}`).sort()).toEqual(['docs/tents.md', 'notes/note-1']);
  });

  it('answers a query of in-process banks at once, and waits only when a bank must (an embedder)', async () => {
    const kv = new KeyValueBank('prefs');
    const vectors = new VectorBank('notes', hashingEmbedder(64));
    const provider = new MemoryProvider({ banks: [kv, vectors] });
    const runtime = memory(provider);
    await runtime.invokeTool('memory_insert', { bank_id: 'prefs', documents: [{ document_id: 'user:1', content: 'dark theme' }] });
    await runtime.invokeTool('memory_insert', { bank_id: 'notes', documents: [{ document_id: 'note-1', content: 'dark theme everywhere' }] });
    expect(kv.query('user:1', 5)).toEqual([{ chunk: { id: 'user:1#0', documentId: 'user:1', content: 'dark theme', tokens: 3 }, score: 1 }]);
    const [tool] = await runtime.listTools();
    const ctx = { group: runtime.getToolGroup('builtin::memory'), providerData: {} };
    const expected = 'Found 1 passage (3 tokens) in prefs:\n\n[1] bank prefs, document user:1\ndark theme';
    const atOnce = provider.invoke({ ...tool!, name: 'memory_query' }, { query: 'user:1', bank_ids: ['prefs'] }, ctx);
    expect(atOnce instanceof Promise).toBe(false);
    expect(textOf(atOnce as ToolInvocationResult)).toBe(expected);
    const waited = provider.invoke({ ...tool!, name: 'memory_query' }, { query: 'user:1', bank_ids: ['prefs', 'notes'] }, ctx);
    expect(waited instanceof Promise).toBe(true);
    expect((((await waited).structuredContent as { chunks: { bankId: string }[] }).chunks.map((c) => c.bankId))).toEqual(['prefs', 'notes']);
    // A failure is still a rejection for a direct caller.
    await expect(provider.invoke({ ...tool!, name: 'memory_query' }, { query: 'x', bank_ids: ['zzz'] }, ctx)).rejects.toThrow("Memory bank 'zzz' does not exist. Banks: prefs, notes.");
  });

  it('names an unknown bank with a suggestion', async () => {
    const runtime = memory(new MemoryProvider({ banks: [new KeywordBank('docs')] }));
    const result = await runtime.invokeTool('memory_query', { query: 'x', bank_ids: ['dosc'] });
    expect(result.errorCode).toBe(2);
    expect(result.errorMessage).toBe("Memory bank 'dosc' does not exist. Did you mean 'docs'? Banks: docs.");
  });
});

describe('chunkDocument', () => {
  it('splits at word boundaries within the token limit and cuts over-long words', () => {
    const count = (t: string) => t.length;
    const chunks = chunkDocument('d', 'alpha beta gamma delta\n\nepsilon ' + 'x'.repeat(25), 12, count);
    expect(chunks.map((c) => c.content)).toEqual(['alpha beta', 'gamma delta', 'epsilon', 'xxxxxxxxxxxx', 'xxxxxxxxxxxx', 'x']);
    expect(chunks.map((c) => c.id)).toEqual(['d#0', 'd#1', 'd#2', 'd#3', 'd#4', 'd#5']);
    expect(chunks.every((c) => c.tokens <= 12)).toBe(true);
  });
});
