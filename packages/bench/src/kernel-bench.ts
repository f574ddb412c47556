/**
 * Kernel benchmarks (issue 2): per-call overhead of a Toolwright tool against JSON.parse + a
 * direct call and against an ajv-compiled validator + call; JSON Schema generation for 1,000
 * classes; cold import of the root entry against class-validator + class-transformer alone.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IsString, MinLength } from 'class-validator';
import { Action, createAjv, Field, jsonSchemaOf, Observation } from '@toolwright/sdk';
import type { Content, ToolExecutor } from '@toolwright/sdk';
import { addArgs, addTool, mediumArgs, mediumTool } from './kernel-fixtures.js';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundRatios, roundSamples } from './measure.js';

type Plain = Record<string, unknown> & { a: number; b: number; title: string; priority: string; owner: { name: string } };

const renderAdd = (args: Plain): string => String(args.a + args.b);
const renderMedium = (args: Plain): string => `${args.title} (${args.priority}) by ${args.owner.name}`;
/** The executor called on an Action outside any call machinery (the fixtures' executors answer synchronously and read no context). */
function floorCall(executor: ToolExecutor<Action, Observation>, action: Action): Observation {
  const result = executor.execute(action, undefined as never);
  if (!(result instanceof Observation)) throw new Error('the floor needs a synchronous executor');
  return result;
}

const directCall = async (args: Plain, render: (args: Plain) => string): Promise<Content[]> => [{ type: 'text', text: render(args) }];

/**
 * Per-call overhead of a direct `tool.call`, interleaved with its baselines and measured in CPU
 * time (wall time on a shared machine mostly measures the neighbours). The baseline is issue 15's
 * synchronous ajv call, timed in a synchronous loop as the pipeline group times it (no await per
 * call); the same call awaited by its caller (this group's baseline before) and an awaited async
 * wrapper are rows of their own. Targets are issue 15's: ≤ 2× for `add`, ≤ 1.15× for `medium`,
 * judged on the median of per-round ratios (round r of every subject ran close together, so the
 * load of that moment cancels; the range shown is their interquartile range). Two floor rows show
 * what no promise-returning call API avoids: the Action from `actionFromArguments` and the
 * executor's Observation, alone and behind one awaited promise (no context, lock or error funnel).
 */
async function callOverhead(): Promise<BenchTable> {
  const ajv = createAjv();
  const rows: BenchRow[] = [];
  for (const [label, tool, json, render, target] of [
    ['add', addTool, addArgs, renderAdd, 2],
    ['medium', mediumTool, mediumArgs, renderMedium, 1.15],
  ] as const) {
    const validate = ajv.compile(tool.inputSchema());
    const executor = tool.executor! as ToolExecutor<Action, Observation>;
    const ajvCall = (): string => {
      const args = JSON.parse(json) as Plain;
      if (!validate(args)) throw new Error('invalid');
      return render(args);
    };
    const floor = (): Observation => floorCall(executor, tool.actionFromArguments(JSON.parse(json)));
    const samples = await roundSamples([
      { fn: () => render(JSON.parse(json) as Plain), sync: true },
      { fn: ajvCall, sync: true },
      { fn: ajvCall, sync: false },
      {
        fn: async () => {
          const args = JSON.parse(json) as Plain;
          if (!validate(args)) throw new Error('invalid');
          return directCall(args, render);
        },
        sync: false,
      },
      { fn: () => floor().toLlmContent(), sync: true },
      { fn: async () => (await Promise.resolve(floor())).toLlmContent(), sync: false },
      {
        fn: async () => {
          const action = tool.actionFromArguments(JSON.parse(json));
          const observation = await tool.call(action as never);
          return observation.toLlmContent();
        },
        sync: false,
      },
    ]);
    const [limit, ajvSync, ajvAwaited, ajvAsync, floorSync, floorAsync, toolwright] = samples.map(median) as [number, number, number, number, number, number, number];
    const vsSync = { baseline: ajvSync, baselineName: 'ajv sync' };
    const against = (i: number): ReturnType<typeof roundRatios> => roundRatios(samples[i]!, samples[1]!);
    rows.push({ name: `${label}: JSON.parse + render, synchronous loop (the limit)`, value: limit });
    rows.push({ name: `${label}: JSON.parse + ajv + render, synchronous loop — the baseline`, value: ajvSync });
    rows.push({ name: `${label}: the same, awaited by its caller`, value: ajvAwaited, ...vsSync, ...against(2), note: "this group's baseline before: one await per call" });
    rows.push({ name: `${label}: JSON.parse + ajv + awaited async call`, value: ajvAsync, ...vsSync, ...against(3) });
    rows.push({ name: `${label}: floor: actionFromArguments + execute + toLlmContent (sync)`, value: floorSync, ...vsSync, ...against(4), note: 'no context, lock or error funnel' });
    rows.push({ name: `${label}: floor: the same behind one awaited promise`, value: floorAsync, ...vsSync, ...against(5), note: 'the least any promise-returning call costs' });
    rows.push({
      name: `${label}: Toolwright parse → actionFromArguments → call → toLlmContent`,
      value: toolwright,
      ...vsSync,
      ...against(6),
      target,
      note: `issue 15; ${roundRatios(samples[6]!, samples[2]!).ratio.toFixed(2)}× ajv sync awaited, ${roundRatios(samples[6]!, samples[5]!).ratio.toFixed(2)}× the awaited floor`,
    });
  }
  return {
    title: `Per-call overhead (sequential, CPU µs per call, medians of 31 interleaved rounds in rotating order; ratio = median of per-round ratios [interquartile range]; 1-minute load ${loadavg()[0]!.toFixed(2)} at the end)`,
    rows,
  };
}

function schemaGeneration(): BenchTable {
  const classes: (new () => Action)[] = [];
  for (let i = 0; i < 1000; i++) {
    const cls = { [`Generated${i}Action`]: class extends Action {} }[`Generated${i}Action`]!;
    for (let f = 0; f < 6; f++) {
      const key = `field_${i}_${f}`;
      Reflect.defineMetadata('design:type', f % 2 ? Number : String, cls.prototype, key);
      Field({ description: `Field ${f} of class ${i}` })(cls.prototype, key);
      if (f % 2 === 0) {
        IsString()(cls.prototype, key);
        MinLength(1)(cls.prototype, key);
      }
    }
    classes.push(cls);
  }
  const start = process.hrtime.bigint();
  for (const cls of classes) jsonSchemaOf(cls);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return {
    title: 'JSON Schema generation',
    rows: [{ name: '1,000 distinct Action classes (6 fields each), first generation', value: ms, unit: 'ms', note: 'target ≤ 200 ms total' }],
  };
}

function coldImport(): BenchTable {
  const cwd = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const programs = {
    bare: '',
    libs: "await import('class-validator'); await import('class-transformer');",
    sdk: "await import('@toolwright/sdk');",
  };
  const samples: Record<keyof typeof programs, number[]> = { bare: [], libs: [], sdk: [] };
  // Interleaved, so that load from anything else on the machine hits the three alike.
  for (let i = 0; i < 15; i++) {
    for (const [name, code] of Object.entries(programs) as [keyof typeof programs, string][]) {
      const start = process.hrtime.bigint();
      execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd });
      samples[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const bare = median(samples.bare);
  const libs = median(samples.libs);
  const sdk = median(samples.sdk);
  return {
    title: 'Cold import (wall ms, median of 15 fresh processes, interleaved)',
    rows: [
      { name: 'bare node', value: bare, unit: 'ms' },
      { name: "import('class-validator') + import('class-transformer')", value: libs, unit: 'ms' },
      { name: "import('@toolwright/sdk')", value: sdk, unit: 'ms', baseline: libs, baselineName: 'cv + ct', target: 1.15 },
      {
        name: "import('@toolwright/sdk') over bare node",
        value: sdk - bare,
        unit: 'ms',
        baseline: libs - bare,
        baselineName: 'cv + ct over bare',
        target: 1.15,
      },
    ],
  };
}

/** Runs the kernel benchmarks. */
export async function run(): Promise<BenchTable[]> {
  return [await callOverhead(), schemaGeneration(), coldImport()];
}
