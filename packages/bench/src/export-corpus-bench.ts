/**
 * First-call latency over the tool-schema corpus (issue 30; 3,571 real tool schemas, see
 * packages/sdk/test/fixtures/corpus/README.md): each tool's first validation and first export,
 * as a process meets them (nothing compiled or exported before; the corpus's schemas are
 * distinct, so no tool reuses another's compiled check). Percentiles over the tools, in ms.
 * `npm run bench -- export-corpus`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { JsonSchema } from '@toolwright/sdk';
import type { MCPToolDefinition } from '@toolwright/sdk/mcp';
import type { BenchRow, BenchTable } from './measure.js';

interface CorpusTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../sdk/test/fixtures/corpus/tool-schemas.json.gz');

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plausible value for a schema (enum, default, or a plain value of its type); required properties only. */
function sampleOf(schema: unknown): unknown {
  if (!isNode(schema)) return 'x';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const properties = isNode(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.filter((n) => n in properties).map((n) => [n, sampleOf(properties[n])]));
    }
    default:
      return 'example';
  }
}

/** One call's wall-clock and CPU time (the process's, so time lost to other processes on a loaded machine shows as the gap), in ms. */
interface Sample {
  wall: number;
  cpu: number;
}

/** Times one call of `fn`. */
function timed(fn: () => void): Sample {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1e3 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** p50, p99 and max of the wall-clock times; the CPU-time figures in the notes. */
function percentileRows(label: string, samples: Sample[], note: string): BenchRow[] {
  const wall = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  const cpuNote = (p: number): string => `CPU ${percentile(cpu, p).toFixed(2)} ms`;
  return [
    { name: `${label}: p50`, value: percentile(wall, 0.5), unit: 'ms', note: `${cpuNote(0.5)}; ${note}` },
    { name: `${label}: p99`, value: percentile(wall, 0.99), unit: 'ms', note: cpuNote(0.99) },
    { name: `${label}: max`, value: percentile(wall, 1), unit: 'ms', note: cpuNote(1) },
  ];
}

/** Each tool's first call with the given arguments: its times, and how many calls were accepted. */
function firstCalls(tools: readonly MCPToolDefinition[], argsOf: (tool: MCPToolDefinition) => unknown): { samples: Sample[]; accepted: number } {
  const samples: Sample[] = [];
  let accepted = 0;
  for (const tool of tools) {
    const args = argsOf(tool);
    samples.push(
      timed(() => {
        try {
          tool.actionFromArguments(args);
          accepted++;
        } catch {
          // Rejected: the issues were built (what a model's bad call costs).
        }
      }),
    );
  }
  return { samples, accepted };
}

/** Every tool of the corpus, as MCP tools of one in-memory server (a fresh toolset: nothing compiled). */
async function corpusTools(corpus: readonly CorpusTool[]): Promise<{ tools: readonly MCPToolDefinition[]; close(): Promise<void> }> {
  const { createMcpToolsFromClients } = await import('@toolwright/sdk/mcp');
  const { createInMemoryMcpServer } = await import('@toolwright/sdk/testing');
  const server = createInMemoryMcpServer({ name: 'corpus', tools: corpus.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as never })) });
  const toolset = await createMcpToolsFromClients([server.client()]);
  return { tools: toolset.tools, close: () => toolset.close() };
}

/** The bench group. */
export async function run(): Promise<BenchTable[]> {
  const corpus = (JSON.parse(gunzipSync(readFileSync(CORPUS)).toString('utf8')) as { tools: CorpusTool[] }).tools;
  const rows: BenchRow[] = [];

  const valid = await corpusTools(corpus);
  const firstValid = firstCalls(valid.tools, (tool) => sampleOf(tool.inputSchema()));
  rows.push(...percentileRows('first call, plausible arguments', firstValid.samples, `${corpus.length} tools; ${firstValid.accepted} accepted; the first one loads the validator`));
  const exports = valid.tools.map((tool) =>
    timed(() => {
      tool.toOpenAITool();
      tool.toOpenAITool({ strict: 'auto' });
      tool.toResponsesTool({ strict: 'auto' });
      tool.toAnthropicTool();
      tool.toGeminiTool();
      tool.toMcpTool();
    }),
  );
  rows.push(...percentileRows('first export, all formats (OpenAI plain and strict auto, Responses, Anthropic, Gemini, MCP)', exports, 'transforms + deep freeze, per tool'));
  await valid.close();

  const invalid = await corpusTools(corpus);
  const withRequired = invalid.tools.filter((tool) => Array.isArray(tool.inputSchema().required) && tool.inputSchema().required!.length > 0);
  const firstInvalid = firstCalls(withRequired, () => ({}));
  rows.push(...percentileRows('first call, required arguments missing', firstInvalid.samples, `${withRequired.length} tools with required arguments; ${firstInvalid.accepted} accepted; ajv compiles for the issues`));
  await invalid.close();

  return [{ title: `Export corpus: first-call latency over ${corpus.length} real tool schemas (per tool)`, rows }];
}
