/**
 * Tool groups benchmark (issue 14).
 * 1. `invokeTool` overhead: the runtime (lookup, fixed-arg check, argument validation, result
 *    normalisation) against calling the same provider's `invoke` directly, for a web search
 *    against a local HTTP server shaped like Brave's API (the realistic case, target ≤ 1.1×) and
 *    for a key-value memory query (a provider doing almost nothing: the absolute overhead).
 * 2. Cold import of `@toolwright/providers` (no MCP SDK on its root) against `@toolwright/sdk`.
 * 3. Code interpreter cold start: one `print(1)` run end to end (bubblewrap + Python + prelude),
 *    against spawning `python3 -c 'print(1)'` bare; and a run that imports matplotlib.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BraveSearchProvider, CodeInterpreterProvider, KeyValueBank, MemoryProvider, ToolGroupRuntime } from '@toolwright/providers';
import type { InvocationContext, ToolGroupProvider } from '@toolwright/providers';
import type { BenchRow, BenchTable } from './measure.js';
import { median } from './measure.js';

async function braveShapedServer(): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({
    type: 'search',
    query: { original: 'q' },
    web: { type: 'search', results: [1, 2, 3, 4, 5].map((i) => ({ title: `Result <strong>${i}</strong>`, url: `https://example.org/${i}`, description: `Snippet ${i} &amp; more.` })) },
  });
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** µs of wall time and of this process's CPU time (user + system) per call of `fn`, over `iterations` calls. */
async function wallAndCpu(fn: () => Promise<unknown>, iterations: number): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / iterations;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / iterations };
}

/**
 * Times `runtime.invokeTool(name, args)` against `provider.invoke` directly, in `rounds`
 * interleaved rounds (alternating which goes first). Two rows: wall time (median of rounds) and
 * CPU time (the lowest round: on a loaded machine, wall time also counts waiting for a core, and
 * the least-disturbed round is the closest to the code's own cost).
 */
async function overhead(label: string, runtime: ToolGroupRuntime, provider: ToolGroupProvider, toolgroupId: string, name: string, args: Record<string, unknown>, iterations: number, rounds = 6): Promise<BenchRow[]> {
  const def = await runtime.getTool(name);
  const group = runtime.getToolGroup(toolgroupId);
  const ctx: InvocationContext = { group, providerData: {} };
  const viaRuntime = async () => {
    const result = await runtime.invokeTool(name, args);
    if (result.errorCode !== undefined) throw new Error(`${name} failed: ${result.errorMessage}`);
  };
  const direct = async () => {
    await provider.invoke(def, { ...args, ...group.args }, ctx);
  };
  await wallAndCpu(viaRuntime, Math.min(iterations, 5_000));
  await wallAndCpu(direct, Math.min(iterations, 5_000));
  const via: { wall: number; cpu: number }[] = [];
  const base: { wall: number; cpu: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) base.push(await wallAndCpu(direct, iterations));
    via.push(await wallAndCpu(viaRuntime, iterations));
    if (round % 2 === 1) base.push(await wallAndCpu(direct, iterations));
  }
  const wall = median(via.map((s) => s.wall));
  const wallBase = median(base.map((s) => s.wall));
  const cpu = Math.min(...via.map((s) => s.cpu));
  const cpuBase = Math.min(...base.map((s) => s.cpu));
  return [
    { name: `${label}, wall`, value: wall, baseline: wallBase, baselineName: 'provider.invoke', target: 1.1, note: `overhead ${(wall - wallBase).toFixed(2)} µs/call (median of ${rounds} rounds)` },
    { name: `${label}, CPU`, value: cpu, baseline: cpuBase, baselineName: 'provider.invoke', target: 1.1, note: `overhead ${(cpu - cpuBase).toFixed(2)} µs/call (least-disturbed of ${rounds} rounds)` },
  ];
}

/**
 * Where the in-process overhead goes: CPU µs per call (least-disturbed of `rounds`) of the
 * provider alone, the provider plus one promise hop (what any wrapper that turns rejections into
 * results adds), and the argument check alone (ajv, the same compiled validator the runtime uses).
 */
async function overheadFloor(runtime: ToolGroupRuntime, provider: ToolGroupProvider, toolgroupId: string, name: string, args: Record<string, unknown>, iterations: number, rounds = 20): Promise<BenchRow[]> {
  const def = await runtime.getTool(name);
  const group = runtime.getToolGroup(toolgroupId);
  const ctx: InvocationContext = { group, providerData: {} };
  const { SchemaValidatorCache } = await import('@toolwright/sdk/mcp');
  const check = new SchemaValidatorCache().get(def.inputSchema);
  const same = <T>(value: T): T => value;
  const direct = () => Promise.resolve(provider.invoke(def, args, ctx));
  const hop = () => Promise.resolve(provider.invoke(def, args, ctx)).then(same);
  const checked = async () => {
    if (check(args).length > 0) throw new Error('invalid');
  };
  const best = async (fn: () => Promise<unknown>): Promise<number> => {
    await wallAndCpu(fn, Math.min(iterations, 5_000));
    let min = Infinity;
    for (let round = 0; round < rounds; round++) min = Math.min(min, (await wallAndCpu(fn, iterations)).cpu);
    return min;
  };
  const base = await best(direct);
  const withHop = await best(hop);
  const validation = (await best(checked)) - (await best(async () => undefined));
  return [
    { name: `${name}: provider.invoke + one promise hop, CPU`, value: withHop, baseline: base, baselineName: 'provider.invoke', note: 'the floor of any never-throwing wrapper' },
    { name: `${name}: the argument check alone (ajv), CPU`, value: validation, unit: 'µs/call', note: 'what checking against the schema the model saw costs' },
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
    await wallAndCpu(viaAgent, 2_000);
    await wallAndCpu(viaMcp, 2_000);
    const agentCpu: number[] = [];
    const mcpCpu: number[] = [];
    for (let round = 0; round < rounds; round++) {
      agentCpu.push((await wallAndCpu(viaAgent, iterations)).cpu);
      mcpCpu.push((await wallAndCpu(viaMcp, iterations)).cpu);
    }
    return [
      {
        name: 'Agent.executeToolCall memory_query (group tool, direct executor), CPU',
        value: Math.min(...agentCpu),
        baseline: Math.min(...mcpCpu),
        baselineName: 'MCP client → in-memory → group server',
        note: 'least-disturbed of rounds; the agent path includes JSON parsing, validation, events',
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

/** Median wall time of a fresh `node` importing `specifier`, ms. */
function importMs(specifier: string, runs: number): number {
  return timeSpawn(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], runs);
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
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await overhead('invokeTool web_search (Brave-shaped API on 127.0.0.1)', runtime, brave, 'builtin::websearch', 'web_search', { query: 'toolwright' }, 300)));
    rows.push(...(await overhead('invokeTool memory_query (key-value bank, in process)', runtime, memory, 'builtin::memory', 'memory_query', { query: 'user:1' }, 20_000, 20)));
    rows.push(...(await overheadFloor(runtime, memory, 'builtin::memory', 'memory_query', { query: 'user:1' }, 20_000)));
    rows.push(...(await agentPath(runtime, 5_000)));
  } finally {
    await api.close();
  }

  const bareNode = timeSpawn(process.execPath, ['-e', '0'], 5);
  const importRows: BenchRow[] = [
    { name: "import('@toolwright/sdk') in a fresh node", value: importMs('@toolwright/sdk', 5) - bareNode, unit: 'ms', note: 'over bare node' },
    { name: "import('@toolwright/providers') in a fresh node", value: importMs('@toolwright/providers', 5) - bareNode, unit: 'ms', note: 'over bare node; includes the SDK' },
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
    { title: 'Cold import (median of 5 fresh processes)', rows: importRows },
    { title: 'Code interpreter cold start (median of runs, each a fresh sandbox)', rows: coldRows },
  ];
}
