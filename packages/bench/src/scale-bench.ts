/**
 * Scale benchmarks (issue 15): first calls, many tools, memory per class and cold processes,
 * each against its baseline in the same run. CPU time (user + system) where the work is in this
 * process: the machine is shared, so wall time mostly measures the neighbours; child processes are
 * timed by their own CPU usage (medians of interleaved runs).
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ArrayMaxSize } from 'class-validator';
import { Action, Field, Observation, ToolDefinition, createAjv } from '@toolwright/sdk';
import type { ActionClass } from '@toolwright/sdk';
import type { BenchRow, BenchTable } from './measure.js';
import { median } from './measure.js';

const ARGS = { title: 'Fix the flaky test', body: 'It fails one run in fifty.', priority: 'high', labels: ['bug', 'ci'], estimate: 3, weight: 0.5, draft: false };
const JSON_ARGS = JSON.stringify(ARGS);

enum Priority {
  Low = 'low',
  Normal = 'normal',
  High = 'high',
}

/** A new medium-shaped Action class and its tool (a fresh class each time: nothing cached). */
function freshTool(i: number): ToolDefinition {
  class Issue extends Action {
    @Field({ description: 'Title' }) @IsString() @MinLength(1) @MaxLength(200) title!: string;
    @Field({ description: 'Body text' }) @IsOptional() @IsString() body?: string;
    @Field({ description: 'Priority' }) @IsEnum(Priority) priority!: Priority;
    @Field({ description: 'Labels' }) @IsString({ each: true }) @ArrayMaxSize(20) labels!: string[];
    @Field({ description: 'Estimate in hours' }) @IsInt() @Min(0) @Max(1000) estimate!: number;
    @Field({ description: 'Weight' }) @IsNumber() @Min(0) @Max(1) weight!: number;
    @Field({ description: 'Draft?' }) @IsBoolean() draft!: boolean;
  }
  return new ToolDefinition({ name: `issue_${i}`, description: 'Files an issue.', actionType: Issue, executor: { execute: (a: Issue) => Observation.fromText(a.title) } });
}

/** The same class-validator declaration without Toolwright (no @Field, no tool): the user's decorator metadata alone. */
function freshDeclaration(): object {
  class Issue {
    @IsString() @MinLength(1) @MaxLength(200) title!: string;
    @IsOptional() @IsString() body?: string;
    @IsEnum(Priority) priority!: Priority;
    @IsString({ each: true }) @ArrayMaxSize(20) labels!: string[];
    @IsInt() @Min(0) @Max(1000) estimate!: number;
    @IsNumber() @Min(0) @Max(1) weight!: number;
    @IsBoolean() draft!: boolean;
  }
  return Issue;
}

/** The same fields' property names and design types (what `emitDecoratorMetadata` records for any decorated property). */
const DESIGN_TYPES: [string, unknown][] = [
  ['title', String],
  ['body', String],
  ['priority', String],
  ['labels', Array],
  ['estimate', Number],
  ['weight', Number],
  ['draft', Boolean],
];

/** The class-validator decorators of {@link freshDeclaration}, applied by hand without `design:type` metadata: class-validator's records alone. */
function freshRulesOnly(): object {
  class Issue {}
  // Last decorator first, as TypeScript applies them.
  for (const [key, decorators] of rulesOf()) for (const decorate of [...decorators].reverse()) decorate(Issue.prototype, key);
  return Issue;
}

/** Only the `design:type` metadata TypeScript emits for the seven decorated properties (reflect-metadata's records). */
function freshDesignTypes(): object {
  class Issue {}
  for (const [key, type] of DESIGN_TYPES) Reflect.defineMetadata('design:type', type, Issue.prototype, key);
  return Issue;
}

function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function cpuMsAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** First call of a new tool class vs ajv's first call of the same schema (compile + validate). */
async function firstCalls(): Promise<BenchRow[]> {
  const ours: number[] = [];
  const ajv: number[] = [];
  const validator = createAjv();
  for (let i = 0; i < 200; i++) {
    const tool = freshTool(i);
    const schema = structuredClone(tool.inputSchema());
    ajv.push(cpuMs(() => void validator.compile(schema)(JSON.parse(JSON_ARGS)))); // ajv: compile, then the call
    ours.push(await cpuMsAsync(() => tool.call(tool.actionFromArguments(JSON.parse(JSON_ARGS)))));
  }
  const value = median(ours) * 1000;
  return [
    { name: 'ajv alone: first call of a new schema (compile + JSON.parse + validate)', value: median(ajv) * 1000, note: 'CPU µs, median of 200 classes' },
    { name: 'first call of a new native tool (actionFromArguments + call), target ≤ 300 µs', value, baseline: 300, baselineName: '300 µs', target: 1, note: `${(value / (median(ajv) * 1000)).toFixed(2)}× ajv's first call` },
  ];
}

/** 1,000 different tools called in turn (direct path) vs 1,000 ajv validators called in turn. */
async function manyTools(): Promise<BenchRow[]> {
  const tools = Array.from({ length: 1000 }, (_, i) => freshTool(10_000 + i));
  const validator = createAjv();
  const validators = tools.map((t) => validator.compile(structuredClone(t.inputSchema())));
  const ajvRound = (): number =>
    cpuMs(() => {
      for (const check of validators) {
        const args = JSON.parse(JSON_ARGS) as unknown;
        if (!check(args)) throw new Error('invalid');
      }
    }) / 1000;
  const ourRound = async (): Promise<number> =>
    (await cpuMsAsync(async () => {
      for (const tool of tools) {
        const observation = await tool.call(tool.actionFromArguments(JSON.parse(JSON_ARGS)));
        if (observation.isError) throw new Error(observation.text);
      }
    })) / 1000;
  const firstOurs = await ourRound();
  const ajvTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let r = 0; r < 9; r++) {
    ajvTimes.push(ajvRound());
    ourTimes.push(await ourRound());
  }
  const ajvUs = median(ajvTimes) * 1000;
  // Past each class's 64th call (where every class used to switch to ajv and compiled code at once).
  for (let r = 10; r < 65; r++) await ourRound();
  const lateAjv: number[] = [];
  const lateOurs: number[] = [];
  for (let r = 0; r < 9; r++) {
    lateAjv.push(ajvRound());
    lateOurs.push(await ourRound());
  }
  const lateAjvUs = median(lateAjv) * 1000;
  return [
    { name: '1,000 different tools in turn: ajv alone (JSON.parse + validate, compiled validators)', value: ajvUs, note: 'CPU µs per call' },
    { name: '1,000 different tools in turn: tool.call(actionFromArguments(JSON.parse)) — rounds 2-10', value: median(ourTimes) * 1000, baseline: ajvUs, baselineName: 'ajv alone', target: 1.5 },
    { name: '1,000 different tools in turn: first round (each tool its first call)', value: firstOurs * 1000, baseline: ajvUs, baselineName: 'ajv alone (warm)', note: 'CPU µs per call' },
    { name: '1,000 different tools in turn: rounds 66-74 (each class past 64 calls)', value: median(lateOurs) * 1000, baseline: lateAjvUs, baselineName: 'ajv alone, same rounds', target: 1.5 },
  ];
}

/** The user's declaration of {@link freshTool}'s class without Toolwright: class-validator's rules and `design:type` applied by hand to a class extending Action (no `@Field` yet). */
function declaredAction(): ActionClass {
  class Issue extends Action {}
  for (const [key, type] of DESIGN_TYPES) Reflect.defineMetadata('design:type', type, Issue.prototype, key);
  for (const [key, decorators] of rulesOf()) for (const decorate of [...decorators].reverse()) decorate(Issue.prototype, key);
  return Issue;
}

/** The class-validator decorators of the seven fields, as {@link freshTool} declares them. */
function rulesOf(): [string, PropertyDecorator[]][] {
  return [
    ['title', [IsString(), MinLength(1), MaxLength(200)]],
    ['body', [IsOptional(), IsString()]],
    ['priority', [IsEnum(Priority)]],
    ['labels', [IsString({ each: true }), ArrayMaxSize(20)]],
    ['estimate', [IsInt(), Min(0), Max(1000)]],
    ['weight', [IsNumber(), Min(0), Max(1)]],
    ['draft', [IsBoolean()]],
  ];
}

/** {@link freshTool}'s `@Field` options, property by property. */
const FIELD_DESCRIPTIONS: [string, string][] = [
  ['title', 'Title'],
  ['body', 'Body text'],
  ['priority', 'Priority'],
  ['labels', 'Labels'],
  ['estimate', 'Estimate in hours'],
  ['weight', 'Weight'],
  ['draft', 'Draft?'],
];

/** Toolwright's declaration on a {@link declaredAction} class: the `@Field` decorators (as TypeScript applies them, after the property's other decorators). */
function addFields(cls: ActionClass): void {
  for (const [key, description] of FIELD_DESCRIPTIONS) Field({ description })(cls.prototype, key);
}

function toolOf(cls: ActionClass, i: number): ToolDefinition {
  return new ToolDefinition({ name: `issue_${i}`, description: 'Files an issue.', actionType: cls, executor: { execute: (a: Action) => Observation.fromText((a as unknown as { title: string }).title) } });
}

/**
 * Toolwright's own heap per Action class, measured directly (issue 24 keeps it ≤ 5 KiB): each
 * window first makes `count` classes with class-validator's and reflect-metadata's records (not
 * measured), then adds `@Field` and makes each tool (the class part: @Field records, class model),
 * then makes each tool again and calls it once (the tool part: tool object, codec, closure
 * checker, hydrator). Means over consecutive windows: the per-class hash tables (class-validator's,
 * reflect-metadata's, Toolwright's WeakMaps) double at powers of two, so one window of 1,000
 * classes holds one table's doubling or none; a mean over 6,000 classes amortizes them, and
 * class-validator's tables grow outside the measured steps.
 */
async function toolwrightPart(gc: () => void): Promise<{ classPart: number; toolPart: number; windows: number[] }> {
  const count = 1000;
  const windowCount = 6;
  // Same schema as the decorated class (the by-hand declaration must be the one measured below).
  const check = declaredAction();
  addFields(check);
  if (JSON.stringify(toolOf(check, 0).inputSchema()) !== JSON.stringify(freshTool(0).inputSchema())) throw new Error('the by-hand declaration differs from the decorated class');
  let classBytes = 0;
  let toolBytes = 0;
  const windows: number[] = [];
  for (let w = 0; w < windowCount; w++) {
    const classes = Array.from({ length: count }, declaredAction);
    gc();
    const start = process.memoryUsage().heapUsed;
    for (let i = 0; i < count; i++) {
      addFields(classes[i]!);
      toolOf(classes[i]!, 50_000 + w * count + i);
    }
    gc();
    const declared = process.memoryUsage().heapUsed;
    const tools: ToolDefinition[] = [];
    for (let i = 0; i < count; i++) {
      const tool = toolOf(classes[i]!, 50_000 + w * count + i);
      const observation = await tool.call(tool.actionFromArguments(JSON.parse(JSON_ARGS)));
      if (observation.isError) throw new Error(observation.text);
      tools.push(tool);
    }
    gc();
    const called = process.memoryUsage().heapUsed;
    if (tools.length !== count || classes.length !== count) throw new Error('lost classes');
    classBytes += declared - start;
    toolBytes += called - declared;
    windows.push((called - start) / count / 1024);
  }
  return { classPart: classBytes / windowCount / count / 1024, toolPart: toolBytes / windowCount / count / 1024, windows };
}

/** Heap per Action class (+ tool) after its first call, with --expose-gc; Toolwright's part measured directly, the user's declaration beside it. */
async function memory(): Promise<BenchRow[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return [{ name: 'memory per Action class after its first call', value: Number.NaN, unit: 'KiB', note: 'run with node --expose-gc to measure' }];
  const own = await toolwrightPart(gc);
  // 1,000 classes per sample: with 300 the heap deltas moved by ±2 KiB per class from run to run.
  const count = 1000;
  const perClass = async (make: (i: number) => Promise<unknown>): Promise<number> => {
    const keep: unknown[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < count; i++) keep.push(await make(i));
    gc();
    const kib = (process.memoryUsage().heapUsed - before) / count / 1024;
    if (keep.length !== count) throw new Error('lost classes');
    return kib;
  };
  const declarations: number[] = [];
  const rulesOnly: number[] = [];
  const designOnly: number[] = [];
  const tools: number[] = [];
  for (let r = 0; r < 3; r++) {
    declarations.push(await perClass(async () => freshDeclaration()));
    rulesOnly.push(await perClass(async () => freshRulesOnly()));
    designOnly.push(await perClass(async () => freshDesignTypes()));
    tools.push(
      await perClass(async (i) => {
        const tool = freshTool(20_000 + r * count + i);
        await tool.call(tool.actionFromArguments(JSON.parse(JSON_ARGS)));
        return tool;
      }),
    );
  }
  const total = median(tools);
  const declared = median(declarations);
  const ownTotal = own.classPart + own.toolPart;
  const spread = `${Math.min(...own.windows).toFixed(2)}–${Math.max(...own.windows).toFixed(2)}`;
  return [
    { name: `memory per Action class (+ its tool) after its first call (${count} classes, heap delta)`, value: total, unit: 'KiB', baseline: 12, baselineName: '12 KiB', target: 1 },
    { name: 'the same class-validator declaration alone (no @Field, no tool): decorator metadata', value: declared, unit: 'KiB', note: "class-validator's and reflect-metadata's, not Toolwright's" },
    {
      name: '  of which class-validator: its 15 decorator calls alone (no design:type)',
      value: median(rulesOnly),
      unit: 'KiB',
      note: 'each call records a ValidationMetadata, a ConstraintMetadata and a new constraint class with its closures',
    },
    { name: "  of which reflect-metadata: the 7 properties' design:type records alone", value: median(designOnly), unit: 'KiB', note: 'TypeScript emits them for any decorated property' },
    {
      name: "Toolwright's part (@Field records, class model, tool, checker, hydrator), measured directly",
      value: ownTotal,
      unit: 'KiB',
      baseline: 5,
      baselineName: '5 KiB',
      target: 1,
      note: `mean of 6 windows of 1,000 classes (windows ${spread}); the user's declaration made outside the measured steps`,
    },
    { name: '  of which the class: @Field records and the class model (read when the tool is made)', value: own.classPart, unit: 'KiB', note: 'the class kept, its tool dropped' },
    { name: '  of which the tool object and its first call (codec, closure checker, hydrator)', value: own.toolPart, unit: 'KiB', note: 'the same classes, a tool made again and called once' },
    { name: '  (the difference of the first two rows, for comparison)', value: total - declared, unit: 'KiB', note: 'two medians of separate samples: moves by ±1 KiB with where the hash tables double' },
  ];
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');

/**
 * The lower quartile: load from other processes only ever adds CPU time (contended caches and
 * cores), so the less disturbed runs of each subject, interleaved with the others', are the
 * steadier comparison (measured over 15 rounds twice under load 6: ratios 0.99 and 1.00 by this,
 * 1.03 and 0.94 by medians).
 */
function lowerQuartile(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) / 4;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
}

/** CPU ms of a child process (its own user + system time, reported at exit). */
function childCpuMs(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  const match = /CPU_US=(\d+)/.exec(result.stderr);
  if (!match) throw new Error(`no CPU report from ${args.join(' ')}`);
  return Number(match[1]) / 1000;
}

/** Cold processes: `toolwright list` vs importing the MCP SDK client; first validated call vs class-validator + class-transformer. */
function coldProcesses(): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'tw-scale-'));
  const report = join(dir, 'report.cjs');
  writeFileSync(report, "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('CPU_US=' + (u.user + u.system) + '\\n'); });\n");
  const require = createRequire(join(root, 'package.json'));
  const mcpClient = require.resolve('@modelcontextprotocol/sdk/client/index.js');
  const cli = join(root, 'packages', 'cli', 'bin', 'toolwright.js');
  const ours = join(dir, 'ours.mjs');
  const theirs = join(dir, 'theirs.mjs');
  writeFileSync(
    ours,
    [
      `import { createRequire } from 'node:module';`,
      `const require = createRequire(${JSON.stringify(join(here, 'x.js'))});`,
      `require('reflect-metadata');`,
      `const { Action, Field, ToolDefinition, Observation } = await import(${JSON.stringify(require.resolve('@toolwright/sdk'))});`,
      `const cv = await import(${JSON.stringify(require.resolve('class-validator'))});`,
      `class A extends Action {}`,
      `Field({ description: 'n' })(A.prototype, 'name'); cv.IsString()(A.prototype, 'name'); cv.MinLength(1)(A.prototype, 'name');`,
      `Reflect.defineMetadata('design:type', String, A.prototype, 'name');`,
      `const tool = new ToolDefinition({ name: 'hello', description: 'd', actionType: A, executor: { execute: (a) => Observation.fromText(a.name) } });`,
      `const o = await tool.call(tool.actionFromArguments(JSON.parse('{"name":"x"}')));`,
      `if (o.isError) throw new Error(o.text);`,
    ].join('\n'),
  );
  writeFileSync(
    theirs,
    [
      `import { createRequire } from 'node:module';`,
      `const require = createRequire(${JSON.stringify(join(here, 'x.js'))});`,
      `require('reflect-metadata');`,
      `const cv = await import(${JSON.stringify(require.resolve('class-validator'))});`,
      `const ct = await import(${JSON.stringify(require.resolve('class-transformer'))});`,
      `class A {}`,
      `cv.IsString()(A.prototype, 'name'); cv.MinLength(1)(A.prototype, 'name');`,
      `const a = ct.plainToInstance(A, JSON.parse('{"name":"x"}'));`,
      `if (cv.validateSync(a).length > 0) throw new Error('invalid');`,
    ].join('\n'),
  );
  // Interleaved, the order rotating each round, so that load drifts on this shared machine hit
  // every subject alike; 15 rounds, lower quartiles. `oursNoCache` is the same process without the
  // bundle's V8 code cache, to show what the cache saves.
  const runs = { list: [] as number[], mcp: [] as number[], ours: [] as number[], theirs: [] as number[], oursNoCache: [] as number[] };
  const noCache = { ...process.env, TOOLWRIGHT_CODE_CACHE: 'off' };
  const subjects: [keyof typeof runs, string[], NodeJS.ProcessEnv?][] = [
    ['list', ['-r', report, cli, 'list']],
    ['mcp', ['-r', report, '-e', `import(${JSON.stringify(mcpClient)})`]],
    ['ours', ['-r', report, ours]],
    ['theirs', ['-r', report, theirs]],
    ['oursNoCache', ['-r', report, ours], noCache],
  ];
  const rounds = 15;
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < subjects.length; k++) {
      const [key, args, env] = subjects[(i + k) % subjects.length]!;
      runs[key].push(childCpuMs(args, env));
    }
  }
  const mcp = lowerQuartile(runs.mcp);
  const cv = lowerQuartile(runs.theirs);
  const note = `CPU ms of the process, lower quartile of ${rounds} (interleaved)`;
  const medians = (key: keyof typeof runs, base: keyof typeof runs): string => `median ${median(runs[key]).toFixed(0)} ms, ${(median(runs[key]) / median(runs[base])).toFixed(2)}× by medians`;
  return [
    { name: 'cold: node importing the MCP SDK client', value: mcp, unit: 'ms', note },
    { name: 'cold: toolwright list (built-in tools)', value: lowerQuartile(runs.list), unit: 'ms', baseline: mcp, baselineName: 'MCP SDK client import', target: 1.2, note: medians('list', 'mcp') },
    { name: 'cold: class-validator + class-transformer, first validated object', value: cv, unit: 'ms', note },
    { name: 'cold: @toolwright/sdk, first validated call (actionFromArguments + call)', value: lowerQuartile(runs.ours), unit: 'ms', baseline: cv, baselineName: 'class-validator + class-transformer', target: 1.1, note: medians('ours', 'theirs') },
    { name: 'the same without the code cache (TOOLWRIGHT_CODE_CACHE=off)', value: lowerQuartile(runs.oursNoCache), unit: 'ms', baseline: cv, baselineName: 'class-validator + class-transformer', note: `what the cache saves; ${medians('oursNoCache', 'theirs')}` },
  ];
}

/** The bench module entry. */
export async function run(): Promise<BenchTable[]> {
  return [
    { title: 'Scale: first call of a native tool (issue 15)', rows: await firstCalls() },
    { title: 'Scale: 1,000 different tools in turn (issue 15)', rows: await manyTools() },
    { title: 'Scale: memory per Action class (issue 15; node --expose-gc)', rows: await memory() },
    { title: 'Scale: cold processes (issue 15)', rows: coldProcesses() },
  ];
}
