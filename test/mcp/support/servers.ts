import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Entry point of the real `@modelcontextprotocol/server-everything`. */
export const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
/** Entry point of the real `@modelcontextprotocol/server-filesystem`. */
export const FILESYSTEM = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
/** A raw stdio server answering from a script (malformed results, silence, odd tool names). */
export const SCRIPTED_SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/mcp/scripted-server.js');
/** Our misbehaving test server. */
export const FAULT_SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/mcp/fault-server.js');

/** True while a process with this pid exists (a reaped child is gone; a zombie would still answer). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True while a process runs (a zombie counts as ended: reaping a grandchild is init's job, not ours). */
export function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits until `pid` no longer runs, or `ms` passed; returns whether it still runs. */
export async function stillRunningAfter(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return isRunning(pid);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** server-everything over Streamable HTTP on 127.0.0.1. */
export interface HttpServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts server-everything over HTTP on `port` (random when absent) and waits until it listens:
 * Streamable HTTP at `/mcp`, or legacy SSE at `/sse`.
 */
export async function startEverythingHttp(port?: number, mode: 'streamableHttp' | 'sse' = 'streamableHttp'): Promise<HttpServer> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(p), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((ready, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`server-everything did not start: ${seen}`)), 10_000);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      if (/(listening|running) on port \d+/.test(seen)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server-everything exited with ${String(code)}: ${seen}`)));
  });
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  return { url: `http://127.0.0.1:${p}/${mode === 'sse' ? 'sse' : 'mcp'}`, port: p, child, stop };
}
