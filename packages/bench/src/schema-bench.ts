/**
 * Schema benchmarks (issue 10): what provider exports cost now that they follow the providers'
 * rules and are deep-frozen (first export of 1,000 tools, the freeze alone, a cached export),
 * and what class-validator format rules (IsUrl, IsEmail…) cost per call against the same tool
 * with plain string rules, so that only tools using them pay.
 */
import 'reflect-metadata';
import { IsEmail, isEmail, IsOptional, IsString, IsUrl, isURL, MinLength } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { BenchRow, BenchTable } from './measure.js';
import { median, timeSync } from './measure.js';

class PlainLinkAction extends Action {
  @Field({ description: 'Page' }) @IsString() page!: string;
  @Field({ description: 'Contact' }) @IsString() contact!: string;
  @Field({ description: 'Note' }) @IsOptional() @IsString() note?: string;
}

class FormatLinkAction extends Action {
  @Field({ description: 'Page' }) @IsUrl() page!: string;
  @Field({ description: 'Contact' }) @IsEmail() contact!: string;
  @Field({ description: 'Note' }) @IsOptional() @IsString() note?: string;
}

const executor = { execute: (): Observation => Observation.fromText('ok') };

function generatedTools(count: number, prefix: string): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (let i = 0; i < count; i++) {
    const cls = { [`${prefix}${i}Action`]: class extends Action {} }[`${prefix}${i}Action`]!;
    for (let f = 0; f < 6; f++) {
      const key = `field_${i}_${f}`;
      Reflect.defineMetadata('design:type', f % 2 ? Number : String, cls.prototype, key);
      Field({ description: `Field ${f} of tool ${i}` })(cls.prototype, key);
      if (f % 2 === 0) {
        IsString()(cls.prototype, key);
        MinLength(1)(cls.prototype, key);
      }
      if (f === 5) IsOptional()(cls.prototype, key);
    }
    tools.push(new ToolDefinition({ name: `${prefix.toLowerCase()}_${i}`, description: `Tool ${i}`, actionType: cls, executor }));
  }
  return tools;
}

function msOf(fn: () => void): number {
  const samples: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

function exportCost(): BenchTable {
  const rows: BenchRow[] = [];
  let round = 0;
  // A fresh set of 1,000 tools per round (built before the clock starts): each first export builds, transforms and freezes.
  const firstOf = (exportOne: (tool: ToolDefinition) => unknown): number => {
    const samples: number[] = [];
    for (let r = 0; r < 5; r++) {
      const tools = generatedTools(1000, `Round${round++}x`);
      const start = process.hrtime.bigint();
      for (const tool of tools) exportOne(tool);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return median(samples);
  };
  rows.push({ name: '1,000 tools (6 fields): first OpenAI strict export (transform + deep-freeze)', value: firstOf((t) => t.toOpenAITool({ strict: true })), unit: 'ms' });
  rows.push({ name: '1,000 tools (6 fields): first OpenAI export, not strict', value: firstOf((t) => t.toOpenAITool()), unit: 'ms' });
  rows.push({ name: '1,000 tools (6 fields): first Gemini export (transform + deep-freeze)', value: firstOf((t) => t.toGeminiTool()), unit: 'ms' });
  const tools = generatedTools(1000, 'Cached');
  const exports = tools.map((t) => structuredClone(t.toOpenAITool({ strict: true })));
  const freezeAndClone = msOf(() => {
    for (const e of exports.map((x) => structuredClone(x))) deepFreeze(e);
  });
  const cloneOnly = msOf(() => void exports.map((x) => structuredClone(x)));
  rows.push({ name: '1,000 strict exports: deep-freeze alone', value: Math.max(0, freezeAndClone - cloneOnly), unit: 'ms', note: 'paid once per tool and options' });
  const tool = tools[0]!;
  rows.push({ name: 'cached export (toOpenAITool strict, per call)', value: timeSync(() => tool.toOpenAITool({ strict: true }), 200_000) });
  rows.push({ name: 'copy instead of freeze (structuredClone of one export, per call)', value: timeSync(() => structuredClone(tool.toOpenAITool({ strict: true })), 20_000), note: 'what returning copies would cost per call' });
  return { title: 'Provider exports', rows };
}

function deepFreeze(value: unknown): void {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
}

function formatCost(): BenchTable {
  const plain = new ToolDefinition({ name: 'plain', description: 'Plain strings.', actionType: PlainLinkAction, executor });
  const formats = new ToolDefinition({ name: 'formats', description: 'IsUrl + IsEmail.', actionType: FormatLinkAction, executor });
  const args = { page: 'https://example.com/docs', contact: 'user@example.com', note: 'hi' };
  const plainUs = timeSync(() => plain.actionFromArguments(args), 200_000);
  const formatUs = timeSync(() => formats.actionFromArguments(args), 50_000);
  const urlUs = timeSync(() => isURL(args.page), 50_000);
  const emailUs = timeSync(() => isEmail(args.contact), 50_000);
  return {
    title: 'Validation with class-validator format rules (µs per actionFromArguments)',
    rows: [
      { name: '3 fields, @IsString only', value: plainUs },
      { name: '3 fields, @IsUrl + @IsEmail (class-validator isURL/isEmail with options)', value: formatUs, baseline: plainUs, baselineName: '@IsString' },
      { name: "class-validator's isURL alone", value: urlUs },
      { name: "class-validator's isEmail alone", value: emailUs },
    ],
  };
}

async function mcpNullCost(): Promise<BenchTable> {
  const { createMcpToolsFromClients } = await import('@toolwright/sdk/mcp');
  const { createInMemoryMcpServer } = await import('@toolwright/sdk/testing');
  const properties = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, { type: 'string' }]));
  const server = createInMemoryMcpServer({ name: 'bench', tools: [{ name: 'six', description: 'Six strings.', inputSchema: { type: 'object', properties, required: ['p0', 'p1', 'p2'] } }] });
  const toolset = await createMcpToolsFromClients([server.client()]);
  try {
    const tool = toolset.tools[0]!;
    const full = { p0: 'a', p1: 'b', p2: 'c', p3: 'd', p4: 'e', p5: 'f' };
    const nulls = { p0: 'a', p1: 'b', p2: 'c', p3: null, p4: null, p5: null };
    return {
      title: 'MCP arguments: null means absent (µs per actionFromArguments, 6 properties, 3 optional)',
      rows: [
        { name: 'no nulls (nothing to drop)', value: timeSync(() => tool.actionFromArguments(full), 200_000) },
        { name: '3 nulls a strict model sends for optional properties (dropped, then validated)', value: timeSync(() => tool.actionFromArguments(nulls), 200_000) },
      ],
    };
  } finally {
    await toolset.close();
  }
}

/** Runs the schema benchmarks. */
export async function run(): Promise<BenchTable[]> {
  return [exportCost(), formatCost(), await mcpNullCost()];
}
