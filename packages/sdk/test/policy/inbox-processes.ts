// Runs inbox-child.ts as a separate node process (bundled once per test file with esbuild).
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles the child script into a temporary directory; returns its path. */
export async function bundleInboxChild(): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), 'tw-inbox-child-')), 'inbox-child.mjs');
  await build({ entryPoints: [join(here, 'inbox-child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out, logLevel: 'error' });
  return out;
}

/** Starts the child with `args`. */
export function startChild(script: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [script, ...args], { stdio: 'pipe' });
}

/** Resolves with the child's stdout once it exits (rejects on a non-zero exit, with its stderr). */
export function outputOf(child: ChildProcessWithoutNullStreams): Promise<string> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`child exited ${code}: ${stderr}`))));
  });
}

/** Resolves once the child printed a line matching `pattern`. */
export function lineOf(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => pattern.test(l));
      if (line !== undefined) resolve(line);
    });
  });
}
