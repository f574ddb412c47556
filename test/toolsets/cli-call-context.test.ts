import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../cli/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tw-cli-call-context-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = join(dir, 'agent.yaml');
writeFileSync(
  spec,
  [
    'tools: [think]',
    'toolsets:',
    '  - label: files',
    '    tools: [glob]',
    '  - label: admin',
    '    tools: [finish]',
    '    when: { role: admin }',
    '    rename: { finish: wrap_up }',
    '',
  ].join('\n'),
);

describe('toolwright call with spec toolsets', () => {
  it("lists what the spec's toolsets expose under 'Available:' for an unknown tool", async () => {
    const run = await runCli(['call', 'glbo', '{}', '--spec', spec], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown tool 'glbo'. Did you mean 'glob'?");
    expect(run.stderr).toContain('Available: think, glob.');
  });

  it('calls a tool of the turn given by --context KEY=VALUE (a when: toolset), and not without it', async () => {
    const args = JSON.stringify({ message: 'done' });
    const admin = await runCli(['call', 'wrap_up', args, '--spec', spec, '--context', 'role=admin'], { cwd: dir });
    expect(admin.stderr).toBe('');
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain('done');
    const user = await runCli(['call', 'wrap_up', args, '--spec', spec, '--context', 'role=user'], { cwd: dir });
    expect(user.code).toBe(2);
    expect(user.stderr).toContain("Unknown tool 'wrap_up'.");
    expect(user.stderr).toContain('Available: think, glob.');
  });

  it('documents --context in its help, and refuses a value without =', async () => {
    const help = await runCli(['help', 'call']);
    expect(help.stdout).toContain('--context KEY=VALUE');
    const bad = await runCli(['call', 'think', '{}', '--spec', spec, '--context', 'admin'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--context expects KEY=VALUE, got 'admin'.");
  });
});
