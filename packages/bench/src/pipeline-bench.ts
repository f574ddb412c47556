/**
 * Pipeline benchmarks (issue 8 §1/§4, issue 15): the whole agent path of one call
 * (`executeToolCall`: resolve in the view, lock, hooks, middleware, invoke, events) against a
 * direct `tool.call` and against ajv alone, for the kernel bench's `add` and `medium` tools. The
 * baseline is a synchronous ajv call timed in a synchronous loop (issue 15: nothing awaits it);
 * the same call awaited by its caller and the awaited async wrapper stay as rows. Two floor rows
 * show what no call API can avoid: the Action and Observation themselves (synchronous loop), and
 * the same behind one awaited promise.
 *
 * Measured in CPU time (user + system) per call, the machine being shared: every subject runs in
 * batches, interleaved round after round in a rotating order (no subject always follows the same
 * one), each batch after a minor GC (each pays for its own garbage, not its predecessor's);
 * medians over the rounds.
 */
import { loadavg } from 'node:os';
import { ActionEvent, Agent, ConversationState, createAjv, Observation, ObservationEvent } from '@toolwright/sdk';
import { accessOf } from '@toolwright/sdk/internal';
import type { AgentEvent, AgentOptions, CallMiddleware, PlainToolMiddleware, ToolDefinition, ToolMiddleware } from '@toolwright/sdk';
import type { ResourceLocks } from '@toolwright/sdk/internal';
import { addArgs, addTool, mediumArgs, mediumTool } from './kernel-fixtures.js';
import { twentyRules } from './policy-bench.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundRatios, roundSamples } from './measure.js';

type Plain = Record<string, unknown> & { a: number; b: number; title: string; priority: string; owner: { name: string } };

const passThrough: CallMiddleware = (_ctx, next) => next();
const noopHook = (): undefined => undefined;
const toolPassThrough: ToolMiddleware = async function* (_call, next) {
  yield* next();
};
const plainToolPassThrough: PlainToolMiddleware = (_call, next) => next();

/** The targets of the issues, as ratios to the synchronous ajv call. */
interface Targets {
  /** Issue 15: direct `tool.call`. */
  direct: number;
  /** Issue 15: the agent path (bare pipeline). */
  agent: number;
  /** Issue 8: the agent path with the policy ('default' mode, 20 rules) and one hook. */
  governed?: number;
}

const TARGETS: Record<'add' | 'medium', Targets> = {
  add: { direct: 2, agent: 3 },
  medium: { direct: 1.15, agent: 1.3, governed: 1.5 },
};

/** Issue 8: what the policy may add to a call, in CPU µs. */
const POLICY_ADDS_AT_MOST = 0.5;

/** Issue 24: what a pass-through plain tool middleware may add to a call, in CPU µs. */
const PLAIN_TOOL_MIDDLEWARE_ADDS_AT_MOST = 0.3;

/** Issue 24: the bare agent path against its hand-written floor (both ran back to back in every round). */
const AGENT_OVER_FLOOR_AT_MOST: Record<'add' | 'medium', number> = { add: 1.3, medium: 1.15 };

/** One way to configure the agent for the measured tool. */
interface AgentVariant {
  name: string;
  /** Which issue target applies to this variant. */
  target?: keyof Targets;
  options: (tool: ToolDefinition) => AgentOptions;
}

const BARE = 'agent: bare pipeline';
const HOOK = 'agent: one hook';
const GOVERNED = "agent: one hook + policy ('default' mode, 20 rules, no audit log)";
const PLAIN = 'agent: one hook + one plain tool middleware';

/** The agent variants measured per tool; each is reported like the others. */
export const AGENT_VARIANTS: AgentVariant[] = [
  { name: BARE, target: 'agent', options: (tool) => ({ extraTools: [tool] }) },
  { name: 'agent: one hook + one agent middleware', options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook }, middleware: [passThrough] }) },
  {
    name: 'agent: one hook + one tool middleware',
    options: (tool) => ({ extraTools: [tool.withExecutor(tool.executor!).use(toolPassThrough)], hooks: { pre: noopHook } }),
  },
  {
    name: PLAIN,
    options: (tool) => ({ extraTools: [tool.withExecutor(tool.executor!).use(plainToolPassThrough)], hooks: { pre: noopHook } }),
  },
  { name: HOOK, options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook } }) },
  {
    name: GOVERNED,
    target: 'governed',
    options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook }, policy: { mode: 'default', rules: twentyRules(tool.name), auditLog: false, grantsFile: false } }),
  },
];

/** The executor called on a fresh Action, outside any call machinery (the fixtures' executors answer synchronously and read no context). */
function floorCall(executor: NonNullable<ToolDefinition['executor']>, tool: ToolDefinition, json: string): Observation {
  const result = executor.execute(tool.actionFromArguments(JSON.parse(json)), undefined as never);
  if (!(result instanceof Observation)) throw new Error(`${tool.name}: the floor needs a synchronous executor`);
  return result;
}

/**
 * The floor of an agent call: the floor call plus what the agent path may not leave out — the
 * tool looked up by name, the two events with their times (two clock reads) and ids, the resource
 * lock held while the executor runs, the result object — and nothing else (no context, no
 * pipeline, no error handling). Written out by hand for the measured tool; not an API.
 */
function agentFloorCall(
  tools: ReadonlyMap<string, ToolDefinition>,
  locks: ResourceLocks,
  call: { id: string; name: string; arguments: string },
): { events: AgentEvent[]; observation: Observation } {
  const tool = tools.get(call.name)!;
  const action = tool.actionFromArguments(JSON.parse(call.arguments));
  const actionEvent = new ActionEvent({ toolCallId: call.id, toolName: tool.name, action });
  const held = locks.enter(accessOf(tool, action));
  if (!('release' in held)) throw new Error('the agent floor needs a free lock');
  const observation = tool.executor!.execute(action, undefined as never);
  held.release();
  if (!(observation instanceof Observation)) throw new Error(`${tool.name}: the floor needs a synchronous executor`);
  return { events: [actionEvent, ObservationEvent.answering(actionEvent, call.id, tool.name, observation)], observation };
}

function issueOf(target: keyof Targets): string {
  return target === 'governed' ? 'issue 8' : 'issue 15';
}

async function perTool(label: 'add' | 'medium', tool: ToolDefinition, json: string, render: (args: Plain) => string): Promise<BenchRow[]> {
  const targets = TARGETS[label];
  const validate = createAjv().compile(tool.inputSchema());
  const executor = tool.executor!;
  const agents: Agent[] = [];
  for (const variant of AGENT_VARIANTS) {
    const agent = new Agent(variant.options(tool));
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const check = await agent.executeToolCall({ id: 'c', name: tool.name, arguments: json });
    if (check.observation.isError) throw new Error(`${variant.name}: ${check.observation.text}`);
    agents.push(agent);
  }
  const call = { id: 'c1', name: tool.name, arguments: json };
  const floorTools = new Map([[tool.name, tool]]);
  const floorLocks = agents[0]!.locks;
  const ajvCall = (): string => {
    const args = JSON.parse(json) as Plain;
    if (!validate(args)) throw new Error('invalid');
    return render(args);
  };
  const samples = await roundSamples([
    { fn: ajvCall, sync: true },
    // The same synchronous call, awaited by its caller (the baseline this bench used before: one await per call).
    { fn: ajvCall, sync: false },
    {
      fn: async () => {
        const args = JSON.parse(json) as Plain;
        if (!validate(args)) throw new Error('invalid');
        return render(args);
      },
      sync: false,
    },
    // The floors: the Action built and validated, the executor's Observation rendered; no context, lock or events.
    { fn: () => floorCall(executor, tool, json).toLlmContent(), sync: true },
    { fn: async () => (await Promise.resolve(floorCall(executor, tool, json))).toLlmContent(), sync: false },
    { fn: async () => (await Promise.resolve(agentFloorCall(floorTools, floorLocks, call))).observation.toLlmContent(), sync: false },
    { fn: async () => (await tool.call(tool.actionFromArguments(JSON.parse(json)))).toLlmContent(), sync: false },
    ...agents.map((agent) => ({ fn: async () => (await agent.executeToolCall(call)).observation.toLlmContent(), sync: false })),
  ]);
  await Promise.all(agents.map((a) => a.close()));
  const [ajvSync, ajvAwaited, ajvAsync, floorSync, floorAsync, agentFloor, direct, ...agentTimes] = samples.map(median) as [number, number, number, number, number, number, number, ...number[]];
  const vsSync = { baseline: ajvSync, baselineName: 'ajv sync' };
  const rows: BenchRow[] = [
    { name: `${label}: JSON.parse + ajv (sync, in a synchronous loop) — the baseline`, value: ajvSync, note: 'CPU µs per call' },
    { name: `${label}: JSON.parse + ajv (sync, awaited by its caller)`, value: ajvAwaited, ...vsSync, note: 'the baseline before: one await per call' },
    { name: `${label}: JSON.parse + ajv (awaited async wrapper)`, value: ajvAsync, ...vsSync },
    { name: `${label}: floor: JSON.parse + actionFromArguments + execute + toLlmContent (sync)`, value: floorSync, ...vsSync, note: 'no context, lock or events' },
    { name: `${label}: floor: the same behind one awaited promise`, value: floorAsync, ...vsSync, note: 'the least any async call API costs' },
    {
      name: `${label}: agent floor: + tool by name, two events (two clock reads), resource lock, result object`,
      value: agentFloor,
      ...vsSync,
      note: 'the least an agent call with its events and lock costs (hand-written, no context or pipeline)',
    },
    {
      name: `${label}: direct tool.call (parse → actionFromArguments → call → toLlmContent)`,
      value: direct,
      ...vsSync,
      target: targets.direct,
      note: `issue 15; ${(direct / ajvAwaited).toFixed(2)}× ajv sync awaited, ${(direct / ajvAsync).toFixed(2)}× ajv async`,
    },
  ];
  AGENT_VARIANTS.forEach((variant, i) => {
    const value = agentTimes[i]!;
    const target = variant.target ? targets[variant.target] : undefined;
    rows.push({
      name: `${label}: ${variant.name} (executeToolCall → toLlmContent)`,
      value,
      ...vsSync,
      target,
      note: `${target !== undefined ? `${issueOf(variant.target!)}; ` : ''}${(value / ajvAwaited).toFixed(2)}× ajv sync awaited, ${(value / ajvAsync).toFixed(2)}× ajv async`,
    });
  });
  // Per-round ratios and differences: both ran back to back in every round, so the load cancels.
  const bare = 7 + AGENT_VARIANTS.findIndex((v) => v.name === BARE);
  rows.push({
    name: `${label}: agent: bare pipeline / agent floor (median of per-round ratios)`,
    value: agentTimes[bare - 7]!,
    baseline: agentFloor,
    baselineName: 'agent floor',
    ...roundRatios(samples[bare]!, samples[5]!),
    target: AGENT_OVER_FLOOR_AT_MOST[label],
    note: 'issue 24: what the context, pipeline and error funnel cost over the floor',
  });
  const hook = 7 + AGENT_VARIANTS.findIndex((v) => v.name === HOOK);
  const governed = 7 + AGENT_VARIANTS.findIndex((v) => v.name === GOVERNED);
  const added = median(samples[governed]!.map((value, r) => value - samples[hook]![r]!));
  rows.push({ name: `${label}: policy added to the one-hook agent path (median of per-round differences)`, value: added, unit: 'µs', maxValue: POLICY_ADDS_AT_MOST, note: 'issue 8' });
  const plain = 7 + AGENT_VARIANTS.findIndex((v) => v.name === PLAIN);
  const plainAdded = median(samples[plain]!.map((value, r) => value - samples[hook]![r]!));
  rows.push({
    name: `${label}: a pass-through plain tool middleware added to the one-hook agent path (median of per-round differences)`,
    value: plainAdded,
    unit: 'µs',
    maxValue: PLAIN_TOOL_MIDDLEWARE_ADDS_AT_MOST,
    note: 'issue 24',
  });
  return rows;
}

/** The bench module entry. */
export async function run(): Promise<BenchTable[]> {
  const rows = [
    ...(await perTool('add', addTool, addArgs, (a) => String(a.a + a.b))),
    ...(await perTool('medium', mediumTool, mediumArgs, (a) => `${a.title} (${a.priority}) by ${a.owner.name}`)),
  ];
  return [
    {
      title: `Call pipeline: agent path vs direct tool.call vs ajv alone (sequential, CPU µs per call, medians of 31 interleaved rounds in rotating order, a minor GC before each batch; 1-minute load ${loadavg()[0]!.toFixed(2)} at the end)`,
      rows,
    },
  ];
}
