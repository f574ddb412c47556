/**
 * Telemetry and secret masking benchmarks (issue 28 §3/§4): what the pipeline's telemetry step
 * costs a tool call. CPU time (user + system), the machine being shared.
 *
 * - Disabled (no tracer provider registered with `@opentelemetry/api`, no secret registered):
 *   the step's own cost, `telemetryStep(ctx, next)` against calling `next(ctx)` directly, in
 *   synchronous loops of 2,000,000 calls, 21 rounds alternating which goes first; the median of
 *   per-round differences. Target: ≤ 20 ns per call.
 * - The agent path of one call (`executeToolCall` of the kernel bench's `add` tool), plain and
 *   with one secret registered (the masker checks the outcome and events; nothing in them is
 *   secret), and with tracing on (a `BasicTracerProvider` whose spans go nowhere — what
 *   Toolwright adds — and one exporting through a `SimpleSpanProcessor` into an
 *   `InMemorySpanExporter`, when `@opentelemetry/sdk-trace-base` is installed). Rounds alternate
 *   plain and configured batches; the overheads are medians of per-round differences.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, processSecrets } from '@toolwright/sdk';
import { CallContext, telemetryStep } from '@toolwright/sdk/internal';
import { addArgs, addTool } from './kernel-fixtures.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median } from './measure.js';

const ITERATIONS = 2_000_000;

/** CPU ns (user + system) per call of `fn` over `ITERATIONS` synchronous calls: on a shared machine wall time mostly measures the neighbours. */
function nsPerCall(fn: () => unknown): number {
  const start = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) fn();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1_000) / ITERATIONS;
}

/** The disabled step against the bare `next`, rounds interleaved (order alternating); the median of per-round differences. */
function disabledStepCost(agent: Agent): BenchRow[] {
  const ctx = new CallContext(agent, {}, 'c1', 'add', addArgs);
  let count = 0;
  const next = (): undefined => {
    count++;
    return undefined;
  };
  const direct = (): unknown => next();
  const stepped = (): unknown => telemetryStep(ctx, next);
  for (let i = 0; i < 3; i++) {
    nsPerCall(direct);
    nsPerCall(stepped);
  }
  const base: number[] = [];
  const step: number[] = [];
  for (let r = 0; r < 21; r++) {
    if (r % 2 === 0) {
      base.push(nsPerCall(direct));
      step.push(nsPerCall(stepped));
    } else {
      step.push(nsPerCall(stepped));
      base.push(nsPerCall(direct));
    }
  }
  if (count === 0) throw new Error('the step never called next');
  const added = median(step.map((v, r) => v - base[r]!));
  return [
    { name: 'next(ctx) alone', value: median(base), unit: 'ns/call' },
    { name: 'telemetry step disabled (no tracer provider, no secret): cost per call', value: added, unit: 'ns/call', maxValue: 20, note: 'issue 28 §3; CPU time, median of per-round differences' },
  ];
}

async function agentIn(dir: string): Promise<Agent> {
  const agent = new Agent({ extraTools: [addTool] });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  await agent.startTurn();
  return agent;
}

/** A tracer provider (exporting into memory, or processing nothing), registered; undefined when the OpenTelemetry SDK is not installed. */
async function inMemoryTracing(exporting: boolean): Promise<{ stop: () => Promise<void>; spans: () => number } | undefined> {
  try {
    const api = await import('@opentelemetry/api');
    const sdk = await import('@opentelemetry/sdk-trace-base');
    const exporter = new sdk.InMemorySpanExporter();
    const provider = new sdk.BasicTracerProvider({ spanProcessors: [exporting ? new sdk.SimpleSpanProcessor(exporter) : new sdk.NoopSpanProcessor()] });
    api.trace.setGlobalTracerProvider(provider);
    return {
      spans: () => exporter.getFinishedSpans().length,
      stop: async () => {
        await provider.shutdown();
        api.trace.disable();
      },
    };
  } catch {
    return undefined;
  }
}

/** CPU µs per awaited call of `fn`, `iterations` calls. */
async function usPerCall(fn: () => Promise<unknown>, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

/**
 * Rounds of the plain agent call and of the same call under `setup` (a secret registered, a
 * tracer provider), alternating which goes first; `setup` is undone after each of its batches,
 * outside the timed part. The median of per-round differences.
 */
async function addedBy(call: () => Promise<unknown>, setup: () => Promise<() => Promise<void>>, rounds = 11, iterations = 3_000): Promise<{ base: number; added: number }> {
  const base: number[] = [];
  const under: number[] = [];
  const measureUnder = async (): Promise<void> => {
    const undo = await setup();
    await usPerCall(call, 500);
    under.push(await usPerCall(call, iterations));
    await undo();
  };
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      base.push(await usPerCall(call, iterations));
      await measureUnder();
    } else {
      await measureUnder();
      base.push(await usPerCall(call, iterations));
    }
  }
  return { base: median(base), added: median(under.map((v, r) => v - base[r]!)) };
}

async function agentPath(dir: string): Promise<BenchRow[]> {
  const agent = await agentIn(dir);
  const call = { id: 'c1', name: 'add', arguments: addArgs };
  const run = (): Promise<unknown> => agent.executeToolCall(call);
  await usPerCall(run, 5_000);
  const secret = 'bench-secret-0123456789abcdef';
  const masking = await addedBy(run, async () => {
    processSecrets.add(secret, 'BENCH');
    return async () => processSecrets.delete(secret);
  });
  const rows: BenchRow[] = [
    { name: 'agent call, telemetry off', value: masking.base, note: 'CPU time' },
    { name: 'agent call, one secret registered: added per call', value: masking.added, unit: 'µs', note: 'outcome and events checked by the masker (nothing secret in them)' },
  ];
  for (const exporting of [false, true]) {
    const name = exporting ? 'tracing on, SimpleSpanProcessor into an InMemorySpanExporter' : 'tracing on, spans created and ended, processed by nothing';
    let exported = 0;
    const measured = await addedBy(run, async () => {
      const tracing = await inMemoryTracing(exporting);
      if (!tracing) throw new Error('@opentelemetry/sdk-trace-base is not installed');
      return async () => {
        exported += tracing.spans();
        await tracing.stop();
      };
    }).catch(() => undefined);
    rows.push(
      measured
        ? { name: `agent call, ${name}: added per call`, value: measured.added, unit: 'µs', note: exporting ? `one execute_tool span per call (${exported} exported)` : 'what Toolwright itself adds while tracing' }
        : { name: `agent call, ${name}`, value: Number.NaN, note: '@opentelemetry/sdk-trace-base not installed: not measured' },
    );
  }
  await agent.close();
  return rows;
}

export async function run(): Promise<BenchTable[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-telemetry-'));
  try {
    const agent = await agentIn(dir);
    const disabled = disabledStepCost(agent);
    await agent.close();
    return [{ title: 'Telemetry and secret masking (issue 28 §3/§4)', rows: [...disabled, ...(await agentPath(dir))] }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
