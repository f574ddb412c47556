/**
 * `serve --http` sessions (issue 9 item 3): memory per open MCP session, with one conversation per
 * session (the default) and with `--shared-state`, and a flood of 20,000 bare `initialize`
 * requests against the default cap (RSS before and after, how many were refused with 503).
 * Memory is the server's RSS from /proc (Linux), read after the sessions are open.
 * And throughput (issue 24): `tools/call` per second of `serve --http` against the raw SDK
 * Streamable HTTP server (mcp-serve-bench-raw-http) with 1, 16 and 64 clients, each client its own
 * session calling in a loop, the two servers measured in interleaved rounds.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fetchWithRequestSignals } from '@toolwright/sdk/mcp';
import type { BenchRow, BenchTable } from './measure.js';
import { processCpuMicros } from './process-cpu.js';
import { median } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve('@toolwright/cli/package.json')), 'dist/bin.js');
const ROOT = join(here, '../../..');
const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });

interface Served {
  child: ChildProcess;
  port: number;
}

/** `toolwright serve --http` on a free port with `args`. */
function start(args: string[]): Promise<Served> {
  return startProcess([BIN, 'serve', '--http', '--port', '0', ...args]);
}

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN);
}

function initialize(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

/** Sends `count` initialize requests, `inFlight` at a time; returns the count per HTTP status. */
async function flood(port: number, count: number, inFlight = 8): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const status = await initialize(port);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return statuses;
}

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function perSession(label: string, args: string[], sessions: number): Promise<{ kib: number; ms: number }> {
  const served = await start([...args, '--max-sessions', String(sessions + 1)]);
  try {
    await flood(served.port, 1, 1);
    await settle(500);
    const before = rssKiB(served.child.pid!);
    const started = process.hrtime.bigint();
    const statuses = await flood(served.port, sessions);
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / sessions;
    if (statuses.get(200) !== sessions) throw new Error(`${label}: ${JSON.stringify([...statuses])}`);
    await settle(500);
    return { kib: (rssKiB(served.child.pid!) - before) / sessions, ms };
  } finally {
    served.child.kill('SIGTERM');
  }
}

async function floodRun(count: number): Promise<{ before: number; after: number; ok: number; refused: number }> {
  const served = await start([]);
  try {
    await flood(served.port, 1, 1);
    await settle(500);
    const before = rssKiB(served.child.pid!);
    const statuses = await flood(served.port, count);
    await settle(500);
    return { before, after: rssKiB(served.child.pid!), ok: statuses.get(200) ?? 0, refused: statuses.get(503) ?? 0 };
  } finally {
    served.child.kill('SIGTERM');
  }
}

/** A server process that prints `…:<port>/mcp` on stderr (`serve --http`, or the raw SDK server). */
function startProcess(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (c: Buffer) => {
      seen += c.toString();
      const match = /:(\d+)\/mcp/.exec(seen);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${seen}`)));
  });
}

async function clientsOf(port: number, count: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const client = new Client({ name: `bench-${i}`, version: '1.0.0' });
    // Per-request abort signals: the SDK transport's one long-lived signal collects a fetch listener per request.
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { fetch: fetchWithRequestSignals() }));
    await client.listTools();
    clients.push(client);
  }
  return clients;
}

/** Wall µs per call, and the server's CPU µs per call, while every client makes `perClient` calls in turn (all clients at once). */
async function perCall(server: Served, clients: readonly Client[], perClient: number, call: (client: Client) => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpuBefore = processCpuMicros(server.child.pid) ?? Number.NaN;
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < perClient; i++) await call(client);
    }),
  );
  const calls = clients.length * perClient;
  return { wall: Number(process.hrtime.bigint() - started) / 1e3 / calls, cpu: ((processCpuMicros(server.child.pid) ?? Number.NaN) - cpuBefore) / calls };
}

const ROUNDS = 7;

/** `serve --http` against the raw SDK server, `tools/call` throughput at 1, 16 and 64 clients. */
export async function serveThroughput(): Promise<BenchTable> {
  const tools = join(here, 'mcp-serve-bench-tools.js');
  const served = await start(['--max-sessions', '100', '--import', tools]);
  const raw = await startProcess([join(here, 'mcp-serve-bench-raw-http.js')]);
  const notify = (client: Client): Promise<unknown> => client.callTool({ name: 'notify', arguments: { logs: 0, progress: 0 } });
  const echo = (client: Client): Promise<unknown> => client.callTool({ name: 'echo', arguments: { text: 'ok' } });
  const rows: BenchRow[] = [];
  try {
    for (const count of [1, 16, 64]) {
      const [ours, theirs] = await Promise.all([clientsOf(served.port, count), clientsOf(raw.port, count)]);
      const perClient = Math.max(20, Math.round(1_600 / count));
      // Warm both (JIT, session state) before measuring.
      await perCall(served, ours, 10, notify);
      await perCall(raw, theirs, 10, echo);
      const ratios: number[] = [];
      const walls: number[] = [];
      const rawWalls: number[] = [];
      const cpuRatios: number[] = [];
      const cpus: number[] = [];
      const rawCpus: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so a load change in a round hits both alike.
        const first = round % 2 === 0;
        const a = first ? await perCall(served, ours, perClient, notify) : undefined;
        const b = await perCall(raw, theirs, perClient, echo);
        const c = a ?? (await perCall(served, ours, perClient, notify));
        walls.push(c.wall);
        rawWalls.push(b.wall);
        ratios.push(c.wall / b.wall);
        cpus.push(c.cpu);
        rawCpus.push(b.cpu);
        cpuRatios.push(c.cpu / b.cpu);
      }
      await Promise.allSettled([...ours, ...theirs].map((client) => client.close()));
      const sorted = [...ratios].sort((x, y) => x - y);
      const wall = median(walls);
      const rawWall = median(rawWalls);
      rows.push({
        name: `${count} client${count > 1 ? 's' : ''} (${count > 1 ? 'each its own session, ' : ''}calls in turn): serve --http, wall per call`,
        value: wall,
        baseline: rawWall,
        baselineName: 'raw SDK server',
        ratio: median(ratios),
        ratioRange: [sorted[Math.floor((sorted.length - 1) / 4)]!, sorted[Math.ceil(((sorted.length - 1) * 3) / 4)]!],
        // calls/s >= 0.95x the raw server's  <=>  wall per call <= 1/0.95 of its.
        target: 1.053,
        note: `${Math.round(1e6 / wall)} vs ${Math.round(1e6 / rawWall)} calls/s (medians); median of ${ROUNDS} per-round ratios`,
      });
      if (cpuRatios.every(Number.isFinite)) {
        const sortedCpu = [...cpuRatios].sort((x, y) => x - y);
        rows.push({
          name: `${count} client${count > 1 ? 's' : ''}: serve --http, server CPU per call`,
          value: median(cpus),
          baseline: median(rawCpus),
          baselineName: 'raw SDK server',
          ratio: median(cpuRatios),
          ratioRange: [sortedCpu[Math.floor((sortedCpu.length - 1) / 4)]!, sortedCpu[Math.ceil(((sortedCpu.length - 1) * 3) / 4)]!],
          note: 'each server process\'s threads\' run time (schedstat) over the same rounds; steadier than wall on a shared machine',
        });
      }
    }
  } finally {
    served.child.kill('SIGTERM');
    raw.child.kill('SIGTERM');
  }
  return {
    title: `MCP serve --http vs the raw SDK Streamable HTTP server (McpServer + zod echo, SDK event store): tools/call throughput, ${ROUNDS} interleaved rounds (target: >= 0.95x the raw server's calls/s)`,
    rows,
  };
}

/** Runs the sessions benchmark. */
export async function run(): Promise<BenchTable[]> {
  const calls = await serveThroughput();
  const own = await perSession('per session', [], 99);
  const shared = await perSession('shared', ['--shared-state'], 1000);
  const floodCount = 20_000;
  const f = await floodRun(floodCount);
  return [
    {
      title: 'CLI: serve --http sessions (server RSS from /proc; bare initialize requests, 8 in flight)',
      rows: [
        { name: 'RSS per session, one conversation per session (99 sessions)', value: own.kib, unit: 'KiB', note: `${own.ms.toFixed(1)} ms per initialize` },
        { name: 'RSS per session, --shared-state (1,000 sessions)', value: shared.kib, unit: 'KiB', note: `${shared.ms.toFixed(1)} ms per initialize` },
        { name: `${floodCount.toLocaleString('en')} initialize requests, default cap: RSS before`, value: f.before / 1024, unit: 'MiB' },
        { name: `${floodCount.toLocaleString('en')} initialize requests, default cap: RSS after`, value: f.after / 1024, unit: 'MiB', note: `${f.ok} sessions opened, ${f.refused} refused with 503` },
      ],
    },
    calls,
  ];
}
