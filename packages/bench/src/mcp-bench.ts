/**
 * MCP benchmark.
 * 1. Call overhead: `agent.executeToolCall` on an MCP tool vs the raw SDK `client.callTool` on the
 *    same server and transport (in-memory, stdio), sequential and 16 calls in flight.
 * 2. Many tools: a stdio server with 1,000 tools of distinct schemas: time until the agent's tools
 *    map is ready vs the raw SDK's connect + listTools, and heap per not-yet-called tool.
 * 3. First call (issue 15): in a fresh process, the CPU time of the first call of a tool with a
 *    schema (in-memory server), the agent vs the raw SDK client, after connect + list on both.
 *
 * Run as a module by `main.ts`; run as a script (`node mcp-bench.js --mcp-bench-server N`) it is
 * the benchmark's MCP server with N tools.
 */
import { execFileSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Agent } from '@toolwright/sdk';
import type { BenchRow, BenchTable } from './measure.js';
import { median } from './measure.js';

// The client side is imported in run(): as a server (see SERVER_FLAG) this file loads only the MCP SDK's server.
const client = async () => ({
  ...(await import('@modelcontextprotocol/sdk/client/index.js')),
  ...(await import('@modelcontextprotocol/sdk/client/stdio.js')),
  ...(await import('@modelcontextprotocol/sdk/inMemory.js')),
  ...(await import('@toolwright/sdk')),
  ...(await import('@toolwright/sdk/mcp')),
});
type Lib = Awaited<ReturnType<typeof client>>;

const SELF = fileURLToPath(import.meta.url);
const SERVER_FLAG = '--mcp-bench-server';
const HEAP_FLAG = '--mcp-bench-heap';
const FIRST_CALL_FLAG = '--mcp-bench-first-call';
const IN_FLIGHT = 16;

/** Tool `i` of the benchmark server: every one has its own schema (names, types, bounds differ). */
function benchTool(i: number): Tool {
  if (i === 0) {
    // Read-only, as echo is: an agent runs calls of tools not marked read-only one at a time (a
    // writer's resources are unknown), which would measure that policy, not the call path.
    return { name: 'echo', description: 'Echo the text back.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, annotations: { readOnlyHint: true } };
  }
  const id = String(i).padStart(4, '0');
  return {
    name: `tool_${id}`,
    description: `Benchmark tool ${id}: looks up records of kind ${id} with paging and filters.`,
    inputSchema: {
      type: 'object',
      properties: {
        [`query_${id}`]: { type: 'string', minLength: 1, maxLength: 100 + i, description: `Search text for kind ${id}` },
        limit: { type: 'integer', minimum: 1, maximum: 10 + (i % 90) },
        mode: { type: 'string', enum: ['fast', 'exact', `mode_${i % 7}`] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 1 + (i % 5) },
        [`flag_${i % 13}`]: { type: 'boolean' },
      },
      required: [`query_${id}`],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: i % 2 === 0 },
  };
}

/** A tool that declares no annotations, so not read-only (the case of most MCP servers' tools). */
const WRITER: Tool = { name: 'write_echo', description: 'Echo the text back (declares no annotations).', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };

function benchServer(count: number, writer = false): Server {
  const tools = Array.from({ length: count }, (_, i) => benchTool(i));
  if (writer) tools.push(WRITER);
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: String((request.params.arguments as { text?: unknown } | undefined)?.text ?? request.params.name) }],
  }));
  return server;
}

const WRITER_FLAG = '--with-writer';
if (process.argv[2] === SERVER_FLAG) await benchServer(Number(process.argv[3] ?? 1), process.argv[4] === WRITER_FLAG).connect(new StdioServerTransport());

const stdioArgs = (count: number, writer = false): string[] => (writer ? [SELF, SERVER_FLAG, String(count), WRITER_FLAG] : [SELF, SERVER_FLAG, String(count)]);

/** Median µs per call of each function, rounds interleaved so that drift and load hit all alike. */
async function compare(fns: (() => Promise<unknown>)[], iterations: number, rounds = 9): Promise<number[]> {
  for (let i = 0; i < Math.min(iterations, 2_000); i++) for (const fn of fns) await fn();
  const samples = fns.map((): number[] => []);
  for (let r = 0; r < rounds; r++) {
    for (const [k, fn] of fns.entries()) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) await fn();
      samples[k]!.push(Number(process.hrtime.bigint() - start) / 1_000 / iterations);
    }
  }
  return samples.map(median);
}

/** A raw SDK client, and an agent whose MCP tool `echo` goes to the same kind of server. */
interface CallPair {
  raw: Client;
  agent: Agent;
  close(): Promise<void>;
}

async function inMemoryPair({ Client, InMemoryTransport, createMcpToolsFromClients, MCPClient, Agent, ConversationState }: Lib): Promise<CallPair> {
  const link = (): Transport => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    void benchServer(1).connect(serverSide);
    return clientSide;
  };
  const raw = new Client({ name: 'raw', version: '1.0.0' });
  await raw.connect(link());
  const toolset = await createMcpToolsFromClients([new MCPClient({ name: 'bench', transport: link })]);
  const agent = new Agent({ extraTools: [...toolset.tools] });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  return { raw, agent, close: async () => void (await Promise.all([raw.close(), agent.close(), toolset.close()])) };
}

async function stdioPair({ Client, StdioClientTransport, Agent, ConversationState }: Lib): Promise<CallPair> {
  const raw = new Client({ name: 'raw', version: '1.0.0' });
  await raw.connect(new StdioClientTransport({ command: process.execPath, args: stdioArgs(1), stderr: 'pipe' }));
  const agent = new Agent({ mcpServers: { bench: { command: process.execPath, args: stdioArgs(1) } } });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  return { raw, agent, close: async () => void (await Promise.all([raw.close(), agent.close()])) };
}

async function callOverhead(label: string, pair: CallPair, iterations: number): Promise<BenchRow[]> {
  let n = 0;
  const tool = pair.agent.toolsMap.get('echo')!;
  const check = (observation: { isError: boolean; text: string }): void => {
    if (observation.isError) throw new Error(observation.text);
  };
  const raw = (): Promise<unknown> => pair.raw.callTool({ name: 'echo', arguments: { text: 'hello' } });
  const layer = async (): Promise<void> => check(await tool.call(tool.actionFromArguments({ text: 'hello' })));
  const agent = async (): Promise<void> => check((await pair.agent.executeToolCall({ id: `c${n++}`, name: 'echo', arguments: '{"text":"hello"}' })).observation);
  const batch = (fn: () => Promise<unknown>) => () => Promise.all(Array.from({ length: IN_FLIGHT }, fn));
  const [rawSeq, layerSeq, agentSeq] = await compare([raw, layer, agent], iterations);
  const [rawPar, layerPar, agentPar] = await compare([batch(raw), batch(layer), batch(agent)], Math.max(1, Math.round(iterations / IN_FLIGHT)));
  const row = (name: string, value: number, baseline: number, target?: number): BenchRow => ({ name, value, baseline, baselineName: 'SDK client.callTool', target });
  return [
    row(`${label}, sequential: agent.executeToolCall`, agentSeq!, rawSeq!, 1.1),
    row(`${label}, sequential: tool.actionFromArguments + call`, layerSeq!, rawSeq!),
    row(`${label}, ${IN_FLIGHT} in flight: agent.executeToolCall`, agentPar! / IN_FLIGHT, rawPar! / IN_FLIGHT, 1.1),
    row(`${label}, ${IN_FLIGHT} in flight: tool.actionFromArguments + call`, layerPar! / IN_FLIGHT, rawPar! / IN_FLIGHT),
  ];
}

/**
 * 16 calls in flight over stdio of a tool that is not read-only: the agent with the server's default
 * `concurrency` ('serial': such calls run one at a time) and with `concurrency: 'parallel'`, against
 * the raw SDK client on the same server.
 */
async function writerInFlight({ Client, StdioClientTransport, Agent, ConversationState }: Lib, iterations: number): Promise<BenchRow[]> {
  const raw = new Client({ name: 'raw', version: '1.0.0' });
  await raw.connect(new StdioClientTransport({ command: process.execPath, args: stdioArgs(1, true), stderr: 'pipe' }));
  const agentWith = async (concurrency: 'serial' | 'parallel'): Promise<Agent> => {
    const agent = new Agent({ mcpServers: { bench: { command: process.execPath, args: stdioArgs(1, true), concurrency } } });
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
    return agent;
  };
  const [serial, parallel] = await Promise.all([agentWith('serial'), agentWith('parallel')]);
  try {
    let n = 0;
    const viaAgent = (agent: Agent) => async (): Promise<void> => {
      const { observation } = await agent.executeToolCall({ id: `w${n++}`, name: 'write_echo', arguments: '{"text":"hello"}' });
      if (observation.isError) throw new Error(observation.text);
    };
    const batch = (fn: () => Promise<unknown>) => () => Promise.all(Array.from({ length: IN_FLIGHT }, fn));
    const [rawPar, serialPar, parallelPar] = await compare(
      [batch(() => raw.callTool({ name: 'write_echo', arguments: { text: 'hello' } })), batch(viaAgent(serial)), batch(viaAgent(parallel))],
      Math.max(1, Math.round(iterations / IN_FLIGHT)),
    );
    const row = (name: string, value: number, target?: number): BenchRow => ({ name, value: value / IN_FLIGHT, baseline: rawPar! / IN_FLIGHT, baselineName: 'SDK client.callTool', target });
    return [
      row(`stdio, ${IN_FLIGHT} in flight, tool not read-only: agent, concurrency 'serial' (default)`, serialPar!),
      row(`stdio, ${IN_FLIGHT} in flight, tool not read-only: agent, concurrency 'parallel'`, parallelPar!, 1.1),
    ];
  } finally {
    await Promise.all([raw.close(), serial.close(), parallel.close()]);
  }
}

/** Forces a full GC (exposing `gc` at runtime when node was started without --expose-gc). */
function collect(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

/**
 * Heap per listed tool, measured in a fresh process (`--mcp-bench-heap raw|agent N`) so that
 * neither side profits from strings the other already interned: the raw SDK client holding its
 * `listTools` result, or the agent holding its tools map (validators not compiled yet).
 */
async function heapPerTool(side: string, count: number): Promise<number> {
  const lib = await client();
  const keep: unknown[] = [];
  collect();
  const before = process.memoryUsage().heapUsed;
  if (side === 'raw') {
    const raw = new lib.Client({ name: 'raw', version: '1.0.0' });
    await raw.connect(new lib.StdioClientTransport({ command: process.execPath, args: stdioArgs(count), stderr: 'pipe' }));
    keep.push(raw, await raw.listTools());
  } else {
    const agent = new lib.Agent({ mcpServers: { bench: { command: process.execPath, args: stdioArgs(count) } } });
    await agent.initialize(new lib.ConversationState({ workingDir: process.cwd() }));
    keep.push(agent);
  }
  collect();
  const perTool = (process.memoryUsage().heapUsed - before) / count;
  for (const held of keep) await (held as { close?: () => Promise<void> }).close?.();
  return perTool;
}

if (process.argv[2] === HEAP_FLAG) {
  process.stdout.write(`${JSON.stringify(await heapPerTool(process.argv[3]!, Number(process.argv[4])))}\n`);
  process.exit(0);
}

/**
 * CPU ms of the first call of `tool_0001` (a schema with bounds, an enum and an array) in this
 * fresh process (`--mcp-bench-first-call raw|agent`), once the client is connected and the tools
 * listed: what a process pays for its first call (the agent checks the arguments; loading and
 * compiling a validator, if it does, counts).
 */
async function firstCall(side: string): Promise<number> {
  const lib = await client();
  const [clientSide, serverSide] = lib.InMemoryTransport.createLinkedPair();
  await benchServer(2).connect(serverSide);
  const args = { query_0001: 'open issues', limit: 5, mode: 'fast', tags: ['a'] };
  let call: () => Promise<unknown>;
  let close: () => Promise<void>;
  if (side === 'raw') {
    const raw = new lib.Client({ name: 'raw', version: '1.0.0' });
    await raw.connect(clientSide);
    await raw.listTools();
    call = () => raw.callTool({ name: 'tool_0001', arguments: args });
    close = () => raw.close();
  } else {
    const toolset = await lib.createMcpToolsFromClients([new lib.MCPClient({ name: 'bench', transport: () => clientSide })]);
    const agent = new lib.Agent({ extraTools: [...toolset.tools] });
    await agent.initialize(new lib.ConversationState({ workingDir: process.cwd() }));
    call = async () => {
      const { observation } = await agent.executeToolCall({ id: 'c1', name: 'tool_0001', arguments: JSON.stringify(args) });
      if (observation.isError) throw new Error(observation.text);
    };
    close = async () => void (await Promise.all([agent.close(), toolset.close()]));
  }
  const start = process.cpuUsage();
  await call();
  const used = process.cpuUsage(start);
  await close();
  return (used.user + used.system) / 1000;
}

if (process.argv[2] === FIRST_CALL_FLAG) {
  process.stdout.write(`${JSON.stringify(await firstCall(process.argv[3]!))}\n`);
  process.exit(0);
}

/**
 * First calls in fresh processes, sides interleaved (the order rotating, so that load drifts hit
 * every side alike): median CPU ms of each. The agent also runs without the bundle's V8 code cache
 * (`TOOLWRIGHT_CODE_CACHE=off`), to show what the cache saves.
 */
function firstCalls(runs = 15): BenchRow[] {
  const sides = ['raw', 'agent', 'agent-no-cache'] as const;
  const times: Record<(typeof sides)[number], number[]> = { raw: [], agent: [], 'agent-no-cache': [] };
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(r + k) % sides.length]!;
      const env = side === 'agent-no-cache' ? { ...process.env, TOOLWRIGHT_CODE_CACHE: 'off' } : process.env;
      const out = execFileSync(process.execPath, [SELF, FIRST_CALL_FLAG, side === 'raw' ? 'raw' : 'agent'], { encoding: 'utf8', env });
      times[side].push(Number(out.trim().split('\n').pop()));
    }
  }
  const raw = median(times.raw);
  return [
    { name: 'first call of an MCP tool in a fresh process: SDK client.callTool', value: raw, unit: 'ms', note: `CPU ms, median of ${runs} processes` },
    { name: 'first call of an MCP tool in a fresh process: agent.executeToolCall', value: median(times.agent), unit: 'ms', baseline: raw, baselineName: 'SDK client.callTool', target: 1.5 },
    { name: 'the same without the code cache (TOOLWRIGHT_CODE_CACHE=off)', value: median(times['agent-no-cache']), unit: 'ms', baseline: raw, baselineName: 'SDK client.callTool', note: 'what the cache saves' },
  ];
}

function measureHeapInChild(side: string, count: number): number {
  const out = execFileSync(process.execPath, [SELF, HEAP_FLAG, side, String(count)], { encoding: 'utf8' });
  return Number(out.trim().split('\n').pop());
}

async function manyTools({ Client, StdioClientTransport, Agent, ConversationState }: Lib, count: number, runs = 7): Promise<BenchRow[]> {
  const rawTimes: number[] = [];
  const oursTimes: number[] = [];
  const raw = async (): Promise<void> => {
    const start = process.hrtime.bigint();
    const sdk = new Client({ name: 'raw', version: '1.0.0' });
    await sdk.connect(new StdioClientTransport({ command: process.execPath, args: stdioArgs(count), stderr: 'pipe' }));
    await sdk.listTools();
    rawTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    await sdk.close();
  };
  const ours = async (): Promise<void> => {
    const start = process.hrtime.bigint();
    const agent = new Agent({ mcpServers: { bench: { command: process.execPath, args: stdioArgs(count) } } });
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
    oursTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (agent.toolsMap.size !== count) throw new Error(`expected ${count} tools, got ${agent.toolsMap.size}`);
    await agent.close();
  };
  await raw();
  await ours();
  rawTimes.length = 0;
  oursTimes.length = 0;
  // Alternate which goes first, and start each from a collected heap, so that neither pays for
  // the other's (or the earlier benchmarks') garbage.
  for (let r = 0; r < runs; r++) {
    for (const fn of r % 2 ? [ours, raw] : [raw, ours]) {
      collect();
      await fn();
    }
  }
  const rawBytes = median([0, 1, 2].map(() => measureHeapInChild('raw', count)));
  const oursBytes = median([0, 1, 2].map(() => measureHeapInChild('agent', count)));
  return [
    { name: `${count} tools over stdio: agent tools map ready`, value: median(oursTimes), unit: 'ms', baseline: median(rawTimes), baselineName: 'SDK connect + listTools', target: 1.2 },
    { name: 'heap per listed tool, agent (all in)', value: oursBytes, unit: 'B', baseline: rawBytes, baselineName: 'SDK client + listTools result', note: 'fresh process each' },
    { name: 'heap per not-yet-called tool, Toolwright part', value: oursBytes - rawBytes, unit: 'B', baseline: 2048, baselineName: '2 KB', target: 1, note: 'agent minus the SDK listing' },
  ];
}

/** The MCP benchmark tables. */
export async function run(): Promise<BenchTable[]> {
  const lib = await client();
  const rows: BenchRow[] = [];
  for (const [label, open, iterations] of [
    ['in-memory', inMemoryPair, 4_000],
    ['stdio', stdioPair, 2_000],
  ] as const) {
    const pair = await open(lib);
    try {
      rows.push(...(await callOverhead(label, pair, iterations)));
    } finally {
      await pair.close();
    }
  }
  rows.push(...(await writerInFlight(lib, 2_000)));
  return [
    { title: 'MCP tool call overhead (Toolwright agent vs raw MCP SDK client, same server and transport)', rows },
    { title: 'MCP server with 1,000 tools (lazy validators)', rows: await manyTools(lib, 1_000) },
    { title: 'MCP first call (issue 15)', rows: firstCalls() },
  ];
}

