import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertBuilt, ROOT } from '../cli/cli-harness.js';

const CLI = join(ROOT, 'packages/cli/dist/bundle');
const url = (path: string): string => JSON.stringify(pathToFileURL(path).href);

/**
 * A fresh process (no jest NODE_OPTIONS) that runs `toolwright list` through the CLI's bundle, as
 * dist/bin.js does, and prints its exit code, what it listed and what the CLI bundle's loader
 * compiled from the code cache.
 */
const PROGRAM = [
  `import { PassThrough } from 'node:stream';`,
  `const { main } = await import(${url(join(CLI, 'main.js'))});`,
  `let listed = '';`,
  `const stdout = Object.assign(new PassThrough(), { isTTY: false, columns: 120 });`,
  `stdout.on('data', (chunk) => (listed += chunk));`,
  `const stderr = Object.assign(new PassThrough().resume(), { isTTY: false });`,
  `const code = await main(['list'], { stdin: new PassThrough(), stdout, stderr, env: { ...process.env, NO_COLOR: '1' }, cwd: process.cwd() });`,
  `const cache = (await import(${url(join(CLI, 'loader.js'))})).codeCacheStatus();`,
  `console.log(JSON.stringify({ code, listed, cache }));`,
].join('\n');

describe('the built CLI', () => {
  it('runs from its bundle, compiled from the code cache the build wrote', () => {
    assertBuilt();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.TOOLWRIGHT_CODE_CACHE;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROGRAM], { cwd: ROOT, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the program failed (${run.status}): ${run.stderr}`);
    const { code, listed, cache } = JSON.parse(run.stdout) as { code: number; listed: string; cache: { file: string; cached: boolean }[] };
    expect(code).toBe(0);
    expect(listed).toContain('file_editor');
    expect(cache.map((entry) => entry.file)).toContain('main.code.cjs');
    expect(cache.filter((entry) => !entry.cached)).toEqual([]);
  });

  it('answers --version from its package.json (a chunk sits one directory deeper than dist/version.js)', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'packages/cli/dist/bin.js'), '--version'], { cwd: ROOT, encoding: 'utf8' });
    const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string };
    expect(run.stdout.trim()).toBe(version);
  });
});
