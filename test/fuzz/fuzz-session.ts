import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { ToolCall, ToolCallResult } from '@toolwright/sdk';
import { BUILTIN_TOOL_NAMES, registerBuiltinTools } from '@toolwright/tools';
import { emptyCounters } from './fuzz-counters.js';
import type { FuzzCounters } from './fuzz-counters.js';
import { generateStep } from './fuzz-call-generator.js';
import type { FuzzTarget } from './fuzz-call-generator.js';
import { inspectResult } from './fuzz-inspect.js';
import { killAll, sessionProcesses, waitGone } from './fuzz-processes.js';
import type { SampledSchema } from './schema-sample.js';
import type { MCPToolDefinition, MCPToolExecutor } from '@toolwright/sdk/mcp';

const require = createRequire(import.meta.url);

/** Options of {@link runSession}. */
export interface SessionOptions {
  seed: number;
  /** First step index. */
  from: number;
  /** Runs steps until this many calls ran (a batch step counts each of its calls). */
  calls: number;
  /** Time limit of each call, ms (MCP server and `executeToolCall` alike). */
  timeoutMs: number;
  /** Told the scratch directory once it exists. */
  onScratch?(dir: string): void;
  /** Told each step index before the step runs, with the calls run before it. */
  onStep?(index: number, callsBefore: number): void;
}

/** What a session found. */
export interface SessionResult {
  /** The index of the step after the last one run. */
  next: number;
  counters: FuzzCounters;
  kinds: Record<string, number>;
  codes: Record<string, number>;
  examples: string[];
}

/** Files of a fresh scratch directory (relative path → content). */
const SCRATCH_FILES: ReadonlyMap<string, string> = new Map([
  ['a.txt', 'first line\nsecond line\n'],
  ['b.py', 'def greet():\n    return "hello"\n\nprint(greet())\n'],
  ['sub/c.md', '# Title\n\nSome *markdown* text.\n'],
  ['empty.txt', ''],
  ['ü ñ.txt', 'unicode name\n'],
  ['big.txt', 'line of text\n'.repeat(20_000)],
]);

/** Steps after which the scratch files are rewritten, so that edits cannot grow them without bound. */
const RESET_EVERY = 2_000;
/** Grace on top of a call's time limit before it counts as over the limit. */
const GRACE_MS = 2_000;

function writeScratch(dir: string): void {
  for (const [path, content] of SCRATCH_FILES) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  rmSync(join(dir, 'link.txt'), { force: true });
  symlinkSync(join(dir, 'a.txt'), join(dir, 'link.txt'));
}

/** A short description of a step's calls, for traces. */
function describeCalls(calls: readonly unknown[]): string {
  return calls
    .map((call) => {
      try {
        return JSON.stringify(call, (_key, value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 120)}…(${value.length})` : typeof value === 'bigint' ? String(value) : value))?.slice(0, 400) ?? String(call);
      } catch {
        return '(not JSON)';
      }
    })
    .join(' | ');
}

const rssMb = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
};

/**
 * Runs steps [from, to) of the seeded fuzz against one Agent: the built-in tools, confined to a
 * fresh scratch directory, and server-everything over stdio. Counts what must never happen, then
 * closes the agent and counts processes left behind.
 */
export async function runSession(options: SessionOptions): Promise<SessionResult> {
  const { seed, timeoutMs } = options;
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'tw-fuzz-')));
  options.onScratch?.(scratch);
  writeScratch(scratch);
  const counters = emptyCounters();
  const kinds: Record<string, number> = {};
  const codes: Record<string, number> = {};
  const examples: string[] = [];
  const perCategory = new Map<string, number>();
  /** Keeps the first few examples of each category of finding (the rest are only counted). */
  const note = (index: number, category: string, what: string): void => {
    const seen = perCategory.get(category) ?? 0;
    perCategory.set(category, seen + 1);
    if (seen < 6) examples.push(`step ${index} (seed ${seed}): ${what}`);
  };
  const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const agent = new Agent({
    registry: registerBuiltinTools(new ToolRegistry()),
    tools: BUILTIN_TOOL_NAMES.map((name) => ({ name })),
    mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'], timeoutMs, disabledTools: ['gzip-file-as-resource'] } },
  });
  const state = new ConversationState({ workingDir: scratch });
  await agent.initialize(state);
  const tools = new Map<string, SampledSchema>([...agent.toolsMap].map(([name, tool]) => [name, tool.modelInputSchema() as SampledSchema]));
  const target: FuzzTarget = { tools, scratch, files: new Map([...SCRATCH_FILES].filter(([path]) => path !== 'big.txt')) };
  const serverPid = (): number | undefined => ((agent.toolsMap.get('echo') as unknown as MCPToolDefinition | undefined)?.executor as MCPToolExecutor | undefined)?.client.pid;
  let lastPid = serverPid();
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).length;
  const warmUpEnd = options.from + Math.min(1_000, Math.floor(options.calls / 5));
  let rssWarm = rssMb();
  let index = options.from;
  try {
    for (; counters.calls < options.calls; index++) {
      options.onStep?.(index, counters.calls);
      if (index === warmUpEnd) rssWarm = rssMb();
      if (index > options.from && index % RESET_EVERY === 0) writeScratch(scratch);
      const step = generateStep(seed, index, target);
      kinds[step.kind] = (kinds[step.kind] ?? 0) + 1;
      counters.steps++;
      counters.calls += step.calls.length;
      const started = performance.now();
      let results: unknown[] | undefined;
      try {
        results = step.batch
          ? await agent.executeToolCalls(step.calls as ToolCall[], { timeoutMs })
          : [await agent.executeToolCall(step.calls[0] as ToolCall, { timeoutMs })];
      } catch (error) {
        counters.rejectedExecutes++;
        note(index, 'rejected', `executeToolCall${step.batch ? 's' : ''} rejected: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
      }
      const ms = performance.now() - started;
      if (process.env.FUZZ_TRACE && ms > Number(process.env.FUZZ_TRACE)) {
        process.stderr.write(`[trace] step ${index} ${step.kind} ${Math.round(ms)} ms: ${describeCalls(step.calls)}\n`);
      }
      const limit = timeoutMs * (step.batch ? step.calls.length : 1) + GRACE_MS;
      if (ms > limit) {
        counters.overTimeout++;
        note(index, 'slow', `${step.kind} step took ${Math.round(ms)} ms (limit ${limit} ms)`);
      }
      const pid = serverPid();
      if (pid !== lastPid) {
        counters.serverRestarts++;
        note(index, 'restart', `the MCP server was restarted (pid ${String(lastPid)} → ${String(pid)}) by ${describeCalls(step.calls).slice(0, 300)}`);
        lastPid = pid;
      }
      if (Object.getOwnPropertyNames(Object.prototype).length !== prototypeKeys || 'polluted' in {}) {
        counters.prototypePollution++;
        note(index, 'pollution', `Object.prototype gained ${Object.getOwnPropertyNames(Object.prototype).slice(prototypeKeys).join(', ') || 'polluted'}`);
      }
      if (!results) continue;
      if (results.length !== step.calls.length) {
        counters.malformedResults++;
        note(index, 'count', `${results.length} results for ${step.calls.length} calls`);
      }
      for (const result of results) {
        const found = inspectResult(result as ToolCallResult, step.markers);
        codes[found.code] = (codes[found.code] ?? 0) + 1;
        if (found.malformed) {
          counters.malformedResults++;
          note(index, 'malformed', `malformed result: ${found.malformed}`);
        }
        if (found.unserializable) {
          counters.unserializableResults++;
          note(index, 'serialise', `result not serialisable: ${found.unserializable}`);
        }
        if (found.code === 'INTERNAL' && !step.hostFault) {
          counters.internalErrors++;
          note(index, 'internal', `INTERNAL error: ${JSON.stringify(found.text.slice(0, 400))} — from ${describeCalls(step.calls).slice(0, 300)}`);
        }
        if (found.echoed) {
          counters.echoedValues++;
          note(index, `echo ${found.code}`, `${found.code} text quotes a planted value: …${JSON.stringify(found.echoed.excerpt)}…`);
        }
      }
    }
    counters.rssGrowthMb = Math.max(0, Math.round(rssMb() - rssWarm));
  } finally {
    await agent.close();
    await state.close();
    const left = await waitGone(() => sessionProcesses(process.pid, scratch), 3_000);
    counters.leftoverProcesses += left.length;
    if (left.length > 0) note(index, 'leftover', `processes left after close(): ${left.join(', ')}`);
    killAll(left);
    rmSync(scratch, { recursive: true, force: true });
  }
  return { next: index, counters, kinds, codes, examples };
}
