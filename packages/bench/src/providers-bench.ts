/**
 * Tool groups benchmark (issue 14).
 * 1. `invokeTool` overhead: the runtime (lookup, fixed-arg check, argument validation, result
 *    normalisation) against calling the same provider's `invoke` directly, interleaved in one run,
 *    for a web search against a local HTTP server shaped like Brave's API (the realistic case),
 *    for a key-value memory query (a provider that answers at once, doing almost nothing: the
 *    absolute overhead) and for a vector-bank query (a provider that answers with a promise: the
 *    runtime's settling hop on top). Target ≤ 1.1× for each.
 * 2. Cold import of `@toolwright/providers` (no MCP SDK on its root) against `@toolwright/sdk`.
 * 3. Code interpreter cold start: one `print(1)` run end to end (bubblewrap + Python + prelude),
 *    against spawning `python3 -c 'print(1)'` bare; and a run that imports matplotlib.
 */
import { spawn, spawnSync } from 'node:child_process';
import { BraveSearchProvider, CodeInterpreterProvider, hashingEmbedder, KeyValueBank, MemoryProvider, ToolGroupRuntime, VectorBank } from '@toolwright/providers';
import type { InvocationContext, ToolGroupProvider } from '@toolwright/providers';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundRatios } from './measure.js';

/** The fake API server's program: answers every request with five Brave-shaped results, prints its port. */
const BRAVE_SHAPED_SERVER = `
const { createServer } = require('node:http');
const body = JSON.stringify({
  type: 'search',
  query: { original: 'q' },
  web: { type: 'search', results: [1, 2, 3, 4, 5].map((i) => ({ title: 'Result <strong>' + i + '</strong>', url: 'https://example.org/' + i, description: 'Snippet ' + i + ' &amp; more.' })) },
});
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * A local HTTP server shaped like Brave's API, in a child process: the bench process's CPU time is
 * then the client's alone (the provider's and the runtime's work), not the server's too.
 */
async function braveShapedServer(): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', BRAVE_SHAPED_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fake API server exited (code ${code})`)));
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** One timed batch: µs of wall time and of this process's CPU time (user + system) per call. */
interface Sample {
  wall: number;
  cpu: number;
}

/** Times `iterations` awaited calls of `fn`. */
async function sample(fn: () => Promise<unknown>, iterations: number): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / iterations;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / iterations };
}

/**
 * Runs `fns` in `rounds` interleaved rounds of `batch` calls each (after a warm-up), the order
 * reversed every other round so that neither always runs first. Returns each function's samples,
 * round by round: round r of every function ran back to back, under about the same load.
 */
async function interleaved(fns: readonly (() => Promise<unknown>)[], batch: number, rounds: number): Promise<Sample[][]> {
  for (const fn of fns) await sample(fn, Math.max(batch, 2_000));
  const out = fns.map((): Sample[] => []);
  for (let round = 0; round < rounds; round++) {
    const order = fns.map((_, i) => (round % 2 === 0 ? i : fns.length - 1 - i));
    for (const i of order) out[i]!.push(await sample(fns[i]!, batch));
  }
  return out;
}

/** Median, first and third quartile of round-by-round ratios `subject[r] / base[r]`, as text. */
function pairedRatios(subject: readonly number[], base: readonly number[]): string {
  const { ratio, ratioRange } = roundRatios(subject, base);
  return `round by round ${ratio.toFixed(3)}× (quartiles ${ratioRange[0].toFixed(3)}–${ratioRange[1].toFixed(3)})`;
}

/**
 * Times `runtime.invokeTool(name, args)` against the provider called directly, interleaved. The
 * direct call has the shape a caller of the provider itself would write: the arguments with the
 * group's fixed ones already in (built once, not per call), the context the runtime gives a call
 * without options, and the result read the same way. Rows: wall time and CPU time, medians of the
 * rounds, with the round-by-round CPU ratio and a control (the direct call against itself: the
 * noise of this run).
 */
async function overhead(
  label: string,
  runtime: ToolGroupRuntime,
  provider: ToolGroupProvider,
  toolgroupId: string,
  name: string,
  args: Record<string, unknown>,
  batch: number,
  rounds: number,
): Promise<BenchRow[]> {
  const def = await runtime.getTool(name);
  const group = runtime.getToolGroup(toolgroupId);
  const merged = { ...args, ...group.args };
  const ctx: InvocationContext = Object.freeze({ group, providerData: Object.freeze({}) });
  const viaRuntime = async () => {
    const result = await runtime.invokeTool(name, args);
    if (result.errorCode !== undefined) throw new Error(`${name} failed: ${result.errorMessage}`);
  };
  const direct = async () => {
    const result = await provider.invoke(def, merged, ctx);
    if (result.errorCode !== undefined) throw new Error(`${name} failed: ${result.errorMessage}`);
  };
  // The same direct call again, as a control: how far two identical functions differ in this run.
  const directAgain = async () => {
    const result = await provider.invoke(def, merged, ctx);
    if (result.errorCode !== undefined) throw new Error(`${name} failed: ${result.errorMessage}`);
  };
  const [base, via, control] = await interleaved([direct, viaRuntime, directAgain], batch, rounds);
  const wall = median(via!.map((s) => s.wall));
  const wallBase = median(base!.map((s) => s.wall));
  const cpu = median(via!.map((s) => s.cpu));
  const cpuBase = median(base!.map((s) => s.cpu));
  // Judged on the median of round-by-round ratios: each round's load hits both sides alike.
  const judged = roundRatios(via!.map((s) => s.cpu), base!.map((s) => s.cpu));
  return [
    {
      name: `${label}, wall`,
      value: wall,
      baseline: wallBase,
      baselineName: 'provider.invoke',
      target: 1.1,
      ...roundRatios(via!.map((s) => s.wall), base!.map((s) => s.wall)),
      note: `overhead ${(wall - wallBase).toFixed(2)} µs/call (medians of ${rounds} interleaved rounds of ${batch})`,
    },
    {
      name: `${label}, CPU`,
      value: cpu,
      baseline: cpuBase,
      baselineName: 'provider.invoke',
      target: 1.1,
      ...judged,
      note: `overhead ${(cpu - cpuBase).toFixed(2)} µs/call (medians); control, provider.invoke against itself: ${pairedRatios(control!.map((s) => s.cpu), base!.map((s) => s.cpu))}`,
    },
  ];
}

/**
 * Where the in-process overhead goes, CPU µs per call in one interleaved run: the provider alone,
 * the provider behind the runtime's argument check (the same `SchemaValidatorCache` check the
 * runtime compiles: what any `invokeTool` that checks against the schema the model saw pays), and
 * `invokeTool`.
 */
async function overheadFloor(
  runtime: ToolGroupRuntime,
  provider: ToolGroupProvider,
  toolgroupId: string,
  name: string,
  args: Record<string, unknown>,
  batch: number,
  rounds: number,
): Promise<BenchRow[]> {
  const def = await runtime.getTool(name);
  const group = runtime.getToolGroup(toolgroupId);
  const ctx: InvocationContext = Object.freeze({ group, providerData: Object.freeze({}) });
  const { SchemaValidatorCache } = await import('@toolwright/sdk/mcp');
  const check = new SchemaValidatorCache().get(def.inputSchema);
  const direct = async () => {
    const result = await provider.invoke(def, args, ctx);
    if (result.errorCode !== undefined) throw new Error(`${name} failed`);
  };
  const checked = async () => {
    if (check(args).length > 0) throw new Error('invalid');
    const result = await provider.invoke(def, args, ctx);
    if (result.errorCode !== undefined) throw new Error(`${name} failed`);
  };
  const viaRuntime = async () => {
    const result = await runtime.invokeTool(name, args);
    if (result.errorCode !== undefined) throw new Error(`${name} failed`);
  };
  const [base, withCheck, via] = (await interleaved([direct, checked, viaRuntime], batch, rounds)).map((samples) => samples.map((s) => s.cpu));
  return [
    {
      name: `${name}: provider.invoke behind the argument check, CPU`,
      value: median(withCheck!),
      baseline: median(base!),
      baselineName: 'provider.invoke',
      ...roundRatios(withCheck!, base!),
      note: `the floor of a checked call; invokeTool in the same rounds: ${pairedRatios(via!, base!)}`,
    },
  ];
}

/**
 * A group tool called by an Agent (`agent.executeToolCall`: parse, validate, pipeline, Observation)
 * through `createToolGroupToolset`, whose executor calls `invokeTool` directly, against the same
 * call made through an MCP client over the in-memory transport to `createToolGroupsMcpServer` (the
 * path group tools took before: a JSON-RPC round trip and the toolgroups resolved per call).
 */
async function agentPath(runtime: ToolGroupRuntime, iterations: number, rounds = 6): Promise<BenchRow[]> {
  const [{ Agent, ConversationState }, { createToolGroupToolset, createToolGroupsMcpServer }, { Client }, { InMemoryTransport }] = await Promise.all([
    import('@toolwright/sdk'),
    import('@toolwright/providers'),
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/inMemory.js'),
  ]);
  const toolset = await createToolGroupToolset(runtime, { toolgroups: ['builtin::memory'] });
  const agent = new Agent({ extraTools: [...toolset.tools] });
  const state = new ConversationState({ workingDir: process.cwd() });
  await agent.initialize(state);
  const server = await createToolGroupsMcpServer(runtime, { toolgroups: ['builtin::memory'] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    let n = 0;
    const viaAgent = async () => {
      const { observation } = await agent.executeToolCall({ id: `c${++n}`, name: 'memory_query', arguments: '{"query":"user:1"}' });
      if (observation.isError) throw new Error(observation.text);
    };
    const viaMcp = async () => {
      const result = await client.callTool({ name: 'memory_query', arguments: { query: 'user:1' } });
      if (result.isError) throw new Error('memory_query failed over MCP');
    };
    const [agentCpu, mcpCpu] = (await interleaved([viaAgent, viaMcp], iterations, rounds)).map((samples) => samples.map((s) => s.cpu));
    return [
      {
        name: 'Agent.executeToolCall memory_query (group tool, direct executor), CPU',
        value: median(agentCpu!),
        baseline: median(mcpCpu!),
        baselineName: 'MCP client → in-memory → group server',
        note: 'medians of interleaved rounds; the agent path includes JSON parsing, validation, events',
      },
    ];
  } finally {
    await client.close();
    await agent.close();
    await toolset.close();
    await state.close();
  }
}

function timeSpawn(command: string, args: string[], runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    spawnSync(command, args, { stdio: 'ignore' });
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * What importing `specifier` adds to a fresh `node`, ms: the median over `runs` of a fresh node
 * importing it minus a bare fresh node run just before it (pairs back to back, so that load
 * changes during the run cancel out).
 */
function importOverBareMs(specifier: string, runs: number): number {
  const extra: number[] = [];
  for (let i = 0; i < runs; i++) {
    const bare = timeSpawn(process.execPath, ['-e', '0'], 1);
    extra.push(timeSpawn(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], 1) - bare);
  }
  return median(extra);
}

/** Runs the providers benchmarks. */
export async function run(): Promise<BenchTable[]> {
  const api = await braveShapedServer();
  const brave = new BraveSearchProvider({ apiKey: 'bench-key', baseUrl: api.url });
  const memory = new MemoryProvider({ banks: [new KeyValueBank('kv')] });
  const runtime = new ToolGroupRuntime({ providers: [brave, memory] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::websearch', providerId: 'brave-search', args: { max_results: 5 } });
  runtime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory' });
  await runtime.invokeTool('memory_insert', { bank_id: 'kv', documents: [{ document_id: 'user:1', content: 'dark theme' }] });
  // A memory provider whose one bank answers with a promise (it awaits its embedder).
  const vectorMemory = new MemoryProvider({ banks: [new VectorBank('vectors', hashingEmbedder(64))] });
  const vectorRuntime = new ToolGroupRuntime({ providers: [vectorMemory] });
  vectorRuntime.registerToolGroup({ toolgroupId: 'builtin::memory', providerId: 'memory' });
  await vectorRuntime.invokeTool('memory_insert', { bank_id: 'vectors', documents: [{ document_id: 'prefs', content: 'The user prefers a dark theme.' }] });
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await overhead('invokeTool web_search (Brave-shaped API on 127.0.0.1)', runtime, brave, 'builtin::websearch', 'web_search', { query: 'toolwright' }, 10, 80)));
    rows.push(...(await overhead('invokeTool memory_query (key-value bank, in process)', runtime, memory, 'builtin::memory', 'memory_query', { query: 'user:1' }, 500, 200)));
    rows.push(...(await overhead('invokeTool memory_query (vector bank: answers with a promise)', vectorRuntime, vectorMemory, 'builtin::memory', 'memory_query', { query: 'dark theme' }, 500, 100)));
    rows.push(...(await overheadFloor(runtime, memory, 'builtin::memory', 'memory_query', { query: 'user:1' }, 500, 150)));
    rows.push(...(await agentPath(runtime, 2_000, 10)));
  } finally {
    await api.close();
  }

  const importRows: BenchRow[] = [
    { name: "import('@toolwright/sdk') in a fresh node", value: importOverBareMs('@toolwright/sdk', 7), unit: 'ms', note: 'over a bare node run just before' },
    { name: "import('@toolwright/providers') in a fresh node", value: importOverBareMs('@toolwright/providers', 7), unit: 'ms', note: 'over a bare node run just before; includes the SDK' },
  ];

  const coldRows: BenchRow[] = [];
  const bare = timeSpawn('/usr/bin/python3', ['-c', 'print(1)'], 10);
  const interpreter = new CodeInterpreterProvider();
  const sandboxed = new ToolGroupRuntime({ providers: [interpreter] });
  sandboxed.registerToolGroup({ toolgroupId: 'builtin::code_interpreter', providerId: 'code-interpreter' });
  const runMs = async (code: string, runs: number): Promise<number> => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const result = await sandboxed.invokeTool('code_interpreter', { code });
      if (result.errorCode !== undefined) throw new Error(`code_interpreter failed: ${result.errorMessage}`);
      samples.push(performance.now() - start);
    }
    return median(samples);
  };
  await runMs('print(1)', 1);
  coldRows.push({ name: "code_interpreter print(1): bwrap sandbox + python3 + prelude", value: await runMs('print(1)', 10), unit: 'ms/run', baseline: bare, baselineName: "bare python3 -c 'print(1)'" });
  await runMs('import matplotlib.pyplot', 1);
  coldRows.push({ name: 'code_interpreter with a matplotlib figure (font cache warm)', value: await runMs('import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])', 5), unit: 'ms/run' });
  return [
    { title: 'Tool groups: invokeTool vs the provider called directly', rows },
    { title: 'Cold import (median of 7 fresh processes)', rows: importRows },
    { title: 'Code interpreter cold start (median of runs, each a fresh sandbox)', rows: coldRows },
  ];
}
