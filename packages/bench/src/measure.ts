import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One benchmark result row. */
export interface BenchRow {
  /** What was measured. */
  name: string;
  /** Mean time per operation in microseconds (or per whole run, see `unit`). */
  value: number;
  /** Unit of `value` (default µs/op). */
  unit?: string;
  /** The figure compared against, if any (same unit). */
  baseline?: number;
  /** Name of the baseline. */
  baselineName?: string;
  /** The target ratio value/baseline (≤), if any. */
  target?: number;
  /** An absolute target: `value` ≤ this (same unit), if any. */
  maxValue?: number;
  /**
   * The ratio to report and judge, when it is not `value / baseline`: the median of per-round
   * ratios (see {@link roundRatios}), which cancels the load each round put on both alike.
   */
  ratio?: number;
  /** The interquartile range of the per-round ratios behind `ratio`, shown beside it. */
  ratioRange?: readonly [number, number];
  /** Free text. */
  note?: string;
}

/** A group of rows with a title. */
export interface BenchTable {
  title: string;
  rows: BenchRow[];
}

/** A bench module: `src/<name>-bench.ts` exporting `run`. */
export interface BenchModule {
  run(): Promise<BenchTable[]>;
}

/**
 * Mean µs per call of `fn`, after warm-up, as the median of `rounds` timed rounds of
 * `iterations` calls each (the median resists GC pauses and the other core's noise).
 */
export async function timeAsync(fn: () => unknown, iterations = 20_000, rounds = 7): Promise<number> {
  for (let i = 0; i < Math.min(iterations, 5_000); i++) await fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1_000 / iterations);
  }
  return median(samples);
}

/** Like {@link timeAsync} for synchronous functions. */
export function timeSync(fn: () => unknown, iterations = 100_000, rounds = 7): number {
  for (let i = 0; i < Math.min(iterations, 20_000); i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1_000 / iterations);
  }
  return median(samples);
}

/** CPU µs (user + system) per call of `fn` over `iterations` awaited calls: on a shared machine wall time mostly measures the neighbours. */
export async function cpuPerCall(fn: () => unknown, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

/**
 * Runs the functions interleaved, round after round (after a warm-up of 5,000 calls each), so
 * machine load hits all alike. Returns each function's per-round CPU µs per call (round r of every
 * function ran back to back, so per-round differences cancel most of the load).
 */
export async function interleavedSamples(fns: readonly (() => unknown)[], rounds = 15, iterations = 10_000): Promise<number[][]> {
  for (const fn of fns) for (let i = 0; i < 5_000; i++) await fn();
  const samples = fns.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < fns.length; i++) samples[i]!.push(await cpuPerCall(fns[i]!, iterations));
  }
  return samples;
}

/** One measured subject: synchronous ones are timed in a plain loop (no await per call), others awaited call by call. */
export interface Subject {
  fn: () => unknown;
  sync: boolean;
}

/** V8's collector, exposed at run time (benches run without `--expose-gc`); undefined when V8 refuses. */
function exposeGc(): ((options?: { type: 'minor' | 'major' }) => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
  } catch {
    return undefined;
  }
}

let collect: ReturnType<typeof exposeGc> | null = null;

/** CPU µs per call of one batch of `subject`. */
async function batch(subject: Subject, iterations: number): Promise<number> {
  const { fn } = subject;
  const start = process.cpuUsage();
  if (subject.sync) for (let i = 0; i < iterations; i++) fn();
  else for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

/**
 * Each subject's per-round CPU µs per call: `rounds` rounds, each running every subject's batch
 * once (round r starts at subject r mod n, so the order rotates and no subject always follows
 * the same one), each batch after a minor GC (garbage of the previous batch is not billed to the
 * next). Round r of every subject ran close together, so per-round ratios cancel most of the load
 * (see {@link roundRatios}). The pipeline group measures the same way.
 */
export async function roundSamples(subjects: readonly Subject[], rounds = 31, iterations = 10_000): Promise<number[][]> {
  if (collect === null) collect = exposeGc();
  for (const subject of subjects) for (let i = 0; i < 3; i++) await batch(subject, iterations);
  const samples = subjects.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < subjects.length; k++) {
      const i = (r + k) % subjects.length;
      collect?.({ type: 'minor' });
      samples[i]!.push(await batch(subjects[i]!, iterations));
    }
  }
  return samples;
}

/**
 * Per-round ratios of `subject` to `baseline` (samples of {@link interleavedSamples}: round r of
 * both ran back to back): their median and interquartile range. On a shared machine the load
 * changes from round to round; the ratio within a round is much steadier than either median.
 */
export function roundRatios(subject: readonly number[], baseline: readonly number[]): { ratio: number; ratioRange: [number, number] } {
  const ratios = subject.map((value, r) => value / baseline[r]!).sort((a, b) => a - b);
  const at = (p: number): number => ratios[Math.round(p * (ratios.length - 1))]!;
  return { ratio: median(ratios), ratioRange: [at(0.25), at(0.75)] };
}

/** The median of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Renders tables as aligned text. */
export function formatTables(tables: BenchTable[]): string {
  const out: string[] = [];
  for (const table of tables) {
    out.push(`\n## ${table.title}`);
    const lines = [['measure', 'value', 'baseline', 'ratio', 'target', 'ok', 'note']];
    for (const row of table.rows) {
      const unit = row.unit ?? 'µs/op';
      const ratio = row.ratio ?? (row.baseline ? row.value / row.baseline : undefined);
      lines.push([
        row.name,
        `${fmt(row.value)} ${unit}`,
        row.baseline !== undefined ? `${fmt(row.baseline)} ${unit} (${row.baselineName ?? 'baseline'})` : '',
        ratio !== undefined ? `${ratio.toFixed(2)}×${row.ratioRange ? ` [${row.ratioRange[0].toFixed(2)}–${row.ratioRange[1].toFixed(2)}]` : ''}` : '',
        row.target !== undefined ? `≤ ${row.target}×` : row.maxValue !== undefined ? `≤ ${fmt(row.maxValue)} ${unit}` : '',
        row.target !== undefined && ratio !== undefined ? (ratio <= row.target ? 'ok' : 'NO') : row.maxValue !== undefined ? (row.value <= row.maxValue ? 'ok' : 'NO') : '',
        row.note ?? '',
      ]);
    }
    const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
    for (const line of lines) out.push(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
  }
  return out.join('\n');
}

function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}
