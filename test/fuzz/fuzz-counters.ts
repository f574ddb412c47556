/** What a fuzz run counts. Every counter but the tallies must be 0 for a clean run. */
export interface FuzzCounters {
  /** Steps run (a step is one call or one batch). */
  steps: number;
  /** Tool calls run (batch members counted one by one). */
  calls: number;
  /** Child processes that died (signal, non-zero exit, or no final report). */
  crashes: number;
  /** Child processes killed by the watchdog because a step made no progress for too long. */
  hangs: number;
  /** `unhandledRejection` events in the child. */
  unhandledRejections: number;
  /** `uncaughtException` events in the child. */
  uncaughtExceptions: number;
  /** `executeToolCall(s)` promises that rejected (or threw). */
  rejectedExecutes: number;
  /** Results that are neither `[ActionEvent, ObservationEvent]` with an Observation nor `[AgentErrorEvent]` with an error Observation. */
  malformedResults: number;
  /** Results whose events or observation could not be serialised (`toJSON`, `toLlmContent`). */
  unserializableResults: number;
  /** Framework-written error texts (invalid JSON/arguments, unknown tool, MCP client errors) quoting a planted value. */
  echoedValues: number;
  /** Results with code INTERNAL: the framework's own bug surfaced as an error (it never should). */
  internalErrors: number;
  /** Times the MCP server process changed (a restart: the server never dies by itself here, so each is needless). */
  serverRestarts: number;
  /** Steps after which `Object.prototype` had gained a property (a `__proto__` key merged into a plain object). */
  prototypePollution: number;
  /** Steps that took longer than their time limit plus a grace period. */
  overTimeout: number;
  /** Processes still running after `agent.close()` (children of the child, or anything with a cwd in the scratch directory). */
  leftoverProcesses: number;
  /** MB of resident memory gained between the end of the warm-up and the end of the run (the largest of all child sessions). */
  rssGrowthMb: number;
}

/** The counters that must be 0. */
export const FAILURE_COUNTERS = [
  'crashes',
  'hangs',
  'unhandledRejections',
  'uncaughtExceptions',
  'rejectedExecutes',
  'malformedResults',
  'unserializableResults',
  'echoedValues',
  'internalErrors',
  'serverRestarts',
  'prototypePollution',
  'overTimeout',
  'leftoverProcesses',
] as const satisfies readonly (keyof FuzzCounters)[];

/** A run's counters plus what explains them. */
export interface FuzzReport extends FuzzCounters {
  seed: number;
  /** Wall time of the whole run, ms. */
  ms: number;
  /** RSS growth allowed before `rssGrowthMb` counts as a failure. */
  rssBudgetMb: number;
  /** Steps per kind of input. */
  kinds: Record<string, number>;
  /** Error codes seen in results. */
  codes: Record<string, number>;
  /** The first findings, each with the step that reproduces it. */
  examples: string[];
}

/** Counters at zero. */
export function emptyCounters(): FuzzCounters {
  return {
    steps: 0,
    calls: 0,
    crashes: 0,
    hangs: 0,
    unhandledRejections: 0,
    uncaughtExceptions: 0,
    rejectedExecutes: 0,
    malformedResults: 0,
    unserializableResults: 0,
    echoedValues: 0,
    internalErrors: 0,
    serverRestarts: 0,
    prototypePollution: 0,
    overTimeout: 0,
    leftoverProcesses: 0,
    rssGrowthMb: 0,
  };
}

/** Adds `more` into `into` (RSS growth: the larger of the two). */
export function addCounters(into: FuzzCounters, more: FuzzCounters): void {
  for (const key of Object.keys(emptyCounters()) as (keyof FuzzCounters)[]) {
    into[key] = key === 'rssGrowthMb' ? Math.max(into[key], more[key]) : into[key] + more[key];
  }
}

/** Adds tallies. */
export function addTallies(into: Record<string, number>, more: Record<string, number>): void {
  for (const [key, n] of Object.entries(more)) into[key] = (into[key] ?? 0) + n;
}
