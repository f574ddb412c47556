/**
 * testTool: a tool proven from its schema. The validator must accept exactly the generated valid
 * inputs and refuse each invalid one naming its path; every provider export must follow the
 * published rules; with `execute`, each valid input runs under the `default` policy (asks refused,
 * not run) and ends in time in a well-formed Observation. Run here over real tools: fixtures, an
 * in-memory MCP server, every built-in tool and server-everything.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsString } from 'class-validator';
import { Action, ConversationState, ErrorCode, Field, ToolDefinition, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import type { Observation } from '@toolwright/sdk';
import { createMcpTools, createMcpToolsFromClients } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';
import type { InMemoryTool } from '@toolwright/sdk/testing';
import { createInMemoryMcpServer, scratchAgent, testTool } from '@toolwright/sdk/testing';
import { BUILTIN_TOOL_NAMES, registerBuiltinTools } from '@toolwright/tools';
import { echoTool, EchoAction } from '../fixtures/tool-fixtures.js';
import { EVERYTHING } from '../../../../test/mcp/support/servers.js';

const open: McpToolset[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const toolset of open) await toolset.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function memoryTools(tools: InMemoryTool[]): Promise<ToolDefinition[]> {
  const toolset = await createMcpToolsFromClients([createInMemoryMcpServer({ name: 'memory', tools }).client()]);
  open.push(toolset);
  return toolset.tools as unknown as ToolDefinition[];
}

/** A tool whose validator lets everything through: what testTool exists to catch. */
class LaxTool extends ToolDefinition<EchoAction> {
  override actionFromArguments(args: unknown): EchoAction {
    return Object.assign(new EchoAction(), args);
  }
}

/** A tool whose refusals do not say which field is wrong. */
class VagueTool extends ToolDefinition<EchoAction> {
  override actionFromArguments(args: unknown): EchoAction {
    try {
      return super.actionFromArguments(args);
    } catch {
      throw new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: 'Invalid arguments.' });
    }
  }
}

class SleepAction extends Action {
  @Field({ description: 'Anything' }) @IsString() text!: string;
}

describe('testTool', () => {
  it('passes a declared tool whose validator and exports are right, counting its cases', async () => {
    const report = await testTool(echoTool() as unknown as ToolDefinition);
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ tool: 'echo', ok: true });
    expect(report.valid).toBeGreaterThanOrEqual(3);
    expect(report.invalid).toBeGreaterThanOrEqual(4);
    expect(report.cases).toBe(report.valid + report.invalid + 6);
  });

  it('passes a JSON-schema tool with enums, bounds, nested objects and arrays (an MCP tool)', async () => {
    const [tool] = await memoryTools([{ name: 'book', description: 'Books a table.', inputSchema: {
      type: 'object',
      properties: {
        guests: { type: 'integer', minimum: 1, maximum: 12 },
        time: { type: 'string', format: 'date-time' },
        seating: { type: 'string', enum: ['inside', 'terrace'] },
        names: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 20 }, minItems: 1, maxItems: 3 },
        contact: { type: 'object', properties: { phone: { type: 'string', maxLength: 15 } }, required: ['phone'], additionalProperties: false },
      },
      required: ['guests', 'names'],
      additionalProperties: false,
    } }]);
    const report = await testTool(tool!);
    expect(report.failures).toEqual([]);
    expect(report.valid).toBeGreaterThan(15);
    expect(report.invalid).toBeGreaterThan(15);
  });

  it('reports a validator that accepts invalid inputs', async () => {
    const report = await testTool(new LaxTool({ name: 'lax', description: 'Echoes.', actionType: EchoAction }) as unknown as ToolDefinition);
    expect(report.ok).toBe(false);
    expect(report.failures.map((f) => [f.kind, f.case])).toEqual(expect.arrayContaining([['invalid-accepted', 'text: required field missing'], ['invalid-accepted', 'text: wrong type (integer)']]));
  });

  it('reports a refusal that does not name the field to fix', async () => {
    const report = await testTool(new VagueTool({ name: 'vague', description: 'Echoes.', actionType: EchoAction }) as unknown as ToolDefinition);
    expect(new Set(report.failures.map((f) => f.kind))).toEqual(new Set(['path-not-named']));
    expect(report.failures[0]!.message).toMatch(/^the refusal does not name 'text': Invalid arguments\.$/);
  });

  it('reports a description cut short at the source, in every export', async () => {
    const [tool] = await memoryTools([{ name: 'read_file', description: 'Reads a file from the workspace and returns its…', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }]);
    const report = await testTool(tool!);
    expect(report.failures.map((f) => `${f.kind} ${f.case} ${f.message}`)).toEqual(
      ['openai', 'openai-strict', 'responses', 'anthropic', 'gemini', 'mcp'].map((format) => `export ${format} description: ends with an ellipsis (truncated at the source)`),
    );
  });

  it('with execute, runs valid inputs under the default policy: reads run, asks are refused and not run', async () => {
    const ran: unknown[] = [];
    const [readTool, writeTool] = await memoryTools([
      { name: 'peek', description: 'Reads.', annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }, handler: (args) => (ran.push(args), 'ok') },
      { name: 'wipe', description: 'Deletes.', annotations: { destructiveHint: true }, inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }, handler: (args) => (ran.push(args), 'gone') },
    ]);
    const read = await testTool(readTool!, { execute: true });
    expect(read.failures).toEqual([]);
    expect([read.executed, read.refused]).toEqual([read.valid, 0]);
    const runs = ran.length;
    const write = await testTool(writeTool!, { execute: true });
    expect(write.failures).toEqual([]);
    expect([write.executed, write.refused]).toEqual([write.valid, write.valid]);
    expect(ran.length).toBe(runs);
  });

  it('with execute, reports a call that hangs past the timeout and a crash turned into an Observation is not a failure', async () => {
    const sleeper = new ToolDefinition({ name: 'sleeper', description: 'Never answers.', actionType: SleepAction, annotations: { readOnlyHint: true }, executor: { execute: () => new Promise<Observation>(() => undefined) } });
    const report = await testTool(sleeper as unknown as ToolDefinition, { execute: true, timeoutMs: 50 });
    expect(new Set(report.failures.map((f) => f.kind))).toEqual(new Set(['timeout']));
    expect(report.failures.length).toBe(report.valid);
    const thrower = new ToolDefinition({ name: 'thrower', description: 'Fails.', actionType: SleepAction, annotations: { readOnlyHint: true }, executor: { execute: () => { throw new Error('boom'); } } });
    expect((await testTool(thrower as unknown as ToolDefinition, { execute: true })).failures).toEqual([]);
  });
});

describe('the project\'s own tools', () => {
  it('every built-in tool passes, executed under the default policy in a scratch directory', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-testtool-')));
    dirs.push(dir);
    const registry = registerBuiltinTools(new ToolRegistry());
    const state = new ConversationState({ workingDir: dir });
    const summary: [string, number][] = [];
    for (const name of BUILTIN_TOOL_NAMES) {
      for (const tool of (await registry.resolve({ name }, state)) as ToolDefinition[]) {
        const scratch = await scratchAgent({ name, registry });
        try {
          const report = await testTool(tool, { execute: true, agent: scratch.agent });
          expect({ tool: tool.name, failures: report.failures }).toEqual({ tool: tool.name, failures: [] });
          summary.push([tool.name, report.cases]);
        } finally {
          await scratch.close();
        }
      }
    }
    expect(summary.length).toBe(BUILTIN_TOOL_NAMES.length);
    expect(summary.every(([, cases]) => cases > 6)).toBe(true);
  }, 60_000);

  it('server-everything: every tool passes validation and export rules; executed, only trigger-long-running-operation outlasts a 1 s timeout', async () => {
    const toolset = await createMcpTools({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    open.push(toolset);
    const failures: string[] = [];
    for (const tool of toolset.tools as unknown as ToolDefinition[]) {
      const report = await testTool(tool, { execute: true, timeoutMs: 1000 });
      failures.push(...report.failures.map((f) => `${report.tool} ${f.kind} ${f.case}`));
    }
    expect(toolset.tools.length).toBeGreaterThan(5);
    expect(failures.every((f) => f.startsWith('trigger-long-running-operation timeout'))).toBe(true);
    expect(failures).toContain('trigger-long-running-operation timeout required fields only');
  }, 60_000);
});
