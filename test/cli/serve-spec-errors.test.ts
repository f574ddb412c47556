import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, runCli } from './cli-harness.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-serve-spec-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('toolwright serve with a spec naming a tool that does not exist', () => {
  it('fails when serve starts, before listening, naming the file, the JSON path and the closest tool (exit 2)', async () => {
    writeFileSync(
      join(dir, 'agent.yaml'),
      `tools: []\nmcpServers:\n  hostile:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(join(FIXTURES, 'hostile-mcp-server.mjs'))}]\n    enabledTools: ['trapp']\n`,
    );
    const run = await runCli(['serve', '--http', '--port', '0', '--spec', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      "toolwright: cannot build spec agent.yaml: Invalid MCP server 'hostile' (mcpServers.hostile.enabledTools[0]): the server has no tool named 'trapp'. Did you mean 'trap'? Available: trap.",
    );
    expect(run.stderr).not.toContain('serving');
  }, 60_000);

  it('names an unknown native tool with its JSON path and did-you-mean before listening', async () => {
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [{ name: 'think' }, { name: 'grepp' }] }));
    const run = await runCli(['serve', '--http', '--port', '0', '--spec', 'agent.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolwright: invalid agent spec .*agent\.json: tools\[1\]\.name: tool 'grepp' is not registered\. Did you mean 'grep'\?/);
    expect(run.stderr).not.toContain('serving');
  }, 60_000);
});
