import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root. */
export const ROOT = resolve(here, '../..');
/** The built `toolwright` binary (tests run the real thing: `npm run build` first; TOOLWRIGHT_BIN overrides). */
export const BIN = process.env.TOOLWRIGHT_BIN ?? join(ROOT, 'packages/cli/dist/bin.js');
/** The fixtures folder. */
export const FIXTURES = join(here, 'fixtures');
/** `--import` of the sample tools. */
export const SAMPLE = ['--import', join(FIXTURES, 'sample-tools.mjs')];

const require = createRequire(import.meta.url);
/** Entry of a package's bin or main file, resolved like node would. */
export function packageEntry(name: string, file: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), file);
}

/** Fails with a clear message when the CLI was not built. */
export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run 'npm run build' before the CLI tests.`);
}

/** The environment of a CLI run: no colours, no inherited token. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.FORCE_COLOR;
  delete env.TOOLWRIGHT_TOKEN;
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(extra)) env[key] = extra[key];
  return env;
}

/** What a finished run printed and returned. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `toolwright args…` (stdin a pipe, so never a TTY). */
export function startCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): ChildProcessWithoutNullStreams {
  assertBuilt();
  return spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: cliEnv(options.env) });
}

/** Collects a child's output until it exits (killed after `timeoutMs`). */
export function finished(child: ChildProcessWithoutNullStreams, timeoutMs = 20_000): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/** Runs `toolwright args…` to the end, with stdin closed. */
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<CliRun> {
  const child = startCli(args, options);
  child.stdin.end();
  return finished(child, options.timeoutMs);
}

/** Resolves with the first match of `pattern` in the child's stderr. */
export function waitForStderr(child: ChildProcessWithoutNullStreams, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} on stderr; got:\n${seen}`)), timeoutMs);
    const onData = (c: Buffer): void => {
      seen += c.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.stderr.off('data', onData);
        resolvePromise(match);
      }
    };
    child.stderr.on('data', onData);
  });
}

/**
 * A request left in flight while the test does something else (e.g. a call parked for approval).
 * The promise is returned as it is (awaiting it still rejects), but it is marked handled: when the
 * test fails before awaiting it, its later rejection (the MCP client's 60 s request timeout) does
 * not surface as an unhandled rejection in whatever test file the jest worker runs next.
 */
export function inFlight<T>(request: Promise<T>): Promise<T> {
  request.catch(() => undefined);
  return request;
}
