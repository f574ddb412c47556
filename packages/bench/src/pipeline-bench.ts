/**
 * Pipeline benchmarks (issue 8 §1/§4): the whole agent path of one call (`executeToolCall`:
 * resolve in the view, lock, hooks, middleware, invoke, events) against a direct `tool.call`
 * and against ajv alone — both a synchronous ajv call and an awaited async wrapper — for the
 * kernel bench's `add` and `medium` tools. Variants run interleaved, round after round, and are
 * measured in CPU time (user + system) per call: the machine is shared, so wall time mostly
 * measures the neighbours.
 */
import { Agent, ConversationState, createAjv } from '@toolwright/sdk';
import type { AgentOptions, CallMiddleware, ToolDefinition, ToolMiddleware } from '@toolwright/sdk';
import { addArgs, addTool, mediumArgs, mediumTool } from './kernel-fixtures.js';
import { twentyRules } from './policy-bench.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median } from './measure.js';

type Plain = Record<string, unknown> & { a: number; b: number; title: string; priority: string; owner: { name: string } };

const passThrough: CallMiddleware = (_ctx, next) => next();
const noopHook = (): undefined => undefined;
const toolPassThrough: ToolMiddleware = async function* (_call, next) {
  yield* next();
};

/** One way to configure the agent for the measured tool. */
interface AgentVariant {
  name: string;
  options: (tool: ToolDefinition) => AgentOptions;
}

/**
 * The agent variants measured per tool. POLICY: add the policy variant here (e.g.
 * `{ name: 'agent: default mode + 20 rules + one hook', options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook }, policy: { … } }) }`);
 * it is then measured and reported like the others.
 */
export const AGENT_VARIANTS: AgentVariant[] = [
  { name: 'agent: bare pipeline', options: (tool) => ({ extraTools: [tool] }) },
  { name: 'agent: one hook + one agent middleware', options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook }, middleware: [passThrough] }) },
  {
    name: 'agent: one hook + one tool middleware',
    options: (tool) => ({ extraTools: [tool.withExecutor(tool.executor!).use(toolPassThrough)], hooks: { pre: noopHook } }),
  },
  { name: 'agent: one hook', options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook } }) },
  {
    name: "agent: one hook + policy ('default' mode, 20 rules, no audit log)",
    options: (tool) => ({ extraTools: [tool], hooks: { pre: noopHook }, policy: { mode: 'default', rules: twentyRules(tool.name), auditLog: false, grantsFile: false } }),
  },
];

/** Mean CPU µs (user + system) per call of `fn` over `iterations` awaited calls: the machine is shared, so wall time mostly measures the neighbours. */
async function cpuPerCall(fn: () => unknown, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

/** Runs the functions interleaved, round after round (after a warm-up), so load hits all alike; the median per function. */
async function interleaved(fns: (() => unknown)[], rounds = 9, iterations = 20_000): Promise<number[]> {
  for (const fn of fns) for (let i = 0; i < 5_000; i++) await fn();
  const samples = fns.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < fns.length; i++) samples[i]!.push(await cpuPerCall(fns[i]!, iterations));
  }
  return samples.map(median);
}

async function perTool(label: string, tool: ToolDefinition, json: string, render: (args: Plain) => string): Promise<BenchRow[]> {
  const validate = createAjv().compile(tool.inputSchema());
  const ajvSyncCall = (): string => {
    const args = JSON.parse(json) as Plain;
    if (!validate(args)) throw new Error('invalid');
    return render(args);
  };
  const agents: Agent[] = [];
  for (const variant of AGENT_VARIANTS) {
    const agent = new Agent(variant.options(tool));
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const check = await agent.executeToolCall({ id: 'c', name: tool.name, arguments: json });
    if (check.observation.isError) throw new Error(`${variant.name}: ${check.observation.text}`);
    agents.push(agent);
  }
  const call = { id: 'c1', name: tool.name, arguments: json };
  const [ajvSync, ajvAsync, direct, ...agentTimes] = await interleaved([
    ajvSyncCall,
    async () => {
      const args = JSON.parse(json) as Plain;
      if (!validate(args)) throw new Error('invalid');
      return render(args);
    },
    async () => (await tool.call(tool.actionFromArguments(JSON.parse(json)))).toLlmContent(),
    ...agents.map((agent) => async () => (await agent.executeToolCall(call)).observation.toLlmContent()),
  ]);
  await Promise.all(agents.map((a) => a.close()));
  const rows: BenchRow[] = [
    { name: `${label}: JSON.parse + ajv (sync)`, value: ajvSync!, note: 'CPU µs per call' },
    { name: `${label}: JSON.parse + ajv (awaited async wrapper)`, value: ajvAsync!, baseline: ajvSync, baselineName: 'ajv sync' },
    { name: `${label}: direct tool.call (parse → actionFromArguments → call → toLlmContent)`, value: direct!, baseline: ajvAsync, baselineName: 'ajv async' },
  ];
  AGENT_VARIANTS.forEach((variant, i) => {
    const value = agentTimes[i]!;
    rows.push({
      name: `${label}: ${variant.name} (executeToolCall → toLlmContent)`,
      value,
      baseline: ajvAsync,
      baselineName: 'ajv async',
      target: label === 'medium' ? 1.5 : undefined,
      note: `${(value / ajvSync!).toFixed(2)}× ajv sync`,
    });
  });
  return rows;
}

/** The bench module entry. */
export async function run(): Promise<BenchTable[]> {
  const rows = [
    ...(await perTool('add', addTool, addArgs, (a) => String(a.a + a.b))),
    ...(await perTool('medium', mediumTool, mediumArgs, (a) => `${a.title} (${a.priority}) by ${a.owner.name}`)),
  ];
  return [{ title: 'Call pipeline: agent path vs direct tool.call vs ajv alone (sequential, CPU µs per call, interleaved medians)', rows }];
}
