import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

function node(args: string[], cwd = ROOT): string {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_OPTIONS;
  return execFileSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

describe('examples/', () => {
  it('each has a run command in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(EXAMPLES.length).toBeGreaterThan(0);
    for (const name of EXAMPLES) expect(readme).toContain(`node examples/dist/${name}.js`);
  });

  it('compile and run as the README says (npx tsc -p examples, then node examples/dist/…)', () => {
    node([TSC, '-p', 'examples']);
    expect(node(['examples/dist/quick-start.js'])).toBe('Hello, Ada! Hello, Ada!\n');
    const dir = mkdtempSync(join(tmpdir(), 'tw-example-'));
    writeFileSync(join(dir, 'notes.txt'), 'TODO: one\n');
    try {
      const out = node([join(ROOT, 'examples/dist/agent-with-mcp.js'), dir], dir);
      expect(out.split('\n')[0]).toMatch(/^\d+ tools for the model$/);
      expect(out).toContain(`Found 1 file(s) containing pattern 'TODO' in '${dir}'`);
      expect(out.trimEnd().split('\n').at(-1)).toMatch(/^Tool 'gerp' not found\. .* Did you mean 'grep'\?$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
