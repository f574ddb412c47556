import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesystemServerEntry, runAgent } from '../../examples/agent-with-mcp.js';

describe('README agent example', () => {
  it('runs built-in and MCP tools and turns a mistyped tool name into an observation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-example-'));
    writeFileSync(join(dir, 'plan.md'), '- TODO: ship\n');
    try {
      const run = await runAgent(dir, filesystemServerEntry());
      expect(run.toolCount).toBeGreaterThan(3);
      expect(run.kinds).toEqual(['ActionEvent', 'ObservationEvent']);
      expect(run.content).toEqual([{ type: 'text', text: `Found 1 file(s) containing pattern 'TODO' in '${dir}':\n${join(dir, 'plan.md')}` }]);
      expect(run.mistake).toMatch(/^Tool 'gerp' not found\. Available: grep, file_editor, terminal, .*\. Did you mean 'grep'\?$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
