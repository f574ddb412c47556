/** `toolwright test` over the bundled providers' tool groups: every built-in provider's tools proven from their schemas. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli-harness.js';

interface JsonReport {
  ok: boolean;
  tools: { tool: string; cases: number; valid: number; invalid: number; executed: number; refused: number; failures: { kind: string; case: string; message: string }[] }[];
}

/** One group per built-in provider that needs no server of its own (the MCP provider is covered by --mcp/--url). */
const SPEC = `tools: []
toolgroups: ['builtin::websearch', 'builtin::bing', 'builtin::tavily', 'builtin::wolfram_alpha', 'builtin::code_interpreter', 'builtin::memory']
toolGroupRegistry:
  - { toolgroupId: builtin::websearch, providerId: brave-search }
  - { toolgroupId: builtin::bing, providerId: bing-search, toolPrefix: bing_ }
  - { toolgroupId: builtin::tavily, providerId: tavily-search, toolPrefix: tavily_ }
  - { toolgroupId: builtin::wolfram_alpha, providerId: wolfram-alpha }
  - { toolgroupId: builtin::code_interpreter, providerId: code-interpreter }
  - { toolgroupId: builtin::memory, providerId: memory }
toolProviders:
  memory: { banks: [{ id: notes, kind: vector, path: banks/notes.json }] }
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-test-providers-'));
  writeFileSync(join(dir, 'agent.yaml'), SPEC);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolwright test over the bundled providers', () => {
  it("proves every provider tool's validator and provider exports: no failures", async () => {
    const run = await runCli(['test', '--spec', 'agent.yaml', '--json'], { cwd: dir });
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.tools.map((t) => [t.tool, t.failures])).toEqual(report.tools.map((t) => [t.tool, []]));
    expect(report.tools.map((t) => t.tool)).toEqual(
      expect.arrayContaining(['web_search', 'bing_web_search', 'tavily_web_search', 'wolfram_alpha', 'code_interpreter', 'memory_insert', 'memory_query']),
    );
    expect(report.tools.every((t) => t.valid > 0 && t.invalid > 0)).toBe(true);
    expect([run.code, report.ok]).toEqual([0, true]);
  }, 120_000);

  it('runs memory_query and web_search (no key set) under the default policy with --execute: every valid case runs or is refused; no crash, hang or malformed Observation', async () => {
    const run = await runCli(['test', 'memory_query', 'web_search', '--spec', 'agent.yaml', '--execute', '--json'], { cwd: dir });
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.tools.map((t) => [t.tool, t.failures])).toEqual([['memory_query', []], ['web_search', []]]);
    expect(report.tools.every((t) => t.executed + t.refused === t.valid)).toBe(true);
    expect(run.code).toBe(0);
  }, 120_000);
});
