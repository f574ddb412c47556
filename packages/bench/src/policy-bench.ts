/**
 * Policy benchmarks (issue 8): what the permission layer adds to one agent call of the medium
 * tool — `default` mode, 20 rules (5 deny and 4 ask rules with content on the tool, one tool-wide
 * allow rule, 10 rules on other tools), one global pre hook, no audit log — against the same
 * agent (same hook) without a policy, run interleaved in one process and timed in CPU time (wall
 * time on a shared 2-core machine swings by more than the difference); plus the engine's check alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, ConversationState } from '@toolwright/sdk';
import { parseRule, PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionRule, PolicyOptions } from '@toolwright/sdk/policy';
import { mediumArgs, mediumTool } from './kernel-fixtures.js';
import type { BenchTable } from './measure.js';
import { median } from './measure.js';

/** The 20 rules: 19 that do not decide a call of `tool`, and the tool-wide allow rule that does. */
export function twentyRules(tool = mediumTool.name): PermissionRule[] {
  const texts: [string, PermissionRule['behavior']][] = [];
  for (let i = 0; i < 5; i++) texts.push([`${tool}(secret-${i}/**)`, 'deny']);
  for (let i = 0; i < 4; i++) texts.push([`${tool}(review-${i}/**)`, 'ask']);
  for (let i = 0; i < 10; i++) texts.push([`other_tool_${i}(x/**)`, i % 2 ? 'allow' : 'deny']);
  texts.push([tool, 'allow']);
  return texts.map(([text, behavior]) => parseRule(text, behavior, 'code'));
}

async function agentFor(policy: PolicyOptions | undefined, dir: string): Promise<Agent> {
  const agent = new Agent({ extraTools: [mediumTool], hooks: { pre: () => undefined }, policy });
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return agent;
}

/** CPU time (user + system) per call in µs: less disturbed than wall time by other processes on a busy machine. */
async function cpuPerCall(fn: () => Promise<unknown>, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

/** {@link cpuPerCall} for a synchronous function (median of 7 rounds). */
function cpuPerCallSync(fn: () => unknown, n: number): number {
  const rounds: number[] = [];
  for (let r = 0; r < 7; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / n);
  }
  return median(rounds);
}

/**
 * Runs the two agents' calls interleaved in short rounds (5,000 calls each, 61 rounds, after a
 * warm-up), so machine load hits both alike; returns the medians of each and of the per-round difference.
 */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds = 61): Promise<[number, number, number]> {
  for (let i = 0; i < 3; i++) {
    await cpuPerCall(a, 10_000);
    await cpuPerCall(b, 10_000);
  }
  const as: number[] = [];
  const bs: number[] = [];
  const ds: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = await cpuPerCall(a, 5_000);
    const y = await cpuPerCall(b, 5_000);
    as.push(x);
    bs.push(y);
    ds.push(y - x);
  }
  return [median(as), median(bs), median(ds)];
}

/** The bench module entry. */
export async function run(): Promise<BenchTable[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-policy-bench-'));
  const plain = await agentFor(undefined, dir);
  const governed = await agentFor({ mode: 'default', rules: twentyRules(), auditLog: false, grantsFile: false }, dir);
  const call = { id: 'c1', name: mediumTool.name, arguments: mediumArgs };
  const audited = await agentFor({ mode: 'default', rules: twentyRules(), auditLog: join(dir, 'audit.jsonl'), grantsFile: false }, dir);
  const check = await governed.executeToolCall(call);
  if (check.observation.isError || check.events.length !== 2) throw new Error(`policy bench: the governed call did not run: ${check.observation.text}`);
  try {
    const [without, withPolicy, added] = await interleaved(
      () => plain.executeToolCall(call),
      () => governed.executeToolCall(call),
    );
    const [, withAudit, audit] = await interleaved(
      () => governed.executeToolCall(call),
      () => audited.executeToolCall(call),
      31,
    );
    const engine = new PermissionEngine({ mode: 'default', rules: twentyRules() });
    const action = mediumTool.actionFromArguments(JSON.parse(mediumArgs));
    const engineOnly = cpuPerCallSync(() => engine.check(mediumTool, action), 1_000_000);
    return [
      {
        title: 'Policy overhead per agent call (medium tool, one global pre hook; CPU µs per call, interleaved rounds)',
        rows: [
          { name: 'agent path, no policy', value: without },
          { name: "agent path, policy: 'default' mode, 20 rules, audit log off", value: withPolicy },
          { name: 'policy added (median of per-round differences)', value: added, maxValue: 0.5, note: 'issue 8' },
          { name: 'PermissionEngine.check alone (20 rules, CPU µs)', value: engineOnly },
          { name: "agent path, policy: 'default' mode, 20 rules, audit log on", value: withAudit },
          { name: 'audit log added: one line built and written before the call runs (median of per-round differences)', value: audit, note: 'a synchronous write per allowed call' },
        ],
      },
    ];
  } finally {
    await plain.close();
    await governed.close();
    await audited.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
