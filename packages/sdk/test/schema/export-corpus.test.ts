/**
 * Every provider export and the validator over a corpus nobody here wrote (README.md beside the
 * fixture): the tools of the MCP servers that list offline and the Berkeley Function Calling
 * Leaderboard's function docs, served by one in-memory MCP server, as `MCPToolDefinition`s.
 *
 * For each tool: the providers' documented name rules; OpenAI strict `'auto'` (Chat Completions
 * and Responses agree, never throw, a strict schema follows every strict-mode rule and keeps each
 * `default` as "Default: <json>." in a description); Anthropic's object `input_schema`; Gemini's
 * schema subset, and no Gemini declaration that leaves out a value every call must carry (such a
 * tool is not exported, with a warning naming the path); MCP passes the schema through.
 * Then validator ⇔ ajv: generated arguments (seeded, mostly schema-shaped, one in two mutated)
 * get the same verdict from the tool's validator (`actionFromArguments`) and from an ajv of our
 * own with formats, except the documented leniency — `null` in an optional property whose schema
 * rejects `null` means "absent" (what strict exports make models send) — re-implemented here
 * from the schema alone and applied before ajv.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { ToolwrightError } from '@toolwright/sdk';
import type { ExportWarning, JsonSchema } from '@toolwright/sdk';
import { createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { MCPToolDefinition, McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import { anthropicViolations, geminiViolations, openAIStrictViolations } from '../../../../test/schemas/provider-checkers.js';
import { loadCorpus } from '../fixtures/corpus/load-corpus.js';
import type { CorpusTool } from '../fixtures/corpus/load-corpus.js';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** OpenAI (function.name) and Anthropic (tool name): letters, digits, underscores, dashes, 1 to 64. */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Gemini (FunctionDeclaration.name): starts with a letter or underscore; letters, digits, `_ . : -`; at most 64. */
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
/** MCP (Tool.name, 2025-11-25): 1 to 128 of letters, digits, `_ - .`. */
const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const corpus = loadCorpus();
let toolset: McpToolset;
let tools: readonly MCPToolDefinition[];
const sourceOf = new Map<string, CorpusTool>();

beforeAll(async () => {
  const server = createInMemoryMcpServer({ name: 'corpus', tools: corpus.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as never, handler: () => 'ok' })) });
  toolset = await createMcpToolsFromClients([server.client()]);
  tools = toolset.tools;
  for (const tool of tools) sourceOf.set(tool.name, corpus.find((t) => t.name === tool.mcpName)!);
}, 60_000);

afterAll(async () => {
  await toolset.close();
});

/** JSON with object keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isNode(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}

/** Every `default` value in a schema, by path (properties, items, anyOf/oneOf/allOf branches). */
function defaultsOf(schema: unknown, path = '#', out: [string, unknown][] = []): [string, unknown][] {
  if (!isNode(schema)) return out;
  if (schema.default !== undefined) out.push([path, schema.default]);
  if (isNode(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) defaultsOf(v, `${path}/properties/${k}`, out);
  if (isNode(schema.items)) defaultsOf(schema.items, `${path}/items`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[key])) (schema[key] as unknown[]).forEach((b, i) => defaultsOf(b, `${path}/${key}/${i}`, out));
  return out;
}

/** All descriptions and `default` keys of a schema. */
function descriptionsAndDefaults(schema: unknown, acc = { text: '', defaults: 0 }): { text: string; defaults: number } {
  if (Array.isArray(schema)) for (const v of schema) descriptionsAndDefaults(v, acc);
  else if (isNode(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'description' && typeof value === 'string') acc.text += `${value}\n`;
      else if (key === 'default') acc.defaults++;
      else if (key !== 'enum' && key !== 'const') descriptionsAndDefaults(value, acc);
    }
  }
  return acc;
}

/** Paths of required values of `source` (followed through required objects) missing from Gemini's `declared`. */
function missingRequired(source: unknown, declared: unknown, path = '#'): string[] {
  if (!isNode(source) || !isNode(source.properties) || !Array.isArray(source.required)) return [];
  const properties = isNode(declared) && isNode(declared.properties) ? declared.properties : {};
  const out: string[] = [];
  for (const name of source.required as string[]) {
    if (!(name in source.properties)) continue; // required but undeclared: any value; the export cannot name it either way
    if (!(name in properties)) out.push(`${path}/properties/${name}`);
    else if (isNode(properties[name]) && properties[name].nullable !== true) out.push(...missingRequired(source.properties[name], properties[name], `${path}/properties/${name}`));
  }
  return out;
}

describe(`provider exports of ${corpus.length} real-world tools`, () => {
  it('holds the MCP servers and BFCL function docs, each tool once', () => {
    expect(tools).toHaveLength(corpus.length);
    const sources = new Set(corpus.map((t) => t.source));
    expect([...sources].sort()).toEqual([
      'bfcl',
      ...['context7-mcp', 'notion-mcp-server', 'playwright-mcp', 'server-aws-kb-retrieval', 'server-brave-search', 'server-everart', 'server-everything', 'server-filesystem']
        .concat(['server-github', 'server-gitlab', 'server-google-maps', 'server-memory', 'server-postgres', 'server-puppeteer', 'server-sequential-thinking', 'server-slack'])
        .map((s) => `mcp:${s}`),
    ]);
  });

  it('names every tool the way each provider allows', () => {
    const bad = tools.filter((t) => !OPENAI_NAME.test(t.name) || !GEMINI_NAME.test(t.name) || !MCP_NAME.test(t.toMcpTool().name)).map((t) => t.name);
    expect(bad).toEqual([]);
  });

  it('OpenAI strict auto never throws; strict schemas follow every rule and say each default; Chat Completions and Responses agree', () => {
    const failures: string[] = [];
    let strictCount = 0;
    for (const tool of tools) {
      const warnings: ExportWarning[] = [];
      const chat = tool.toOpenAITool({ strict: 'auto', onWarning: (w) => warnings.push(w) });
      const responses = tool.toResponsesTool({ strict: 'auto' });
      if (chat.function.strict !== responses.strict) failures.push(`${tool.name}: chat strict ${chat.function.strict}, responses ${responses.strict}`);
      if (!chat.function.strict) {
        if (warnings.length !== 1) failures.push(`${tool.name}: fell back from strict with ${warnings.length} warnings`);
        continue;
      }
      strictCount++;
      for (const v of openAIStrictViolations(chat.function.parameters)) failures.push(`${tool.name}: ${v}`);
      const { text, defaults } = descriptionsAndDefaults(chat.function.parameters);
      if (defaults > 0) failures.push(`${tool.name}: strict schema carries default`);
      for (const [path, value] of defaultsOf(tool.modelInputSchema())) {
        if (!text.includes(`Default: ${JSON.stringify(value)}.`)) failures.push(`${tool.name}: default at ${path} dropped`);
      }
    }
    expect(failures).toEqual([]);
    expect(strictCount).toBeGreaterThan(tools.length / 2);
  });

  it('OpenAI non-strict, Responses and Anthropic carry the model schema as it is, an object', () => {
    const failures: string[] = [];
    for (const tool of tools) {
      const model = tool.modelInputSchema();
      if (tool.toOpenAITool().function.parameters !== model && JSON.stringify(tool.toOpenAITool().function.parameters) !== JSON.stringify(model)) failures.push(`${tool.name}: openai`);
      if (JSON.stringify(tool.toResponsesTool().parameters) !== JSON.stringify(model)) failures.push(`${tool.name}: responses`);
      for (const v of anthropicViolations(tool.toAnthropicTool().input_schema)) failures.push(`${tool.name}: ${v}`);
    }
    expect(failures).toEqual([]);
  });

  it('Gemini: every declaration follows the schema subset and describes every value a call must carry; the others are not exported and the warning names the path', () => {
    const failures: string[] = [];
    const notExported: string[] = [];
    for (const tool of tools) {
      const warnings: ExportWarning[] = [];
      const declaration = tool.toGeminiTool({ onWarning: (w) => warnings.push(w) });
      if (declaration === undefined) {
        notExported.push(tool.name);
        const message = warnings[0]?.message ?? '';
        if (!/is not exported for Gemini: every call needs #\/properties\//.test(message)) failures.push(`${tool.name}: not exported, warning ${JSON.stringify(message)}`);
        continue;
      }
      for (const v of geminiViolations(declaration.parameters)) failures.push(`${tool.name}: ${v}`);
      for (const path of missingRequired(tool.modelInputSchema(), declaration.parameters)) failures.push(`${tool.name}: required ${path} not described`);
    }
    expect(failures).toEqual([]);
    // What the corpus holds today (recorded so a change in the transform is seen): tools with a required untyped object.
    expect(notExported.length).toBeGreaterThan(0);
    expect(notExported.length).toBeLessThan(tools.length / 20);
  });

  it('MCP passes each schema through untouched', () => {
    // Key order aside (the MCP SDK's parse of tools/list reorders keys).
    const changed = tools.filter((t) => canonical(t.toMcpTool().inputSchema) !== canonical(sourceOf.get(t.name)!.inputSchema)).map((t) => t.name);
    expect(changed).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Validator ⇔ ajv

const ajvOptions = { strict: false, allErrors: false, logger: false, code: { optimize: false } } as const;
const oracles = { '2020-12': addFormats.default(new Ajv2020(ajvOptions)), 'draft-07': addFormats.default(new Ajv(ajvOptions)) };

function oracleFor(schema: JsonSchema): ValidateFunction | undefined {
  const dialect = typeof schema.$schema === 'string' && /draft-0[4-7]/.test(schema.$schema) ? 'draft-07' : '2020-12';
  try {
    return oracles[dialect].compile(schema);
  } catch {
    return undefined;
  }
}

function resolveRef(root: Node, node: Node): Node {
  if (typeof node.$ref !== 'string') return node;
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(node.$ref);
  const target = m && isNode(root[m[1]!]) ? (root[m[1]!] as Node)[m[2]!] : node.$ref === '#' ? root : undefined;
  return isNode(target) ? target : node;
}

/** Whether a schema visibly accepts `null` (type list, nullable, enum, or a null branch). */
function acceptsNull(root: Node, schema: unknown): boolean {
  if (!isNode(schema)) return schema === true;
  const s = resolveRef(root, schema);
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? undefined : [s.type];
  if (types?.includes('null') || s.nullable === true || (Array.isArray(s.enum) && s.enum.includes(null)) || s.const === null) return true;
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return ((s.anyOf ?? s.oneOf) as unknown[]).some((b) => acceptsNull(root, b));
  return types === undefined && s.enum === undefined && s.const === undefined && s.allOf === undefined && s.not === undefined;
}

/** The documented leniency, from the schema alone: `null` in an optional property whose schema rejects `null` is absent. */
function dropNulls(root: Node, schema: unknown, value: unknown): unknown {
  if (!isNode(schema)) return value;
  const s = resolveRef(root, schema);
  if (Array.isArray(value)) return isNode(s.items) ? value.map((v) => dropNulls(root, s.items, v)) : value;
  if (!isNode(value) || !isNode(s.properties)) return value;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Node = {};
  for (const [key, v] of Object.entries(value)) {
    const property = (s.properties as Node)[key];
    if (v === null && property !== undefined && !required.has(key) && !acceptsNull(root, property)) continue;
    out[key] = property === undefined ? v : dropNulls(root, property, v);
  }
  return out;
}

const WRONG: readonly unknown[] = [null, 'x', 0, -1.5, true, [], {}, [1], { a: 1 }];

/** Values shaped by the schema (types, enums, required and optional properties, items), depth-bounded. */
function valueOf(root: Node, schema: unknown, depth: number): Arbitrary<unknown> {
  if (!isNode(schema) || depth > 4) return fc.constantFrom(...WRONG);
  const s = resolveRef(root, schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) return fc.oneof(...branches.map((b) => valueOf(root, b, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2024-01-01', '2024-01-01T10:00:00Z', 'user@example.com', 'https://example.com', '/tmp/a.txt', ''));
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, 1, 10, 2 ** 31, -(2 ** 31) - 1));
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(isNode(s.items) ? valueOf(root, s.items, depth + 1) : fc.constantFrom(...WRONG), { maxLength: 3 });
    case 'object':
    case undefined: {
      const properties = isNode(s.properties) ? s.properties : {};
      const names = Object.keys(properties);
      if (names.length === 0) return type === 'object' ? fc.dictionary(fc.string({ maxLength: 4 }), fc.constantFrom(...WRONG), { maxKeys: 2 }) : fc.constantFrom(...WRONG);
      const required = (Array.isArray(s.required) ? (s.required as string[]) : []).filter((n) => names.includes(n));
      return fc.record(Object.fromEntries(names.map((n) => [n, valueOf(root, properties[n], depth + 1)])), { requiredKeys: required });
    }
    default:
      return fc.constantFrom(...WRONG);
  }
}

/** Arguments for a tool: schema-shaped, or schema-shaped with one top-level property replaced, removed or added. */
function argumentsFor(schema: JsonSchema): Arbitrary<unknown> {
  const shaped = valueOf(schema as Node, schema, 0);
  const mutated = fc.tuple(shaped, fc.nat(), fc.constantFrom(...WRONG, undefined)).map(([value, pick, replacement]) => {
    if (!isNode(value)) return value;
    const keys = [...Object.keys(value), 'unexpected_extra'];
    const key = keys[pick % keys.length]!;
    const out: Node = { ...value };
    if (replacement === undefined) delete out[key];
    else out[key] = replacement;
    return out;
  });
  return fc.oneof(shaped, mutated);
}

/** The tool's verdict: does `actionFromArguments` accept the arguments? */
function validatorAccepts(tool: MCPToolDefinition, args: unknown): boolean {
  try {
    tool.actionFromArguments(args);
    return true;
  } catch (error) {
    if (ToolwrightError.isInstance(error) && error.code === 'INVALID_ARGUMENTS') return false;
    throw error;
  }
}

/** Arguments per tool: enough for one valid and one invalid of most tools, bounded for 2 cores. */
const RUNS = 12;

describe('validator ⇔ ajv over the corpus', () => {
  it(`agrees on ${RUNS} generated arguments per tool, but for null-as-absent`, () => {
    const disagreements: string[] = [];
    let verdicts = 0;
    let accepted = 0;
    tools.forEach((tool, i) => {
      const schema = tool.inputSchema();
      const oracle = oracleFor(schema);
      if (!oracle) return void disagreements.push(`${tool.name}: ajv cannot compile the schema`);
      for (const args of fc.sample(argumentsFor(schema), { numRuns: RUNS, seed: 30_000 + i })) {
        const mine = validatorAccepts(tool, args);
        const theirs = oracle(dropNulls(schema as Node, schema, args));
        verdicts++;
        if (mine) accepted++;
        if (mine !== theirs) disagreements.push(`${tool.name}: ${JSON.stringify(args)} validator ${mine ? 'accepts' : 'rejects'}, ajv ${theirs ? 'accepts' : 'rejects'}`);
      }
    });
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(verdicts).toBe(tools.length * RUNS);
    // Both kinds of verdict are well represented.
    expect(accepted).toBeGreaterThan(verdicts / 5);
    expect(accepted).toBeLessThan((verdicts * 4) / 5);
  });
});
