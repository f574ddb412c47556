import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, ROOT } from './cli-harness.js';

const CLI = join(ROOT, 'packages/cli');

describe('the toolwright bin', () => {
  it('is a committed, executable file, so npm ci can link it before anything is built', () => {
    const pkg = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
    expect(pkg.bin).toEqual({ toolwright: './bin/toolwright.js' });
    expect(pkg.files).toContain('bin');
    const tracked = execFileSync('git', ['ls-files', '--stage', 'packages/cli/bin/toolwright.js'], { cwd: ROOT, encoding: 'utf8' });
    expect(tracked).toMatch(/^100755 /);
    expect(statSync(join(CLI, 'bin/toolwright.js')).mode & 0o111).not.toBe(0);
  });

  it('runs the built CLI', () => {
    assertBuilt();
    const run = spawnSync(process.execPath, [join(CLI, 'bin/toolwright.js'), 'version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says how to build when dist/ is missing, exit 70', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-bin-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(join(CLI, 'bin/toolwright.js'), join(dir, 'bin/toolwright.js'));
      const run = spawnSync(process.execPath, [join(dir, 'bin/toolwright.js'), 'list'], { encoding: 'utf8' });
      expect(run.status).toBe(70);
      expect(run.stderr).toBe("toolwright: the CLI is not built yet; run 'npm run build' (or 'npm start') at the repository root first.\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
