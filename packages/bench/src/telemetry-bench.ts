/**
 * Telemetry and secret masking benchmarks (issue 28 §3/§4): what the pipeline's telemetry step
 * costs a tool call.
 *
 * - Disabled (no tracer provider registered with `@opentelemetry/api`, no secret registered):
 *   the step's own cost, `telemetryStep(ctx, next)` against calling `next(ctx)` directly, in a
 *   synchronous loop of 2,000,000 calls, median of 15 rounds, interleaved; wall ns per call.
 *   Target: ≤ 20 ns per call.
 * - The agent path of one call (`executeToolCall` of the kernel bench's `add` tool): with
 *   telemetry off, with one secret registered (the outcome and events pass the masker; nothing
 *   in them is secret), and with tracing on (a `BasicTracerProvider` with a
 *   `SimpleSpanProcessor` into an `InMemorySpanExporter`, when `@opentelemetry/sdk-trace-base` is
 *   installed). CPU time per call, interleaved rounds; the overheads are medians of per-round
 *   differences.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState, processSecrets } from '@toolwright/sdk';
import { CallContext, telemetryStep } from '@toolwright/sdk/internal';
import { addArgs, addTool } from './kernel-fixtures.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundSamples } from './measure.js';

const ITERATIONS = 2_000_000;

/** Wall ns per call of `fn` over `ITERATIONS` synchronous calls. */
function nsPerCall(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) fn();
  return Number(process.hrtime.bigint() - start) / ITERATIONS;
}

/** The disabled step against the bare `next`, rounds interleaved; the median of per-round differences. */
async function disabledStepCost(agent: Agent): Promise<BenchRow[]> {
  const ctx = new CallContext(agent, {}, { id: 'c1', name: 'add', arguments: addArgs });
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
  for (let r = 0; r < 15; r++) {
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
    { name: 'telemetry step disabled (no tracer provider, no secret): cost per call', value: added, unit: 'ns/call', maxValue: 20, note: 'issue 28 §3; median of per-round differences' },
  ];
}

async function agentIn(dir: string): Promise<Agent> {
  const agent = new Agent({ extraTools: [addTool] });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  await agent.startTurn();
  return agent;
}

/** A tracer provider with an in-memory exporter, when the OpenTelemetry SDK is installed. */
async function inMemoryTracing(): Promise<{ stop: () => Promise<void>; spans: () => number } | undefined> {
  try {
    const api = await import('@opentelemetry/api');
    const sdk = await import('@opentelemetry/sdk-trace-base');
    const exporter = new sdk.InMemorySpanExporter();
    const provider = new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
    api.trace.setGlobalTracerProvider(provider);
    return {
      spans: () => {
        const n = exporter.getFinishedSpans().length;
        exporter.reset();
        return n;
      },
      stop: async () => {
        await provider.shutdown();
        api.trace.disable();
      },
    };
  } catch {
    return undefined;
  }
}

async function agentPath(dir: string): Promise<BenchRow[]> {
  const agent = await agentIn(dir);
  const call = { id: 'c1', name: 'add', arguments: addArgs };
  const off = { fn: () => agent.executeToolCall(call), sync: false };
  const secret = 'bench-secret-0123456789abcdef';
  const masked = {
    fn: () => {
      processSecrets.add(secret, 'BENCH');
      const done = agent.executeToolCall(call);
      return done.finally(() => processSecrets.delete(secret));
    },
    sync: false,
  };
  const [base, withSecret] = await roundSamples([off, masked], 15, 4_000);
  const rows: BenchRow[] = [
    { name: 'agent call, telemetry off', value: median(base!) },
    { name: 'agent call, one secret registered: added per call', value: median(withSecret!.map((v, r) => v - base![r]!)), unit: 'µs', note: 'outcome and events masked (nothing secret in them); includes add/delete of the secret per call' },
  ];
  const tracing = await inMemoryTracing();
  if (tracing) {
    // Tracing is global: its rounds run after the others, compared with the off rounds' median.
    const [withSpans] = await roundSamples([off], 15, 4_000);
    const spans = tracing.spans();
    await tracing.stop();
    rows.push({ name: 'agent call, tracing on (in-memory exporter): added per call', value: median(withSpans!) - median(base!), unit: 'µs', note: `one execute_tool span per call (${spans} spans exported)` });
  } else {
    rows.push({ name: 'agent call, tracing on', value: Number.NaN, note: '@opentelemetry/sdk-trace-base not installed: not measured' });
  }
  await agent.close();
  return rows;
}

export async function run(): Promise<BenchTable[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-telemetry-'));
  try {
    const agent = await agentIn(dir);
    const disabled = await disabledStepCost(agent);
    await agent.close();
    return [{ title: 'Telemetry and secret masking (issue 28 §3/§4)', rows: [...disabled, ...(await agentPath(dir))] }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
