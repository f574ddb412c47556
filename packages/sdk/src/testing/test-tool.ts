import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Agent } from '../runtime/agent.js';
import type { ToolCallResult } from '../runtime/tool-call.js';
import { ConversationState } from '../state/conversation-state.js';
import { Observation } from '../tool/observation.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { generateCases } from './generate-cases.js';
import { exportViolations } from './provider-rules.js';

/** What a finding of {@link testTool} is about. */
export type ToolTestFailureKind =
  | 'valid-rejected'
  | 'invalid-accepted'
  | 'path-not-named'
  | 'validator-crash'
  | 'export'
  | 'execution-crash'
  | 'timeout'
  | 'malformed-observation';

/** One thing {@link testTool} found wrong. */
export interface ToolTestFailure {
  readonly kind: ToolTestFailureKind;
  /** The case (`path: what`) or the export format. */
  readonly case: string;
  /** What was wrong. */
  readonly message: string;
  /** The arguments of the case, when there is one. */
  readonly input?: unknown;
}

/** What {@link testTool} did and found for one tool. */
export interface ToolTestReport {
  readonly tool: string;
  /** Cases run: valid and invalid inputs, export formats checked, executions. */
  readonly cases: number;
  readonly valid: number;
  readonly invalid: number;
  /** Valid inputs run through the agent (`execute`). */
  readonly executed: number;
  /** Executions the `default` policy asked about: refused (left pending), not run. */
  readonly refused: number;
  readonly failures: ToolTestFailure[];
  /** Slowest case in milliseconds (validation or execution), and which. */
  readonly slowestMs: number;
  readonly slowestCase?: string;
  /** Paths whose constraints the generator does not model (fewer cases there). */
  readonly unmodelled: string[];
  /** True when nothing failed. */
  readonly ok: boolean;
}

/** Options of {@link testTool}. */
export interface TestToolOptions {
  /** Run each valid input through an agent under the `default` policy (asks are refused, not run). */
  execute?: boolean;
  /**
   * The agent that runs the calls (initialized, with this tool under its name, a `default`
   * policy and no `onApproval`); the caller closes it. Default: a new agent with the tool as an
   * extra tool, in a temporary working directory removed afterwards.
   */
  agent?: Agent;
  /** Longest wait for one execution before it counts as a hang (default 10 000 ms). */
  timeoutMs?: number;
  /** Most valid and most invalid inputs generated (each; default 200). */
  maxCases?: number;
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Problems of an Observation that should go back to a model, empty when it is well formed. */
function observationProblems(observation: unknown, tool: ToolDefinition): string[] {
  if (!(observation instanceof Observation)) return ['the result is not an Observation'];
  const out: string[] = [];
  if (!Array.isArray(observation.content)) out.push('content is not an array');
  else if (observation.content.some((c) => typeof c !== 'object' || c === null || typeof (c as { type?: unknown }).type !== 'string')) out.push('a content block has no type');
  if (observation.isError && observation.text.trim() === '') out.push('an error Observation without text (the model cannot tell what went wrong)');
  if (!observation.isError && !(observation instanceof tool.observationType)) out.push(`not an instance of the declared ${tool.observationType.name}`);
  try {
    JSON.stringify(observation.toJSON());
  } catch (error) {
    out.push(`toJSON fails: ${describe(error)}`);
  }
  return out;
}

/**
 * Proves a tool from its schema: generated valid inputs must pass `actionFromArguments` and
 * generated invalid ones must be refused with an `INVALID_ARGUMENTS` error whose text names the
 * path to fix; every provider export must follow the provider's published rules
 * ({@link exportViolations}); with `execute`, each valid input runs through an agent under the
 * `default` permission policy with nobody to approve (asks come back pending and are not run) and
 * must end within the timeout in a well-formed Observation. Never throws for the tool's faults:
 * they are the report's `failures`.
 *
 * @example
 * ```ts
 * const report = await testTool(myTool);
 * expect(report.failures).toEqual([]);
 * ```
 */
export async function testTool(tool: ToolDefinition, options: TestToolOptions = {}): Promise<ToolTestReport> {
  const failures: ToolTestFailure[] = [];
  let slowestMs = 0;
  let slowestCase: string | undefined;
  const timed = <T>(label: string, run: () => T): T => {
    const start = performance.now();
    try {
      return run();
    } finally {
      const ms = performance.now() - start;
      if (ms > slowestMs) [slowestMs, slowestCase] = [ms, label];
    }
  };

  const generated = generateCases(tool.inputSchema(), { maxCases: options.maxCases });
  const accepted: typeof generated.valid = [];
  for (const c of generated.valid) {
    try {
      timed(c.label, () => tool.actionFromArguments(c.input));
      accepted.push(c);
    } catch (error) {
      const kind = ToolwrightError.isInstance(error) && error.code === ErrorCode.INVALID_ARGUMENTS ? 'valid-rejected' : 'validator-crash';
      failures.push({ kind, case: c.label, message: describe(error), input: c.input });
    }
  }
  for (const c of generated.invalid) {
    try {
      timed(c.label, () => tool.actionFromArguments(c.input));
      failures.push({ kind: 'invalid-accepted', case: c.label, message: `accepted; expected a refusal naming '${c.path}'`, input: c.input });
    } catch (error) {
      if (!ToolwrightError.isInstance(error) || error.code !== ErrorCode.INVALID_ARGUMENTS) failures.push({ kind: 'validator-crash', case: c.label, message: describe(error), input: c.input });
      else if (!error.message.includes(c.path)) failures.push({ kind: 'path-not-named', case: c.label, message: `the refusal does not name '${c.path}': ${error.message}`, input: c.input });
    }
  }

  const exports = exportViolations(tool);
  for (const { format, violations } of exports) for (const v of violations) failures.push({ kind: 'export', case: format, message: v });

  let executed = 0;
  let refused = 0;
  if (options.execute && accepted.length > 0) {
    const own = options.agent ? undefined : await scratchAgent({ tool });
    const agent = options.agent ?? own!.agent;
    try {
      for (const [i, c] of accepted.entries()) {
        const outcome = await executeOnce(agent, tool.name, `test-${i}`, c.input, options.timeoutMs ?? 10_000);
        if (outcome.ms > slowestMs) [slowestMs, slowestCase] = [outcome.ms, `run ${c.label}`];
        executed++;
        if (outcome.kind === 'timeout') failures.push({ kind: 'timeout', case: c.label, message: `no Observation within ${options.timeoutMs ?? 10_000} ms`, input: c.input });
        else if (outcome.kind === 'crash') failures.push({ kind: 'execution-crash', case: c.label, message: `executeToolCall threw: ${describe(outcome.error)}`, input: c.input });
        else if (outcome.result.pending) refused++;
        else for (const problem of observationProblems(outcome.result.observation, tool)) failures.push({ kind: 'malformed-observation', case: c.label, message: problem, input: c.input });
      }
    } finally {
      await own?.close();
    }
  }

  return {
    tool: tool.name,
    cases: generated.valid.length + generated.invalid.length + exports.length + executed,
    valid: generated.valid.length,
    invalid: generated.invalid.length,
    executed,
    refused,
    failures,
    slowestMs: Math.round(slowestMs * 10) / 10,
    slowestCase,
    unmodelled: generated.unmodelled,
    ok: failures.length === 0,
  };
}

type Outcome = { kind: 'done'; result: ToolCallResult; ms: number } | { kind: 'timeout'; ms: number } | { kind: 'crash'; error: unknown; ms: number };

async function executeOnce(agent: Agent, name: string, id: string, input: Record<string, unknown>, timeoutMs: number): Promise<Outcome> {
  const controller = new AbortController();
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const result = await Promise.race([agent.executeToolCall({ id, name, arguments: input }, { signal: controller.signal }), timeout]);
    const ms = performance.now() - start;
    if (result === 'timeout') {
      controller.abort();
      return { kind: 'timeout', ms };
    }
    return { kind: 'done', result, ms };
  } catch (error) {
    return { kind: 'crash', error, ms: performance.now() - start };
  } finally {
    clearTimeout(timer);
  }
}

/** What {@link scratchAgent} runs: a tool as it is, or a registered tool by name (built in a temporary directory). */
export type ScratchTarget = { tool: ToolDefinition } | { name: string; registry: ToolRegistry };

/**
 * An agent with only one tool, under the `default` policy with nobody to approve (asks come back
 * pending) and no grants file, in a new temporary working directory that `close` removes.
 */
export async function scratchAgent(target: ScratchTarget): Promise<{ agent: Agent; workingDir: string; close(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'toolwright-test-'));
  const workingDir = join(root, 'work');
  await mkdir(workingDir);
  const policy = { mode: 'default', grantsFile: false } as const;
  const agent = new Agent('tool' in target ? { extraTools: [target.tool], policy } : { tools: [{ name: target.name }], registry: target.registry, policy });
  try {
    await agent.initialize(new ConversationState({ workingDir, stateDir: join(root, 'state') }));
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    agent,
    workingDir,
    close: async () => {
      await agent.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
