/**
 * Model-side benchmark (issue 25).
 * 1. The tool loop's own overhead per step: `runTools` over an in-process model (answers at once
 *    with a prebuilt turn: no HTTP, no parsing) and the Agent running a trivial `add` tool, against
 *    the AI SDK's `generateText` loop (`stopWhen: stepCountIs`) over an in-process LanguageModelV3
 *    giving the same calls, with the same trivial tool as an AI SDK tool. Both runs take 8 steps
 *    (7 with one call, then the answer). Target: Toolwright ≤ 0.5× the AI SDK per step.
 * 2. Streamed-argument assembly: one call's arguments (a JSON object of ~256 KB) fed to the
 *    OpenAI Chat Completions and Anthropic assemblers as 8-character fragments (as models stream
 *    them), in MB/s of arguments, against JSON.parse of the finished string.
 */
import 'reflect-metadata';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import { anthropicMessages, openAIChat, runTools } from '@toolwright/models';
import type { ModelAdapter, ModelTurn } from '@toolwright/models';
import type { BenchRow, BenchTable } from './measure.js';
import { median, roundRatios } from './measure.js';

const STEPS = 8;
/** The tool's arguments, one schema for both sides (each side gets its own copy: the SDK freezes what it compiles). */
const addSchema = () => ({ type: 'object' as const, properties: { a: { type: 'integer' as const }, b: { type: 'integer' as const } }, required: ['a', 'b'], additionalProperties: false });

/** An in-process Chat Completions model: a call of `add` for the first STEPS-1 requests, then text. */
function toolwrightModel(): ModelAdapter {
  let n = 0;
  return {
    dialect: openAIChat,
    request: async (): Promise<ModelTurn> => {
      const step = n++ % STEPS;
      if (step === STEPS - 1) return { text: 'done', calls: [], usage: { inputTokens: 10, outputTokens: 1, totalTokens: 11 }, finishReason: 'stop', messages: [{ role: 'assistant', content: 'done' }] };
      const id = `call_${step}`;
      const args = '{"a":1,"b":2}';
      return {
        text: '',
        calls: [{ id, name: 'add', arguments: args }],
        usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
        finishReason: 'tool_calls',
        messages: [{ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'add', arguments: args } }] }],
      };
    },
  };
}

type AiModel = Exclude<Parameters<typeof generateText>[0]['model'], string>;

/** The same model for the AI SDK: a LanguageModelV3 answering at once. */
function aiSdkModel(): AiModel {
  let n = 0;
  const usage = (output: number) => ({ inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } });
  const model = {
    specificationVersion: 'v3',
    provider: 'bench',
    modelId: 'in-process',
    supportedUrls: {},
    doGenerate: async () => {
      const step = n++ % STEPS;
      if (step === STEPS - 1) return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(1), warnings: [] };
      return { content: [{ type: 'tool-call', toolCallId: `call_${step}`, toolName: 'add', input: '{"a":1,"b":2}' }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(5), warnings: [] };
    },
    doStream: () => Promise.reject(new Error('not streamed in this bench')),
  };
  return model as unknown as AiModel;
}

interface Loops {
  toolwright: () => Promise<void>;
  aiSdk: () => Promise<void>;
  close: () => Promise<void>;
}

async function loops(): Promise<Loops> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-models-bench-')));
  const add = defineTool<{ a: number; b: number }>({ name: 'add', description: 'Adds two integers.', input: addSchema(), annotations: { readOnlyHint: true }, execute: ({ a, b }) => String(a + b) });
  const agent = new Agent({ toolsets: [new FunctionToolset([add])], policy: { auditLog: false } });
  await agent.initialize(new ConversationState({ id: 'models-bench', workingDir: dir }));
  const model = toolwrightModel();
  const tools = { add: tool({ description: 'Adds two integers.', inputSchema: jsonSchema<{ a: number; b: number }>(addSchema()), execute: ({ a, b }) => String(a + b) }) };
  const aiModel = aiSdkModel();
  return {
    toolwright: async () => {
      const result = await runTools({ model, agent, input: 'add', maxSteps: STEPS });
      if (result.status !== 'done' || result.steps.length !== STEPS) throw new Error(`runTools ended ${result.status} after ${result.steps.length} steps`);
    },
    aiSdk: async () => {
      const result = await generateText({ model: aiModel, tools, stopWhen: stepCountIs(STEPS), prompt: 'add' });
      if (result.steps.length !== STEPS || result.text !== 'done') throw new Error(`generateText ended after ${result.steps.length} steps`);
    },
    close: async () => {
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** µs per run of `fn`, `iterations` runs. */
async function batch(fn: () => Promise<void>, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1_000 / iterations;
}

async function loopTable(): Promise<BenchTable> {
  const l = await loops();
  try {
    const iterations = 200;
    for (let i = 0; i < 3; i++) {
      await batch(l.toolwright, iterations);
      await batch(l.aiSdk, iterations);
    }
    const tw: number[] = [];
    const ai: number[] = [];
    for (let r = 0; r < 15; r++) {
      // Alternate which goes first, so neither always follows the other's garbage.
      if (r % 2 === 0) {
        tw.push(await batch(l.toolwright, iterations));
        ai.push(await batch(l.aiSdk, iterations));
      } else {
        ai.push(await batch(l.aiSdk, iterations));
        tw.push(await batch(l.toolwright, iterations));
      }
    }
    const perStep = (xs: number[]) => xs.map((x) => x / STEPS);
    const { ratio, ratioRange } = roundRatios(perStep(tw), perStep(ai));
    const rows: BenchRow[] = [
      { name: `runTools: per step (${STEPS}-step run, 1 call per step)`, value: median(perStep(tw)), baseline: median(perStep(ai)), baselineName: 'AI SDK generateText', target: 0.5, ratio, ratioRange, note: 'in-process model, trivial tool; the Agent runs policy + pipeline' },
      { name: 'AI SDK generateText: per step', value: median(perStep(ai)) },
    ];
    return { title: 'Tool loop overhead per step (µs/step)', rows };
  } finally {
    await l.close();
  }
}

/** ~256 KB of arguments: an object with a long list of records. */
function bigArguments(): string {
  const items = Array.from({ length: 2_600 }, (_, i) => ({ id: i, path: `src/module-${i}/file-${i}.ts`, note: `line ${i}: "quoted" \\ text`, ok: i % 3 === 0 }));
  return JSON.stringify({ items });
}

function fragments(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function chatEvents(args: string): unknown[] {
  const chunk = (delta: unknown, finish: string | null = null) => ({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
  return [chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'add', arguments: '' } }] }), ...fragments(args).map((f) => chunk({ tool_calls: [{ index: 0, function: { arguments: f } }] })), chunk({}, 'tool_calls')];
}

function anthropicEvents(args: string): unknown[] {
  return [
    { type: 'message_start', message: { id: 'm', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 0 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'add', input: {} } },
    ...fragments(args).map((f) => ({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: f } })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 1 } },
    { type: 'message_stop' },
  ];
}

/** MB/s of `bytes` processed per run of `fn` (median of rounds). */
function throughput(fn: () => unknown, bytes: number, iterations = 20, rounds = 9): number {
  for (let i = 0; i < 5; i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    samples.push((bytes * iterations) / seconds / 1e6);
  }
  return median(samples);
}

function assemblyTable(): BenchTable {
  const args = bigArguments();
  const bytes = Buffer.byteLength(args);
  const parse = throughput(() => JSON.parse(args), bytes);
  const rows: BenchRow[] = [{ name: `JSON.parse of the finished string (${Math.round(bytes / 1024)} KB)`, value: parse, unit: 'MB/s' }];
  for (const [name, dialect, events] of [
    ['OpenAI chat delta.tool_calls fragments', openAIChat, chatEvents(args)],
    ['Anthropic input_json_delta fragments', anthropicMessages, anthropicEvents(args)],
  ] as const) {
    const assemble = () => {
      const assembler = dialect.createAssembler();
      for (const e of events) assembler.push(e);
      const turn = assembler.finish();
      if (turn.calls[0]?.arguments.length !== args.length || turn.calls[0].problem !== undefined) throw new Error(`${name}: the call was not assembled`);
    };
    const value = throughput(assemble, bytes);
    rows.push({ name: `${name} (${events.length} events, 8-char fragments)`, value, unit: 'MB/s', note: `${(value / parse).toFixed(2)}× JSON.parse's throughput` });
  }
  return { title: 'Streamed-argument assembly (MB/s of arguments)', rows };
}

export async function run(): Promise<BenchTable[]> {
  return [await loopTable(), assemblyTable()];
}
