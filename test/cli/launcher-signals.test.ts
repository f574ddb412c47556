import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { assertBuilt, cliEnv, ROOT } from './cli-harness.js';

/** Every descendant pid of `pid` (from /proc), depth first. */
function descendants(pid: number): number[] {
  const path = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(path)) return [];
  const children = readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether `pid` is a live process (a zombie counts as gone). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** `npx toolwright ARGS` as a user runs it: npm exec, a shell, then node running the committed launcher. */
async function serveThroughNpx(args: string[]): Promise<{ npx: ChildProcess; server: number }> {
  assertBuilt();
  const npx = spawn('npx', ['--no-install', 'toolwright', ...args], { cwd: ROOT, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  started.push(npx.pid!);
  let stderr = '';
  npx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await until(() => /serving \d+ tools over MCP/.test(stderr), 30_000, `the server said it serves (stderr: ${stderr})`);
  const server = descendants(npx.pid!).find((pid) => /node .*toolwright.* serve/.test(commandOf(pid)));
  if (server === undefined) throw new Error(`no node server under npx ${npx.pid}: ${descendants(npx.pid!).map(commandOf).join(' | ')}`);
  started.push(server);
  return { npx, server };
}

describe('signals through the launcher (npx toolwright serve)', () => {
  it('stops the server behind npx when the npx job is terminated (--http)', async () => {
    const { npx, server } = await serveThroughNpx(['serve', '--http', '--port', '0']);
    npx.kill('SIGTERM');
    await until(() => !alive(server), 10_000, `server ${server} is gone after npx got SIGTERM`);
    expect(alive(server)).toBe(false);
  }, 60_000);

  it('stops the server behind npx when the npx job is terminated (--stdio, stdin still open)', async () => {
    const { npx, server } = await serveThroughNpx(['serve', '--stdio']);
    npx.kill('SIGTERM');
    await until(() => !alive(server), 10_000, `server ${server} is gone after npx got SIGTERM`);
    expect(alive(server)).toBe(false);
    npx.stdin!.end();
  }, 60_000);

  it('SIGINT to the launcher itself stops serve (the launcher runs the CLI in its own process)', async () => {
    assertBuilt();
    const child = spawn(process.execPath, ['packages/cli/bin/toolwright.js', 'serve', '--http', '--port', '0'], { cwd: ROOT, env: cliEnv() });
    started.push(child.pid!);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await until(() => /serving \d+ tools over MCP/.test(stderr), 30_000, 'the server said it serves');
    expect(descendants(child.pid!).filter((pid) => /toolwright/.test(commandOf(pid)))).toEqual([]);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
    expect(code).toBe(0);
    expect(stderr).toMatch(/SIGINT, closing/);
  }, 60_000);
});
