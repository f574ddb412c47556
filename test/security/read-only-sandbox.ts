/**
 * The empirical check of "read-only" verdicts: every case the analysis calls read-only is run in
 * a sandbox over a fresh copy of a small git workspace, and is a failure when it changed a file
 * (content, mode, mtime, created, removed; in the workspace, the home, /tmp or a canary directory
 * outside), ran a program the line does not name (git's pager and xargs' echo excepted), opened a
 * socket, attempted a write that failed or landed elsewhere, or changed the shell's state.
 */
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HELPERS, LISTED_PROGRAMS } from './command-specs.js';
import { runSandboxed, shellStateChanges } from './sandbox-run.js';
import type { SandboxOutcome } from './sandbox-run.js';
import { buildTemplate, resetSlot, snapshot, snapshotChanges } from './sandbox-workspace.js';
import type { TreeSnapshot } from './sandbox-workspace.js';
import type { ShellCase } from './shell-cases.js';

/** The analysis under test, as the harness sees it: `BashSafety.analyze(command, cwd).readOnly`. */
export interface ReadOnlyAnalysis {
  analyze(command: string, cwd: string | undefined): { readOnly: boolean };
}

/** What running one case found. */
export interface CaseResult {
  case: ShellCase;
  /** What it did that a read-only command must not (empty: nothing). */
  problems: string[];
  timedOut: boolean;
  /** Start of its output, for a failure message. */
  output: string;
}

/** What a check found. */
export interface ReadOnlyReport {
  analysed: number;
  /** Cases called read-only, and so executed. */
  executed: number;
  timedOut: number;
  failures: CaseResult[];
  /** Wall time of the executions, ms. */
  executionMs: number;
}

interface Slot {
  dir: string;
  pristine: TreeSnapshot;
}

/** A set of sandbox slots over one template workspace. */
export class ReadOnlySandbox {
  private readonly baselines = new Map<boolean, string[]>();

  private constructor(
    private readonly template: string,
    private readonly trap: string,
    private readonly slots: Slot[],
    private readonly timeoutMs: number,
  ) {}

  /** Builds the template under `root` and `slots` copies of it. */
  static async create(root: string, options: { slots?: number; timeoutMs?: number } = {}): Promise<ReadOnlySandbox> {
    mkdirSync(root, { recursive: true });
    const { template, trap } = buildTemplate(root);
    const slots = Array.from({ length: options.slots ?? 2 }, (_, i) => {
      const dir = join(root, `slot-${i}`);
      return { dir, pristine: resetSlot(template, dir) };
    });
    const sandbox = new ReadOnlySandbox(template, trap, slots, options.timeoutMs ?? 5000);
    for (const tty of [false, true]) {
      const outcome = await runSandboxed({ slot: slots[0]!.dir, trap, command: 'true', tty, timeoutMs: sandbox.timeoutMs });
      if (!outcome.shellState) throw new Error(`The sandbox does not run commands (tty ${tty}): exit ${outcome.exitCode}, output: ${outcome.output}`);
      sandbox.baselines.set(tty, outcome.shellState);
    }
    return sandbox;
  }

  /** The workspace path the analysis is asked about (the template's, which every slot copies). */
  get workspace(): string {
    return join(this.template, 'work');
  }

  /** Analyses every case and runs the read-only ones, `slots` at a time. */
  async check(cases: readonly ShellCase[], analysis: ReadOnlyAnalysis, onResult?: (result: CaseResult) => void): Promise<ReadOnlyReport> {
    const readOnly = cases.filter((c) => analysis.analyze(c.command, this.workspace).readOnly);
    const failures: CaseResult[] = [];
    let timedOut = 0;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      this.slots.map(async (slot) => {
        while (next < readOnly.length) {
          const result = await this.runCase(slot, readOnly[next++]!);
          if (result.timedOut) timedOut++;
          if (result.problems.length > 0) failures.push(result);
          onResult?.(result);
        }
      }),
    );
    return { analysed: cases.length, executed: readOnly.length, timedOut, failures, executionMs: Date.now() - started };
  }

  /** Runs one case whatever the analysis says (the harness's own tests use it). */
  async run(c: ShellCase): Promise<CaseResult> {
    return this.runCase(this.slots[0]!, c);
  }

  private async runCase(slot: Slot, c: ShellCase): Promise<CaseResult> {
    const outcome = await runSandboxed({ slot: slot.dir, trap: this.trap, command: c.command, tty: c.tty, timeoutMs: this.timeoutMs });
    const changes = snapshotChanges(slot.pristine, snapshot(slot.dir));
    if (changes.length > 0) slot.pristine = resetSlot(this.template, slot.dir);
    const problems = [...changes, ...this.behaviour(c, outcome)];
    return { case: c, problems, timedOut: outcome.timedOut, output: outcome.output };
  }

  private behaviour(c: ShellCase, outcome: SandboxOutcome): string[] {
    const allowed = allowedPrograms(c.command);
    const problems: string[] = [];
    for (const path of outcome.execs) if (!allowed.has(basename(path))) problems.push(`ran ${path}`);
    for (const socket of outcome.sockets) problems.push(`opened ${socket}`);
    for (const write of outcome.writeAttempts) problems.push(`attempted ${write}`);
    if (outcome.shellState) for (const change of shellStateChanges(this.baselines.get(c.tty)!, outcome.shellState)) problems.push(`shell state ${change}`);
    return problems;
  }
}

/** bash, and the listed programs the line names, with the helpers they run themselves. */
export function allowedPrograms(command: string): Set<string> {
  const allowed = new Set(['bash']);
  for (const word of command.split(/[\s|;&()<>`'"$={}]+/)) {
    const name = basename(word);
    if (!LISTED_PROGRAMS.has(name)) continue;
    allowed.add(name);
    for (const helper of HELPERS[name] ?? []) allowed.add(helper);
  }
  return allowed;
}

/** One failure as a line: the command, then what it did. */
export function describeFailure(result: CaseResult): string {
  return `${result.case.command}  [${result.case.origin}${result.case.tty ? ', tty' : ''}]\n    ${result.problems.join('\n    ')}`;
}
