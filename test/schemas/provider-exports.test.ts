/**
 * Every schema the suites produce, exported for each provider and checked against the providers'
 * published rules (provider-checkers.ts): native fixture tools, the built-in tools, the tools of
 * the real server-everything and server-filesystem (spawned over stdio), and awkward MCP schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationState, ToolDefinition, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import type { Action, ExportWarning } from '@toolwright/sdk';
import { createMcpTools, createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import { BUILTIN_TOOL_NAMES, registerBuiltinTools } from '@toolwright/tools';
import { AWKWARD_MCP_TOOLS } from '../../packages/sdk/test/fixtures/awkward-mcp-schemas.js';
import { AGREEMENT_FIXTURES, ChildAction, PlaceAction, WireAction } from '../../packages/sdk/test/fixtures/schema-fixtures.js';
import { echoTool, riskyTool } from '../../packages/sdk/test/fixtures/tool-fixtures.js';
import { EVERYTHING, FILESYSTEM } from '../mcp/support/servers.js';
import { anthropicViolations, geminiViolations, openAIStrictViolations } from './provider-checkers.js';

const toolsets: McpToolset[] = [];
const groups = new Map<string, ToolDefinition[]>();
let dir: string;

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-schemas-')));
  const native = [...AGREEMENT_FIXTURES, WireAction, ChildAction, PlaceAction].map(
    (cls) => new ToolDefinition({ name: cls.name.replace(/Action$/, '').toLowerCase(), description: `Fixture ${cls.name}`, actionType: cls as new () => Action }),
  );
  groups.set('native fixtures', [...native, echoTool() as unknown as ToolDefinition, riskyTool() as unknown as ToolDefinition]);
  const registry = registerBuiltinTools(new ToolRegistry());
  const state = new ConversationState({ workingDir: dir });
  const builtins: ToolDefinition[] = [];
  for (const name of BUILTIN_TOOL_NAMES) builtins.push(...((await registry.resolve({ name }, state)) as ToolDefinition[]));
  groups.set('built-in tools', builtins);
  const real = await createMcpTools({
    mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] }, fs: { command: process.execPath, args: [FILESYSTEM, dir] } },
  });
  toolsets.push(real);
  groups.set('server-everything and server-filesystem', real.tools as unknown as ToolDefinition[]);
  const awkward = await createMcpToolsFromClients([createInMemoryMcpServer({ name: 'awkward', tools: [...AWKWARD_MCP_TOOLS] }).client()]);
  toolsets.push(awkward);
  groups.set('awkward MCP schemas', awkward.tools as unknown as ToolDefinition[]);
}, 30_000);

afterAll(async () => {
  await Promise.all(toolsets.map((t) => t.close()));
  rmSync(dir, { recursive: true, force: true });
});

const GROUPS = ['native fixtures', 'built-in tools', 'server-everything and server-filesystem', 'awkward MCP schemas'];

describe.each(GROUPS)('provider exports of %s', (group) => {
  const tools = (): ToolDefinition[] => groups.get(group) ?? [];

  it('has tools to check', () => {
    expect(tools().length).toBeGreaterThan(group === 'built-in tools' ? 5 : 2);
  });

  it('OpenAI strict: auto gives a schema that follows every strict-mode rule, or falls back with a warning', () => {
    for (const tool of tools()) {
      for (const options of [{}, { securityRisk: true, summary: true }]) {
        const warnings: ExportWarning[] = [];
        const chat = tool.toOpenAITool({ strict: 'auto', ...options, onWarning: (w) => warnings.push(w) });
        const responses = tool.toResponsesTool({ strict: 'auto', ...options });
        expect({ tool: tool.name, strict: responses.strict }).toEqual({ tool: tool.name, strict: chat.function.strict });
        if (chat.function.strict) {
          expect({ tool: tool.name, violations: openAIStrictViolations(chat.function.parameters) }).toEqual({ tool: tool.name, violations: [] });
          expect(warnings).toEqual([]);
        } else {
          expect(warnings.map((w) => [w.tool, w.format])).toEqual([[tool.name, 'openai']]);
          expect(warnings[0]!.problems.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('Gemini: every declaration follows the Schema subset, and tools without arguments have no parameters', () => {
    for (const tool of tools()) {
      const declaration = tool.toGeminiTool({ securityRisk: true });
      if (declaration === undefined) continue; // not callable by a Gemini model: not exported (gemini-schema.test.ts)
      expect({ tool: tool.name, violations: geminiViolations(declaration.parameters) }).toEqual({ tool: tool.name, violations: [] });
      const hasArguments = Object.keys(tool.toAnthropicTool().input_schema.properties ?? {}).length > 0 || !tool.annotations.readOnlyHint;
      if (!hasArguments) expect(declaration.parameters).toBeUndefined();
    }
  });

  it('Anthropic: every input_schema is an object schema', () => {
    for (const tool of tools()) expect({ tool: tool.name, violations: anthropicViolations(tool.toAnthropicTool().input_schema) }).toEqual({ tool: tool.name, violations: [] });
  });
});

describe('tools users meet', () => {
  it.each(['built-in tools', 'server-everything and server-filesystem'])('%s all export in OpenAI strict mode', (group) => {
    const verdicts = (groups.get(group) ?? []).map((t) => [t.name, t.toOpenAITool({ strict: 'auto' }).function.strict]);
    expect(verdicts).toEqual(verdicts.map(([name]) => [name, true]));
  });
});

describe('the awkward MCP schemas', () => {
  const tool = (name: string): ToolDefinition => groups.get('awkward MCP schemas')!.find((t) => t.name === name)!;

  it('are strict exactly where strict mode can express them', () => {
    const verdicts = AWKWARD_MCP_TOOLS.map((t) => [t.name, tool(t.name).toOpenAITool({ strict: 'auto' }).function.strict]);
    expect(verdicts).toEqual(AWKWARD_MCP_TOOLS.map((t) => [t.name, t.strictable]));
  });

  it('throw under strict: true, naming the tool and each JSON path', () => {
    const error = (() => {
      try {
        tool('record_and_free_form').toOpenAITool({ strict: true });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_DEFINITION');
    expect((error as Error).message).toBe(
      [
        "Tool 'record_and_free_form' cannot be exported in OpenAI strict mode:",
        '- #/properties/labels: is a record (any keys, values of one schema); strict mode only allows declared properties.',
        '- #/properties/options: is a free-form object (no declared properties); strict mode only allows declared properties.',
        '- #/properties/meta: has no type (accepts any JSON value); strict mode needs one.',
        "Use strict: 'auto' to export it without strict mode, or change its schema.",
      ].join('\n'),
    );
  });

  it('accept the null a strict model sends for every optional property, as absent', () => {
    for (const awkward of AWKWARD_MCP_TOOLS.filter((t) => t.strictable)) {
      const t = tool(awkward.name);
      const strict = t.toOpenAITool({ strict: true }).function.parameters;
      const optional = Object.keys(strict.properties ?? {}).filter((name) => !(awkward.inputSchema.required ?? []).includes(name));
      if (optional.length === 0) continue;
      const args = Object.fromEntries(optional.map((name) => [name, null]));
      const required = awkward.inputSchema.required ?? [];
      const sample: Record<string, unknown> = { defs_with_described_refs: { name: 'n' }, recursive_tree: { root: { name: 'r', children: [{ name: 'c', children: null }] } },
        root_recursion: { label: 'l' }, pydantic_v1_all_of: { config: { mode: 'fast', depth: null } }, all_of_objects: { person: { first: 'a', age: null } },
        one_of_discriminated: { shape: { kind: 'circle', r: 1 } }, tuple_2020_12: { point: [1, 2] }, tuple_draft_07: { pair: ['a', 1] }, formats: { url: 'https://example.com' }, mixed_and_typeless_enums: { mode: 'two' } }[awkward.name] as Record<string, unknown>;
      expect(Object.keys(sample ?? {})).toEqual(expect.arrayContaining(required));
      const action = t.actionFromArguments({ ...args, ...sample }) as unknown as { data: Record<string, unknown> };
      // `level` declares null among its values, so a null there is a value, not "absent".
      for (const name of optional) if (!(name in sample)) expect({ name, present: name in action.data }).toEqual({ name, present: name === 'level' });
    }
    const tree = tool('recursive_tree').actionFromArguments({ root: { name: 'r', children: [{ name: 'c', children: null }] } }) as unknown as { data: unknown };
    expect(tree.data).toEqual({ root: { name: 'r', children: [{ name: 'c' }] } });
  });
});
