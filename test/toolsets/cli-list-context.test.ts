import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { packageEntry, runCli } from '../cli/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tw-cli-toolsets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = join(dir, 'agent.yaml');
writeFileSync(
  spec,
  [
    'tools: [think]',
    'toolsets:',
    '  - label: admin',
    '    tools: [finish]',
    '    when: { role: admin }',
    '    rename: { finish: wrap_up }',
    '  - label: files',
    '    naming: mcp',
    '    mcpServers:',
    '      fs:',
    '        command: "${NODE}"',
    '        args: ["${FS_SERVER}", "${FS_ROOT}"]',
    '        enabledTools: [list_directory]',
    '',
  ].join('\n'),
);
const env = { NODE: process.execPath, FS_SERVER: packageEntry('@modelcontextprotocol/server-filesystem', 'dist/index.js'), FS_ROOT: dir };

async function listed(args: string[]): Promise<[string, string][]> {
  const run = await runCli(['list', '--json', '--spec', spec, ...args], { env, cwd: dir });
  if (run.code !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout) as { name: string; origin: string }[]).map((r) => [r.name, r.origin]);
}

describe('toolwright list --context', () => {
  it("shows the turn's view for the context: spec toolsets filtered by when:, renamed, MCP tools named mcp__server__tool", async () => {
    expect(await listed([])).toEqual([
      ['think', 'builtin'],
      ['mcp__fs__list_directory', 'toolset'],
    ]);
    expect(await listed(['--context', 'role=admin'])).toEqual([
      ['think', 'builtin'],
      ['wrap_up', 'toolset'],
      ['mcp__fs__list_directory', 'toolset'],
    ]);
  }, 60_000);

  it('calls a toolset tool by its view name (the real MCP server runs it)', async () => {
    writeFileSync(join(dir, 'hello.txt'), 'hi');
    const run = await runCli(['call', 'mcp__fs__list_directory', JSON.stringify({ path: dir }), '--spec', spec], { env, cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('[FILE] hello.txt');
  }, 60_000);

  it('refuses a context value without =, exit 2', async () => {
    const run = await runCli(['list', '--spec', spec, '--context', 'admin'], { env, cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--context expects KEY=VALUE, got 'admin'.");
  });
});
