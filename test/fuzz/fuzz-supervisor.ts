/**
 * Runs a seeded fuzz of `Agent.executeToolCall(s)` in child processes and adds up what they
 * found. A child that dies or hangs is counted (crash / hang, with the step that did it) and the
 * run continues with the next step in a fresh child, so one crash cannot hide the rest.
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { addCounters, addTallies, emptyCounters, FAILURE_COUNTERS } from './fuzz-counters.js';
import type { FuzzReport } from './fuzz-counters.js';
import { killAll, sessionProcesses } from './fuzz-processes.js';
import type { SessionResult } from './fuzz-session.js';

/** Options of {@link runFuzz}. */
export interface FuzzOptions {
  /** Tool calls to run (steps of one call or a batch of 2–8 run until this many calls ran). */
  calls: number;
  seed: number;
  /** Time limit per call, ms. */
  timeoutMs?: number;
  /** RSS growth allowed, MB. */
  rssBudgetMb?: number;
  /** A step making no progress for this long kills the child (counted as a hang), ms. */
  hangMs?: number;
  /** Calls per child process (a fresh agent and server per chunk). */
  chunk?: number;
  /** Self-test of the supervisor: the child kills itself when this step starts. */
  crashAt?: number;
  /** Progress lines go here. */
  log?: (line: string) => void;
}

type ChildMessage = { t: 'scratch'; dir: string } | { t: 'step'; index: number; callsBefore: number } | { t: 'done'; result: SessionResult };

const CHILD = new URL('./fuzz-child.js', import.meta.url);

/** Runs the fuzz with `seed` from step 0 until `calls` calls ran; resolves with the summed counters. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { calls, seed, crashAt, timeoutMs = 3_000, rssBudgetMb = 150, hangMs = 45_000, chunk = 25_000, log = () => {} } = options;
  const started = Date.now();
  const report: FuzzReport = { seed, ms: 0, rssBudgetMb, kinds: {}, codes: {}, examples: [], ...emptyCounters() };
  let from = 0;
  let startFailures = 0;
  while (report.calls < calls) {
    const outcome = await runChild({ seed, from, calls: Math.min(chunk, calls - report.calls), timeoutMs, hangMs, crashAt }, log);
    if (outcome.result) {
      addCounters(report, outcome.result.counters);
      addTallies(report.kinds, outcome.result.kinds);
      addTallies(report.codes, outcome.result.codes);
      report.examples.push(...outcome.result.examples);
      from = outcome.result.next;
      continue;
    }
    if (outcome.last < from && startFailures < 3) {
      // It died before its first step (e.g. a build rewriting dist/ while it loaded): not a finding; try again.
      startFailures++;
      report.examples.push(`child for step ${from} (seed ${seed}) failed to start (${outcome.exit}), retrying: ${outcome.stderr.slice(-500)}`);
      await new Promise((r) => setTimeout(r, 5_000));
      continue;
    }
    // The child died or hung in step `outcome.last`: count it, and go on after that step.
    if (outcome.hung) report.hangs++;
    else report.crashes++;
    report.examples.push(`step ${outcome.last} (seed ${seed}): child ${outcome.hung ? 'hung' : 'crashed'} (${outcome.exit}); stderr: ${outcome.stderr.slice(-1_500)}`);
    if (outcome.last < from) break; // It died before running a step: nothing to skip, do not loop.
    report.steps += outcome.last - from + 1;
    report.calls += outcome.callsBefore + 1;
    from = outcome.last + 1;
  }
  report.ms = Date.now() - started;
  return report;
}

interface ChildOutcome {
  result?: SessionResult;
  /** The step running when the child ended (from - 1 if none ran). */
  last: number;
  /** Calls run before that step. */
  callsBefore: number;
  hung: boolean;
  exit: string;
  stderr: string;
}

interface ChildPlan {
  seed: number;
  from: number;
  calls: number;
  timeoutMs: number;
  hangMs: number;
  crashAt?: number;
}

function runChild(plan: ChildPlan, log: (line: string) => void): Promise<ChildOutcome> {
  const { seed, from, calls, timeoutMs, hangMs, crashAt } = plan;
  const args = ['--seed', String(seed), '--from', String(from), '--calls', String(calls), '--timeout', String(timeoutMs)];
  if (crashAt !== undefined) args.push('--crash-at', String(crashAt));
  return new Promise((resolve) => {
    const child = fork(CHILD, args, {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let last = from - 1;
    let callsBefore = 0;
    let scratch: string | undefined;
    let result: SessionResult | undefined;
    let hung = false;
    let lastSeen = Date.now();
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
      if (process.env.FUZZ_TRACE) process.stderr.write(chunk);
    });
    child.on('message', (message: ChildMessage) => {
      lastSeen = Date.now();
      if (message.t === 'scratch') scratch = message.dir;
      else if (message.t === 'step') {
        last = message.index;
        callsBefore = message.callsBefore;
        if (last % 5_000 === 0) log(`  step ${last}…`);
      } else if (message.t === 'done') result = message.result;
    });
    const watchdog = setInterval(() => {
      if (Date.now() - lastSeen <= hangMs) return;
      hung = true;
      child.kill('SIGKILL');
    }, 1_000);
    child.once('exit', (code, signal) => {
      clearInterval(watchdog);
      // Whatever a dead child left behind goes too.
      if (!result && scratch && child.pid !== undefined) killAll(sessionProcesses(child.pid, scratch));
      resolve({ result, last, callsBefore, hung, exit: signal ? `signal ${signal}` : `exit code ${String(code)}`, stderr });
    });
  });
}

/** The counters that failed (non-zero, or RSS over budget). */
export function failures(report: FuzzReport): string[] {
  const out: string[] = FAILURE_COUNTERS.filter((key) => report[key] !== 0).map((key) => `${key} = ${report[key]}`);
  if (report.rssGrowthMb > report.rssBudgetMb) out.push(`rssGrowthMb = ${report.rssGrowthMb} > ${report.rssBudgetMb}`);
  return out;
}

/** `npm run fuzz -- --calls 100000 --seed 7 [--timeout 3000] [--json]`: runs the fuzz and prints the counters; exit 1 on a failure. */
export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { calls: { type: 'string', default: '5000' }, seed: { type: 'string', default: '1' }, timeout: { type: 'string', default: '3000' }, json: { type: 'boolean', default: false }, 'crash-at': { type: 'string' } },
  });
  const calls = Number(values.calls);
  const seed = Number(values.seed);
  if (!Number.isInteger(calls) || calls < 1 || !Number.isInteger(seed)) {
    process.stderr.write('fuzz: --calls must be a positive integer and --seed an integer\n');
    return 2;
  }
  const log = values.json ? () => {} : (line: string) => process.stdout.write(`${line}\n`);
  log(`fuzz: ${calls} calls, seed ${seed}`);
  const crashAt = values['crash-at'] === undefined ? undefined : Number(values['crash-at']);
  const report = await runFuzz({ calls, seed, timeoutMs: Number(values.timeout), log, ...(crashAt === undefined ? {} : { crashAt }) });
  const failed = failures(report);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    const { kinds, codes, examples, ...counters } = report;
    for (const [key, value] of Object.entries(counters)) log(`  ${key.padEnd(22)} ${String(value)}`);
    log(`  kinds: ${JSON.stringify(kinds)}`);
    log(`  codes: ${JSON.stringify(codes)}`);
    for (const example of examples) log(`  - ${example}`);
    log(failed.length === 0 ? 'fuzz: every counter is 0' : `fuzz: FAILED: ${failed.join(', ')}`);
  }
  return failed.length === 0 ? 0 : 1;
}
