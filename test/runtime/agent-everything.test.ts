/**
 * The Agent against a real MCP server from npm, @modelcontextprotocol/server-everything, spawned
 * over stdio: MCP tools sit in the tools map beside a native one, calls go through, bad arguments
 * are answered locally, unknown names get a suggestion, annotations survive, and close() leaves
 * no child process behind.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ActionEvent, AgentErrorEvent, AgentOptions } from '@toolwright/sdk';
import type { MCPToolDefinition } from '@toolwright/sdk/mcp';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

class ShoutAction extends Action {
  @Field({ description: 'Text to shout' }) @IsString() text!: string;
}

const shout = new ToolDefinition({
  name: 'shout',
  description: 'Shouts.',
  actionType: ShoutAction,
  executor: { execute: (action) => Observation.fromText(action.text.toUpperCase()) },
});

function options(): AgentOptions {
  return { extraTools: [shout], mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } };
}

/** Live (or zombie) child processes of this process running server-everything. */
function everythingChildren(): string[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,stat=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when it finds nothing
  }
  return out
    .split('\n')
    .filter((line) => line.includes(EVERYTHING) || /\sZ/.test(line))
    .map((line) => line.trim());
}

describe('Agent with server-everything over stdio', () => {
  const agent = new Agent(options());

  beforeAll(async () => {
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  });
  afterAll(async () => {
    await agent.close();
  });

  it("lists the server's tools in the tools map beside the native tool", () => {
    const names = [...agent.toolsMap.keys()];
    expect(names[0]).toBe('shout');
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));
    expect(agent.originOf('get-sum')).toEqual({ type: 'mcp', server: 'everything', mcpName: 'get-sum' });
    expect(agent.originOf('shout')).toEqual({ type: 'native' });
    const anthropic = agent.toolSchemas('anthropic') as { name: string; input_schema: unknown }[];
    expect(anthropic.find((t) => t.name === 'get-sum')!.input_schema).toMatchObject({ properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] });
  });

  it('calls echo on the server', async () => {
    const result = await agent.executeToolCall({ id: 'e1', name: 'echo', arguments: '{"message":"hello from toolwright"}' });
    expect(result.events.map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
    expect((result.events[0] as ActionEvent).action).toMatchObject({ data: { message: 'hello from toolwright' } });
    expect(result.observation.isError).toBe(false);
    expect(result.observation.text).toBe('Echo: hello from toolwright');
  });

  it('answers bad arguments itself, without a round trip to the server', async () => {
    const tool = agent.toolsMap.get('get-sum')!;
    const executor = tool.executor!;
    const execute = executor.execute.bind(executor);
    let reached = 0;
    executor.execute = (action, ctx) => {
      reached++;
      return execute(action, ctx);
    };
    try {
      const result = await agent.executeToolCall({ id: 's1', name: 'get-sum', arguments: '{"a":"one"}' });
      expect(result.events).toHaveLength(1);
      const event = result.events[0] as AgentErrorEvent;
      expect(event.code).toBe('INVALID_ARGUMENTS');
      expect(event.message).toBe(
        ["Invalid arguments for tool 'get-sum':", '- b: required field missing; expected number', '- a: expected number, got string', "Fix these arguments and call 'get-sum' again."].join('\n'),
      );
      const good = await agent.executeToolCall({ id: 's2', name: 'get-sum', arguments: '{"a":2,"b":40}' });
      expect(good.observation.text).toContain('42');
      expect(reached).toBe(1);
    } finally {
      executor.execute = execute;
    }
  });

  it('names an unknown tool and suggests the closest', async () => {
    const result = await agent.executeToolCall({ id: 'u1', name: 'get_sum', arguments: '{}' });
    const event = result.events[0] as AgentErrorEvent;
    expect(event.code).toBe('UNKNOWN_TOOL');
    expect(event.message).toMatch(/^Tool 'get_sum' not found\. Available: shout, echo, .*get-sum.*\. Did you mean 'get-sum'\?$/);
  });

  it("keeps the server's annotations, in the tool and in the MCP export", () => {
    const echo = agent.toolsMap.get('echo') as MCPToolDefinition;
    expect(echo.mcpTool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(echo.annotations).toMatchObject(echo.mcpTool.annotations!);
    const toggle = agent.toolsMap.get('toggle-simulated-logging')!;
    expect(toggle.annotations.readOnlyHint).toBe(false);
    const mcp = agent.toolSchemas('mcp') as { name: string; annotations?: unknown }[];
    // The export also carries the tool's title among the annotations, as MCP allows.
    expect(mcp.find((t) => t.name === 'echo')!.annotations).toEqual({ ...echo.mcpTool.annotations, title: echo.title });
  });
});

describe('Agent.close with a stdio MCP server', () => {
  it('ends the server process: no child (or zombie) is left', async () => {
    const agent = new Agent(options());
    await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
    expect(everythingChildren()).toHaveLength(1);
    await agent.close();
    expect(everythingChildren()).toEqual([]);
    expect(agent.closeErrors).toEqual([]);
    const after = await agent.executeToolCall({ id: 'x', name: 'echo', arguments: '{"message":"late"}' });
    expect((after.events[0] as AgentErrorEvent).code).toBe('CLOSED');
  });
});
