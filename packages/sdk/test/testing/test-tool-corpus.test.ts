/**
 * testTool over the export corpus (3,571 tool schemas nobody here wrote: see
 * fixtures/corpus/README.md), served by one in-memory MCP server: the validator accepts every
 * generated valid input, refuses every invalid one naming its path, and every export follows the
 * providers' rules.
 */
import { afterAll, expect, it } from '@jest/globals';
import type { ToolDefinition } from '@toolwright/sdk';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer, generateCases, testTool } from '@toolwright/sdk/testing';
import { loadCorpus } from '../fixtures/corpus/load-corpus.js';

let toolset: McpToolset | undefined;
afterAll(() => toolset?.close());

it('names the paths of keys that are not identifiers as the validator does', () => {
  const { invalid } = generateCases({ type: 'object', properties: { headers: { type: 'object', properties: { 'Content-Type': { type: 'string' } } } } });
  expect(invalid.map((c) => c.path)).toEqual(['headers', 'headers["Content-Type"]']);
});

it('every corpus tool passes', async () => {
  const corpus = loadCorpus();
  const server = createInMemoryMcpServer({ name: 'corpus', tools: corpus.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as never, handler: () => 'ok' })) });
  toolset = await createMcpToolsFromClients([server.client()]);
  const failures: string[] = [];
  let cases = 0;
  for (const tool of toolset.tools as unknown as ToolDefinition[]) {
    const report = await testTool(tool, { maxCases: 60 });
    cases += report.cases;
    failures.push(...report.failures.map((f) => `${report.tool} ${f.kind} ${f.case}: ${f.message}`));
  }
  expect(failures).toEqual([]);
  expect(toolset.tools.length).toBe(corpus.length);
  expect(cases).toBeGreaterThan(corpus.length * 10);
}, 300_000);
