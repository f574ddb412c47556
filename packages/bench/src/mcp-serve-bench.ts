/**
 * MCP serving (issue 13 §4), two tables, 16 calls in flight, interleaved rounds:
 * - notification overhead: `toolwright serve --stdio` and `--http` answering a tool that sends N log messages
 *   (`ctx.log`) or N progress reports, against the same tool sending none; every notification is
 *   counted at the client (a lost one fails the run);
 * - proxy overhead: the SDK client calling an upstream MCP server (the raw SDK `echo` server of the
 *   CLI bench) directly, against calling it through `toolwright serve --stdio` proxying that
 *   server (target ≤ 1.15×), with two reference proxies between them: a process that only copies
 *   bytes (the cost of the extra hop alone) and the smallest SDK-only proxy. Server CPU per call
 *   (every process on the path, from /proc on Linux) says where the time goes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { fetchWithRequestSignals } from '@toolwright/sdk/mcp';
import type { BenchRow, BenchTable } from './measure.js';
import { processCpuMicros } from './process-cpu.js';
import { median } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve('@toolwright/cli/package.json')), 'dist/bin.js');
const ROOT = join(here, '../../..');
const IN_FLIGHT = 16;
const ROUNDS = 7;
/** Notifications per call in the notification table. */
const N = 10;

interface Connected {
  client: Client;
  /** The server's process, and for a proxy the upstream's too. */
  pids: number[];
  logs: number;
  /** The end of the server's stderr, for an error report. */
  stderr: string;
  close(): Promise<void>;
}

/** Keeps the last 2 KiB of a server's stderr on `connected.stderr`. */
function keepStderr(stream: { on(event: 'data', listener: (chunk: Buffer) => void): unknown } | null, connected: Connected): void {
  stream?.on('data', (c: Buffer) => void (connected.stderr = (connected.stderr + c.toString()).slice(-2048)));
}

async function connect(args: string[]): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd: ROOT, stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } as Record<string, string> });
  const client = new Client({ name: 'mcp-serve-bench', version: '1.0.0' });
  const connected: Connected = { client, pids: [], logs: 0, stderr: '', close: () => client.close() };
  keepStderr(transport.stderr, connected);
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => void (connected.logs += 1));
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid;
  if (pid !== null) connected.pids.push(pid, ...childrenOf(pid));
  return connected;
}

/** A server process that prints `at http://…/mcp` on stderr (`toolwright serve --http --port 0 …`), and an SDK client over Streamable HTTP. */
async function connectHttp(args: string[]): Promise<Connected> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (c: Buffer) => {
      seen += c.toString();
      const match = /at (http:\/\/\S+\/mcp)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${seen}`)));
  });
  const client = new Client({ name: 'mcp-serve-bench', version: '1.0.0' });
  const connected: Connected = {
    client,
    pids: [child.pid!],
    logs: 0,
    stderr: '',
    close: async () => {
      await client.close();
      child.kill('SIGTERM');
    },
  };
  keepStderr(child.stderr, connected);
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => void (connected.logs += 1));
  // Per-request abort signals: the SDK transport's one long-lived signal collects a fetch listener per request.
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: fetchWithRequestSignals() }));
  await client.listTools();
  return connected;
}

/** Child process ids of `pid` (Linux /proc; none elsewhere). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter((s) => s !== '')
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU µs the processes have used so far (see {@link processCpuMicros}); undefined when one cannot be read. */
function cpuMicros(pids: readonly number[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const micros = processCpuMicros(pid);
    if (micros === undefined) return undefined;
    sum += micros;
  }
  return sum;
}

type OneCall = (client: Client) => Promise<void>;

/** Wall µs per call with {@link IN_FLIGHT} calls outstanding, and the servers' CPU µs per call. */
async function perCall(connected: Connected, calls: number, call: OneCall): Promise<{ wall: number; cpu?: number }> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) {
      next++;
      await call(connected.client).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; the server's stderr ends: ${connected.stderr.trim() || '(nothing)'}`);
      });
    }
  };
  const cpuBefore = cpuMicros(connected.pids);
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / calls;
  const cpuAfter = cpuMicros(connected.pids);
  return { wall, cpu: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / calls : undefined };
}

interface Variant {
  name: string;
  target: Connected;
  call: OneCall;
}

/** Interleaved rounds of every variant; each variant's median wall and CPU, and its median per-round ratio to the first. */
async function compare(variants: Variant[], calls: number): Promise<{ wall: number; ratio: number; cpu?: number }[]> {
  for (const v of variants) await perCall(v.target, Math.min(calls, 1_000), v.call);
  const walls = variants.map((): number[] => []);
  const ratios = variants.map((): number[] => []);
  const cpus = variants.map((): number[] => []);
  for (let r = 0; r < ROUNDS; r++) {
    const round: { wall: number; cpu?: number }[] = [];
    for (const v of variants) round.push(await perCall(v.target, calls, v.call));
    round.forEach((m, i) => {
      walls[i]!.push(m.wall);
      ratios[i]!.push(m.wall / round[0]!.wall);
      if (m.cpu !== undefined) cpus[i]!.push(m.cpu);
    });
  }
  return variants.map((_, i) => ({ wall: median(walls[i]!), ratio: median(ratios[i]!), cpu: cpus[i]!.length > 0 ? median(cpus[i]!) : undefined }));
}

function expectText(result: Awaited<ReturnType<Client['callTool']>>, text: string): void {
  const content = result.content as { type: string; text?: string }[];
  if (result.isError || content.length !== 1 || content[0]!.text !== text) throw new Error(`unexpected result: ${JSON.stringify(result)}`);
}

async function notifications(over: 'stdio' | 'http'): Promise<BenchTable> {
  const tools = ['--import', join(here, 'mcp-serve-bench-tools.js')];
  const served = over === 'stdio' ? await connect([BIN, 'serve', '--stdio', ...tools]) : await connectHttp([BIN, 'serve', '--http', '--port', '0', ...tools]);
  // The SDK alone serving a tool the same way, for the cost of the transport itself.
  const raw = over === 'stdio' ? await connect([join(here, 'cli-bench-raw-server.js')]) : await connectHttp([join(here, 'mcp-serve-bench-raw-http.js')]);
  const echo: OneCall = async (client) => expectText(await client.callTool({ name: 'echo', arguments: { text: 'ok' } }), 'ok');
  const calls = over === 'stdio' ? 2_000 : 1_000;
  // Progress the SDK client dropped: it handles a notification a microtask after a response read
  // in the same chunk, and by then the call's progress handler is gone (counted, not hidden).
  const dropped = new Map<number, number>();
  const notify =
    (logs: number, progress: number): OneCall =>
    async (client) => {
      let seen = 0;
      const options = progress > 0 ? { onprogress: () => void (seen += 1) } : undefined;
      expectText(await client.callTool({ name: 'notify', arguments: { logs, progress } }, undefined, options), 'ok');
      if (seen !== progress) dropped.set(progress, (dropped.get(progress) ?? 0) + progress - seen);
    };
  try {
    const logsBefore = served.logs;
    const variants: Variant[] = [
      { name: 'no notification', target: served, call: notify(0, 0) },
      { name: `${N} log messages (ctx.log)`, target: served, call: notify(N, 0) },
      { name: '1 progress report', target: served, call: notify(0, 1) },
      { name: `${N} progress reports`, target: served, call: notify(0, N) },
      { name: 'the SDK alone (McpServer + zod, same transport), echo', target: raw, call: echo },
    ];
    const results = await compare(variants, calls);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logCalls = ROUNDS * calls + Math.min(calls, 1_000);
    if (served.logs - logsBefore !== logCalls * N) throw new Error(`${logCalls * N} log messages sent, ${served.logs - logsBefore} received`);
    const base = results[0]!;
    const rows: BenchRow[] = results.map((m, i) => {
      const last = i === variants.length - 1;
      const row: BenchRow = { name: last ? `${variants[i]!.name}: wall per call` : `serve --${over}, ${variants[i]!.name}: wall per call`, value: base.wall * m.ratio };
      if (last) row.note = 'reference for the transport';
      else if (i > 0) {
        row.baseline = base.wall;
        row.baselineName = 'none';
        const count = i === 2 ? 1 : N;
        const cpu = m.cpu !== undefined && base.cpu !== undefined ? `; server CPU +${((m.cpu - base.cpu) / count).toFixed(1)} µs per notification` : '';
        const lost = i >= 2 ? `; ${dropped.get(count) ?? 0} of ${(ROUNDS * calls + Math.min(calls, 1_000)) * count} dropped by the SDK client` : '';
        row.note = `+${((base.wall * m.ratio - base.wall) / count).toFixed(1)} µs wall per notification${cpu}${lost}`;
      }
      return row;
    });
    for (const [i, m] of results.entries()) {
      const last = i === variants.length - 1;
      if (m.cpu !== undefined) rows.push({ name: `${last ? '' : `serve --${over}, `}${variants[i]!.name}: server CPU per call`, value: m.cpu, note: 'from /proc (schedstat)' });
    }
    const how = over === 'http' ? 'Streamable HTTP, SSE, each event kept in the session event store' : 'stdio';
    return { title: `MCP serve: notification overhead per call over ${how} (${IN_FLIGHT} in flight, ${ROUNDS} interleaved rounds × ${calls} calls; all log messages counted at the client)`, rows };
  } finally {
    await Promise.allSettled([served.close(), raw.close()]);
  }
}

async function proxy(): Promise<BenchTable> {
  const upstream = join(here, 'cli-bench-raw-server.js');
  const spec = join(mkdtempSync(join(tmpdir(), 'tw-bench-')), 'proxy-spec.json');
  writeFileSync(spec, JSON.stringify({ tools: [], mcpServers: { up: { command: process.execPath, args: [upstream] } } }));
  const direct = await connect([upstream]);
  const pipe = await connect([join(here, 'mcp-serve-bench-pipe-proxy.js'), upstream]);
  const raw = await connect([join(here, 'mcp-serve-bench-raw-proxy.js'), upstream]);
  const proxied = await connect([BIN, 'serve', '--stdio', '--spec', spec]);
  const calls = 4_000;
  const echo: OneCall = async (client) => expectText(await client.callTool({ name: 'echo', arguments: { text: 'hello bench' } }), 'hello bench');
  try {
    const [d, b, r, p] = await compare(
      [
        { name: 'direct', target: direct, call: echo },
        { name: 'byte pipe', target: pipe, call: echo },
        { name: 'raw SDK proxy', target: raw, call: echo },
        { name: 'toolwright', target: proxied, call: echo },
      ],
      calls,
    );
    const cpu = (m: { cpu?: number }): string => (m.cpu === undefined ? '' : `; servers' CPU ${m.cpu.toFixed(0)} µs/call (/proc schedstat)`);
    const rows: BenchRow[] = [
      { name: 'SDK client → upstream (raw SDK echo server), direct: wall per call', value: d!.wall, note: cpu(d!).slice(2) },
      { name: '… through a byte pipe (a process copying bytes both ways): the hop alone', value: d!.wall * b!.ratio, baseline: d!.wall, baselineName: 'direct', note: cpu(b!).slice(2) },
      { name: '… through a raw SDK proxy (Server forwarding to Client, no checks)', value: d!.wall * r!.ratio, baseline: d!.wall, baselineName: 'direct', note: cpu(r!).slice(2) },
      {
        name: '… through toolwright serve --stdio (spec mcpServers: the upstream)',
        value: d!.wall * p!.ratio,
        baseline: d!.wall,
        baselineName: 'direct',
        target: 1.15,
        note: `median of per-round ratios${cpu(p!)}`,
      },
      { name: 'toolwright serve vs the raw SDK proxy: wall per call', value: d!.wall * p!.ratio, baseline: d!.wall * r!.ratio, baselineName: 'raw SDK proxy', note: 'same rounds' },
    ];
    return { title: `MCP serve: proxy overhead per call (${IN_FLIGHT} in flight, ${ROUNDS} interleaved rounds × ${calls} calls, stdio both hops)`, rows };
  } finally {
    await Promise.allSettled([direct.close(), pipe.close(), raw.close(), proxied.close()]);
  }
}

/**
 * Issue 24: MCP tools that declare nothing (most servers' tools) run one at a time under the default
 * `concurrency: 'serial'`; with `'parallel'` declared for their server, 16 in flight through `serve`
 * should cost what the read-only tool's calls do (target ≤ 1.1×), both against the SDK client
 * calling the upstream directly.
 */
async function concurrencyThroughServe(): Promise<BenchTable> {
  const upstream = join(here, 'cli-bench-raw-server.js');
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const specOf = (concurrency: string): string => {
    const file = join(dir, `${concurrency}.json`);
    // serve's default policy asks before a tool that may write: allowed here, as a user would.
    writeFileSync(file, JSON.stringify({ tools: [], mcpServers: { up: { command: process.execPath, args: [upstream, '--writer'], concurrency } }, permissions: { allow: ['save'] } }));
    return file;
  };
  const direct = await connect([upstream, '--writer']);
  const serial = await connect([BIN, 'serve', '--stdio', '--spec', specOf('serial')]);
  const parallel = await connect([BIN, 'serve', '--stdio', '--spec', specOf('parallel')]);
  const calls = 2_000;
  const call =
    (name: string): OneCall =>
    async (client) =>
      expectText(await client.callTool({ name, arguments: { text: 'hello bench' } }), 'hello bench');
  try {
    const [d, readOnly, s, p] = await compare(
      [
        { name: 'direct', target: direct, call: call('save') },
        { name: 'read-only', target: parallel, call: call('echo') },
        { name: 'serial', target: serial, call: call('save') },
        { name: 'parallel', target: parallel, call: call('save') },
      ],
      calls,
    );
    const wall = (m: { ratio: number }): number => d!.wall * m.ratio;
    return {
      title: `MCP serve: a tool that declares nothing (no readOnlyHint), ${IN_FLIGHT} in flight through serve --stdio (${ROUNDS} interleaved rounds × ${calls} calls)`,
      rows: [
        { name: 'SDK client → upstream, direct: wall per call', value: d!.wall },
        { name: 'through serve: the read-only echo', value: wall(readOnly!), baseline: d!.wall, baselineName: 'direct' },
        { name: "through serve: the tool that declares nothing, concurrency 'serial' (default)", value: wall(s!), baseline: wall(readOnly!), baselineName: 'read-only echo', note: 'one call at a time by design' },
        { name: "through serve: the same tool, concurrency 'parallel'", value: wall(p!), baseline: wall(readOnly!), baselineName: 'read-only echo', target: 1.1 },
      ],
    };
  } finally {
    await Promise.allSettled([direct.close(), serial.close(), parallel.close()]);
  }
}

const TABLES: Record<string, () => Promise<BenchTable>> = {
  'notifications-stdio': () => notifications('stdio'),
  'notifications-http': () => notifications('http'),
  proxy,
  concurrency: concurrencyThroughServe,
};

/** Runs the MCP serving benchmarks (`MCP_SERVE_TABLES=proxy,concurrency` runs only those). */
export async function run(): Promise<BenchTable[]> {
  const only = process.env.MCP_SERVE_TABLES?.split(',').filter((name) => name !== '');
  const tables: BenchTable[] = [];
  for (const [name, table] of Object.entries(TABLES)) if (!only || only.includes(name)) tables.push(await table());
  return tables;
}
