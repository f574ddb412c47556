/** `toolwright test`: tools proven from their schemas, as a table or JSON; exit 1 when one fails. */
import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { BUILTIN_PRESETS } from '@toolwright/tools';
import { EVERYTHING, startEverythingHttp } from '../mcp/support/servers.js';
import { FIXTURES, runCli } from './cli-harness.js';

interface JsonReport {
  ok: boolean;
  tools: { tool: string; cases: number; valid: number; invalid: number; executed: number; refused: number; failures: { kind: string; case: string }[]; slowestMs: number }[];
}

describe('toolwright test', () => {
  it('proves every built-in tool of the default toolset: a table of tool, cases, failures, slowest; exit 0', async () => {
    const run = await runCli(['test']);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trimEnd().split('\n');
    expect(header!.split(/\s+/)).toEqual(['tool', 'cases', 'failures', 'slowest']);
    const listed = (JSON.parse((await runCli(['list', '--json'])).stdout) as { name: string }[]).map((t) => t.name);
    expect(rows.slice(0, -1).map((row) => row.split(/\s+/)[0])).toEqual(listed);
    expect(BUILTIN_PRESETS.openhands).toEqual(expect.arrayContaining(listed));
    expect(rows.slice(0, -1).every((row) => / 0 +[\d.]+ ms$/.test(row))).toBe(true);
    expect(rows.at(-1)).toMatch(/^\d+ tools, no failures$/);
  });

  it('runs the named tools under the default policy with --execute, as JSON for CI: reads run, asks are refused', async () => {
    const run = await runCli(['test', 'think', 'file_editor', '--execute', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.ok).toBe(true);
    expect(report.tools.map((t) => t.tool)).toEqual(['think', 'file_editor']);
    const editor = report.tools[1]!;
    expect(editor.executed).toBe(editor.valid);
    expect(editor.refused).toBeGreaterThan(0);
    expect(editor.refused).toBeLessThan(editor.executed);
  });

  it('tests the tools of an MCP server given as a command line', async () => {
    const run = await runCli(['test', '--mcp', `"${process.execPath}" ${EVERYTHING} stdio`, 'echo', 'get-sum', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.tools.map((t) => [t.tool, t.failures])).toEqual([['echo', []], ['get-sum', []]]);
  });

  it('tests the tools of an MCP server at a Streamable HTTP URL, and runs them with --execute', async () => {
    const server = await startEverythingHttp();
    try {
      const run = await runCli(['test', '--url', server.url, 'get-sum', '--execute', '--json']);
      expect(run.code).toBe(0);
      const [sum] = (JSON.parse(run.stdout) as JsonReport).tools;
      expect(sum).toMatchObject({ tool: 'get-sum', failures: [], refused: 0 });
      expect(sum!.executed).toBe(sum!.valid);
    } finally {
      await server.stop();
    }
  });

  it('exits 1 and lists each failure when a validator accepts invalid inputs', async () => {
    const run = await runCli(['test', 'lax_note', '--import', join(FIXTURES, 'lax-tool.mjs')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^lax_note +\d+ +[1-9]\d* +[\d.]+ ms$/m);
    expect(run.stdout).toContain('✗ lax_note invalid-accepted text: required field missing: accepted; expected a refusal naming \'text\'');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 of 1 tools failed');
  });

  it('refuses unknown tools and two server sources with exit 2', async () => {
    const unknown = await runCli(['test', 'thnik']);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining("Unknown tool 'thnik'. Did you mean 'think'?")]);
    const both = await runCli(['test', '--mcp', 'x', '--url', 'http://127.0.0.1:1/mcp']);
    expect([both.code, both.stderr]).toEqual([2, 'toolwright test: --mcp and --url both name a server: give one.\n']);
  });
});
