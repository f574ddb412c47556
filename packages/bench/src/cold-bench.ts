/**
 * Cold start of `toolwright serve --stdio` to its first `tools/list` answer (issue 24): what an MCP
 * host pays at every start, against a raw MCP SDK server with the same tools, (a) one zod tool
 * (`echo`: the raw `McpServer` of `cli-bench-raw-server.ts` against the same tool as a schema-first
 * `defineTool`, served from a JSON spec of `tools: []` + `--import`) and (b) the default built-in
 * toolset (against the SDK's low-level `Server` answering `tools/list` with the JSON schemas serve
 * listed, dumped at bench time). Each process gets `initialize`, `notifications/initialized` and
 * `tools/list` at once; its CPU time (the time its threads ran, from /proc schedstat) and wall time are read
 * when the answer arrives. Runs alternate subject and baseline, the ratio is taken per pair. The
 * files each opens are counted with strace when it is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, BenchTable } from './measure.js';
import { processCpuMicros } from './process-cpu.js';
import { median, roundRatios } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve('@toolwright/cli/package.json')), 'dist/bin.js');
const ROOT = join(here, '../../..');
const ROUNDS = Number(process.env.COLD_ROUNDS ?? 11);
const MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cold-bench', version: '1.0.0' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join('');

/** One cold start: wall and CPU milliseconds until the `tools/list` answer, and that answer's tools. */
interface ColdSample {
  wallMs: number;
  cpuMs: number;
  tools: unknown[];
}

/** Starts `node args…`, sends the three messages and measures until the `tools/list` answer; then ends its input and waits for it to exit. */
function coldStart(args: readonly string[]): Promise<ColdSample> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    let buffered = '';
    let sample: ColdSample | undefined;
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while (sample === undefined && (newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] }; error?: unknown };
        if (message.id !== 2) continue;
        const cpu = (processCpuMicros(child.pid) ?? Number.NaN) / 1e3;
        sample = { wallMs: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: cpu, tools: message.result?.tools ?? [] };
        if (message.error !== undefined) child.kill('SIGKILL');
        else child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(killer);
      if (sample) resolve(sample);
      else reject(new Error(`node ${args.join(' ')} exited before answering tools/list`));
    });
    child.stdin.write(MESSAGES);
  });
}

/** Distinct files `node args…` opens until its input ends (strace's openat, failures left out); undefined without strace. */
function filesOpened(args: readonly string[]): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'cold-bench-strace-'));
  try {
    const out = join(dir, 'trace');
    const run = spawnSync('strace', ['-f', '-qq', '-e', 'trace=openat', '-o', out, process.execPath, ...args], { cwd: ROOT, input: MESSAGES, stdio: ['pipe', 'ignore', 'ignore'], timeout: 60_000 });
    if (run.error) return undefined;
    const files = new Set<string>();
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      if (line.includes(' = -1 ')) continue;
      const path = /openat\([^,]+, "([^"]+)"/.exec(line)?.[1];
      if (path !== undefined && !/^\/(proc|dev|sys)\//.test(path)) files.add(path);
    }
    return files.size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Alternating cold starts of subject and baseline (a warm-up of each first), and the rows comparing them. */
async function pair(label: string, subject: readonly string[], baseline: readonly string[], baselineName: string): Promise<BenchRow[]> {
  const first = await coldStart(subject);
  const base = await coldStart(baseline);
  const subjectCpu: number[] = [];
  const baselineCpu: number[] = [];
  const subjectWall: number[] = [];
  const baselineWall: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // The order alternates too, so that neither always runs right after the other.
    const [a, b] = r % 2 === 0 ? [await coldStart(subject), await coldStart(baseline)] : (([y, x]) => [x, y])([await coldStart(baseline), await coldStart(subject)]);
    subjectCpu.push(a!.cpuMs);
    baselineCpu.push(b!.cpuMs);
    subjectWall.push(a!.wallMs);
    baselineWall.push(b!.wallMs);
  }
  const cpu = roundRatios(subjectCpu, baselineCpu);
  const wall = roundRatios(subjectWall, baselineWall);
  const [subjectFiles, baselineFiles] = [filesOpened(subject), filesOpened(baseline)];
  const files = subjectFiles === undefined || baselineFiles === undefined ? 'strace not installed: files not counted' : `files opened ${subjectFiles} vs ${baselineFiles}`;
  return [
    { name: `${label}: ${baselineName}, CPU to the tools/list answer`, value: median(baselineCpu), unit: 'ms', note: `${base.tools.length} tools; wall ${median(baselineWall).toFixed(0)} ms` },
    {
      name: `${label}: toolwright serve --stdio, CPU to the tools/list answer`,
      value: median(subjectCpu),
      unit: 'ms',
      baseline: median(baselineCpu),
      baselineName: 'raw',
      target: 1.2,
      ...cpu,
      note: `${first.tools.length} tools; ${files}; wall ${median(subjectWall).toFixed(0)} ms, ${wall.ratio.toFixed(2)}x`,
    },
  ];
}

/** The tools `serve --stdio` lists for the default built-in toolset, for the raw baseline to list. */
async function defaultTools(file: string): Promise<void> {
  const { tools } = await coldStart([BIN, 'serve', '--stdio']);
  writeFileSync(file, JSON.stringify(tools));
}

/** Runs the cold-start benchmarks. */
export async function run(): Promise<BenchTable[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cold-bench-'));
  try {
    const spec = join(dir, 'no-builtins.json');
    writeFileSync(spec, JSON.stringify({ tools: [] }));
    const one = await pair('one zod tool', [BIN, 'serve', '--stdio', '--spec', spec, '--import', join(here, 'cold-echo-tool.js')], [join(here, 'cli-bench-raw-server.js')], 'raw McpServer');
    const listed = join(dir, 'default-tools.json');
    await defaultTools(listed);
    const builtins = await pair('default toolset', [BIN, 'serve', '--stdio'], [join(here, 'cold-raw-list-server.js'), listed], 'raw Server, same schemas');
    return [{ title: `Cold start: spawn to the first tools/list answer (${ROUNDS} alternating pairs, ratio per pair)`, rows: [...one, ...builtins] }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
