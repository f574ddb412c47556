/**
 * CLI benchmarks (issue 5): `tools/call` through `toolwright serve --stdio` against a minimal raw
 * SDK server exposing the same tool, 16 calls in flight (target ≤ 1.15× the raw server's time per
 * call); cold start of `toolwright list` (embedded default toolset) against importing the MCP SDK
 * client in a bare `node`.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { BenchRow, BenchTable } from './measure.js';
import { processCpuMicros } from './process-cpu.js';
import { median } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve('@toolwright/cli/package.json')), 'dist/bin.js');
const ROOT = join(here, '../../..');
const IN_FLIGHT = 16;
const CALLS = 4_000;
const ROUNDS = 9;

interface Connected {
  client: Client;
  pid?: number;
}

async function connect(args: string[]): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd: ROOT, stderr: 'ignore', env: { ...process.env, NO_COLOR: '1' } as Record<string, string> });
  const client = new Client({ name: 'cli-bench', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, pid: transport.pid ?? undefined };
}

/** Wall µs per call with `IN_FLIGHT` calls outstanding at any time, and the server's CPU µs per call. */
async function perCall({ client, pid }: Connected, calls: number): Promise<{ wall: number; cpu?: number }> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) {
      next++;
      const result = await client.callTool({ name: 'echo', arguments: { text: 'hello bench' } });
      if (result.isError) throw new Error(`echo failed: ${JSON.stringify(result.content)}`);
    }
  };
  const cpuBefore = processCpuMicros(pid);
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / calls;
  const cpuAfter = processCpuMicros(pid);
  return { wall, cpu: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / calls : undefined };
}

async function throughput(): Promise<BenchTable> {
  const raw = await connect([join(here, 'cli-bench-raw-server.js')]);
  const served = await connect([BIN, 'serve', '--stdio', '--import', join(here, 'cli-bench-fixtures.js')]);
  try {
    await perCall(raw, 2_000);
    await perCall(served, 2_000);
    const rawWall: number[] = [];
    const servedWall: number[] = [];
    const ratios: number[] = [];
    const rawCpu: number[] = [];
    const servedCpu: number[] = [];
    // Interleaved rounds, so that both servers see the same machine noise; the ratio is taken per round.
    for (let r = 0; r < ROUNDS; r++) {
      const a = await perCall(raw, CALLS);
      const b = await perCall(served, CALLS);
      rawWall.push(a.wall);
      servedWall.push(b.wall);
      ratios.push(b.wall / a.wall);
      if (a.cpu !== undefined && b.cpu !== undefined) {
        rawCpu.push(a.cpu);
        servedCpu.push(b.cpu);
      }
    }
    const rawMedian = median(rawWall);
    const rows: BenchRow[] = [
      { name: 'raw SDK server (McpServer + zod): wall per call', value: rawMedian },
      {
        name: 'toolwright serve --stdio: wall per call',
        value: rawMedian * median(ratios),
        baseline: rawMedian,
        baselineName: 'raw',
        target: 1.15,
        note: `median of per-round ratios; medians ${median(servedWall).toFixed(1)} vs ${rawMedian.toFixed(1)} µs`,
      },
    ];
    if (rawCpu.length > 0) {
      rows.push({ name: 'raw SDK server: server CPU per call', value: median(rawCpu) });
      rows.push({ name: 'toolwright serve --stdio: server CPU per call', value: median(servedCpu), baseline: median(rawCpu), baselineName: 'raw', note: 'from /proc (schedstat)' });
    }
    return { title: `CLI: tools/call over stdio, ${IN_FLIGHT} in flight (${ROUNDS} interleaved rounds × ${CALLS} calls)`, rows };
  } finally {
    await Promise.allSettled([raw.client.close(), served.client.close()]);
  }
}

/** Wall milliseconds of `node args…`, median of `runs`. */
function wall(args: string[], runs = 7): number {
  const samples: number[] = [];
  execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

function coldStart(): BenchTable {
  const bare = wall(['-e', '0']);
  const sdkClient = wall(['-e', "import('@modelcontextprotocol/sdk/client/index.js')"]);
  const list = wall([BIN, 'list']);
  return {
    title: 'CLI: cold start (wall, median of 7)',
    rows: [
      { name: 'node -e 0 (bare node)', value: bare, unit: 'ms' },
      { name: "node -e \"import('@modelcontextprotocol/sdk/client/index.js')\"", value: sdkClient, unit: 'ms' },
      { name: 'toolwright list (embedded default)', value: list, unit: 'ms', baseline: sdkClient, baselineName: 'MCP client import', note: 'reported, no target' },
    ],
  };
}

/** Runs the CLI benchmarks. */
export async function run(): Promise<BenchTable[]> {
  return [await throughput(), coldStart()];
}
