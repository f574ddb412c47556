import { afterEach, describe, expect, it } from '@jest/globals';
import { AgentErrorEvent, ConversationState, eventFromJSON, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import type { ActionEvent, AgentOptions, ObservationEvent, ToolCallProgress } from '@toolwright/sdk';
import { MCPToolAction } from '@toolwright/sdk/mcp';
import type { CreateMcpToolsOptions, McpToolset, McpToolsChange } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryMcpServer, InMemoryTool } from '@toolwright/sdk/testing';
import { echoTool, NotebookExecutor, noteTools, settle } from './fixtures/runtime-tools.js';
import { InMemoryAgent } from './fixtures/in-memory-agent.js';

const add: InMemoryTool = {
  name: 'add',
  title: 'Adder',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number', minimum: 0 } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  handler: (args) => String(Number(args.a) + Number(args.b)),
};

const shape: InMemoryTool = {
  name: 'shape',
  description: 'Takes a point, FastMCP style ($defs).',
  inputSchema: {
    type: 'object',
    $defs: { Point: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] } },
    properties: { at: { $ref: '#/$defs/Point' } },
    required: ['at'],
  },
  handler: (args) => JSON.stringify(args.at),
};

const mcpEcho: InMemoryTool = { name: 'echo', description: 'MCP echo.', handler: (args) => `mcp says ${String(args.text)}` };

const progress: InMemoryTool = {
  name: 'progress',
  description: 'Reports progress.',
  handler: async (_args, ctx) => {
    await ctx.reportProgress(1, 2, 'half way');
    return 'finished';
  },
};

const agents: InMemoryAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function start(servers: InMemoryMcpServer[], options: AgentOptions = {}): Promise<InMemoryAgent> {
  const agent = new InMemoryAgent(options, servers);
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  return agent;
}

describe('Agent with MCP servers', () => {
  it('adds MCP tools to the tools map next to native ones, prefixing a clash with a native name', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add, mcpEcho] });
    const agent = await start([server], { extraTools: [echoTool()] });
    expect([...agent.toolsMap.keys()]).toEqual(['echo', 'add', 'calc_echo']);
    expect(agent.originOf('calc_echo')).toEqual({ type: 'mcp', server: 'calc', mcpName: 'echo' });
    expect(agent.originOf('echo')).toEqual({ type: 'native' });
    expect(agent.toolsMap.get('add')!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false, destructiveHint: true });
    const result = await agent.executeToolCall({ id: 'c', name: 'calc_echo', arguments: '{"text":"hi"}' });
    expect(result.observation.text).toBe('mcp says hi');
  });

  it("fails initialize under mcpNamePolicy 'error', naming the native spec and the MCP tool", async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [mcpEcho] });
    const agent = new InMemoryAgent({ extraTools: [echoTool()], mcpNamePolicy: 'error' }, [server]);
    agents.push(agent);
    const error: unknown = await agent.initialize(new ConversationState({ workingDir: '/tmp' })).catch((e: unknown) => e);
    expect(ToolwrightError.hasCode(error, 'DUPLICATE_TOOL')).toBe(true);
    expect((error as Error).message).toBe(
      "Tool name 'echo' is produced by both extraTools and tool 'echo' of MCP server 'calc'. Use mcpNamePolicy 'prefix' or 'prefix-on-conflict', give the server a prefix, or drop one of the tools.",
    );
    expect(server.sessionCount).toBe(0);
  });

  it('calls an MCP tool: ActionEvent with the validated data, ObservationEvent with the result, both serializable', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add] });
    const agent = await start([server]);
    const result = await agent.executeToolCall({ id: 'm1', name: 'add', arguments: '{"a":2,"b":3}' });
    const [action, observation] = result.events as [ActionEvent, ObservationEvent];
    expect(action.action).toBeInstanceOf(MCPToolAction);
    expect((action.action as MCPToolAction).data).toEqual({ a: 2, b: 3 });
    expect(observation.observation.text).toBe('5');
    const back = JSON.parse(JSON.stringify(result.events)).map(eventFromJSON) as [ActionEvent, ObservationEvent];
    expect(back[0].action).toBeInstanceOf(MCPToolAction);
    expect(back[1].observation.text).toBe('5');
  });

  it('rejects bad arguments with paths and expectations, without a round trip to the server', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add, shape] });
    const agent = await start([server]);
    const result = await agent.executeToolCall({ id: 'm2', name: 'add', arguments: '{"a":"two","b":-1,"c":1}' });
    const event = result.events[0] as AgentErrorEvent;
    expect(event).toBeInstanceOf(AgentErrorEvent);
    expect(event.code).toBe('INVALID_ARGUMENTS');
    expect(event.message).toContain("Invalid arguments for tool 'add':");
    expect(event.message).toContain('- a: expected number, got string');
    expect(event.message).toContain('- b: expected a number >= 0, got a number that does not match');
    expect(event.message).toContain('- c: unknown field');
    expect(event.message).not.toContain('two');
    const nested = await agent.executeToolCall({ id: 'm3', name: 'shape', arguments: '{"at":{"x":1.5}}' });
    expect(nested.observation.text).toContain('- at.x: expected integer, got number');
    expect(nested.observation.text).toContain('- at.y: required field missing; expected integer');
    expect(server.calls).toBe(0);
  });

  it("exports MCP tools' raw schema in MCP format and a self-contained one for models", async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [shape] });
    const agent = await start([server]);
    const [mcp] = agent.toolSchemas('mcp') as [{ inputSchema: Record<string, unknown> }];
    expect(mcp.inputSchema).toEqual(shape.inputSchema);
    const [openai] = agent.toolSchemas('openai') as [{ function: { parameters: unknown } }];
    expect(JSON.stringify(openai.function.parameters)).not.toContain('$ref');
    expect(openai.function.parameters).toMatchObject({ properties: { at: { type: 'object', required: ['x', 'y'] } } });
  });

  it('forwards MCP progress tagged with the call', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [progress] });
    const agent = await start([server]);
    const reports: ToolCallProgress[] = [];
    const result = await agent.executeToolCall({ id: 'p', name: 'progress', arguments: '{}' }, { onProgress: (r) => reports.push(r) });
    expect(result.observation.text).toBe('finished');
    expect(reports).toEqual([{ progress: 1, total: 2, message: 'half way', toolCallId: 'p', toolName: 'progress' }]);
  });

  it('follows tools/list_changed: the tools map changes and listeners hear about it', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add, mcpEcho] });
    const agent = await start([server], { filterToolsRegex: '^(add|echo|shape|hidden)$' });
    const changes: McpToolsChange[] = [];
    const heard = new Promise<void>((resolve) =>
      agent.onToolsChanged((change) => {
        changes.push(change);
        resolve();
      }),
    );
    await server.setTools([{ ...add, description: 'Adds, v2.' }, shape, { name: 'filtered_out', description: 'x' }]);
    await heard;
    expect(changes).toEqual([{ server: 'calc', added: ['shape'], removed: ['echo'], changed: ['add'] }]);
    expect([...agent.toolsMap.keys()]).toEqual(['add', 'shape']);
    expect(agent.toolsMap.get('add')!.description).toBe('Adds, v2.');
    expect(agent.originOf('echo')).toBeUndefined();
    const result = await agent.executeToolCall({ id: 'c', name: 'shape', arguments: '{"at":{"x":1,"y":2}}' });
    expect(result.observation.text).toBe('{"x":1,"y":2}');
  });

  it('stops telling a listener after it unsubscribes', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add] });
    const agent = await start([server]);
    let told = 0;
    const unsubscribe = agent.onToolsChanged(() => told++);
    const other = new Promise<void>((resolve) => agent.onToolsChanged(() => resolve()));
    unsubscribe();
    await server.setTools([add, shape]);
    await other;
    expect(told).toBe(0);
    expect(agent.toolsMap.has('shape')).toBe(true);
  });

  it('runs read-only MCP calls together and other MCP calls one at a time', async () => {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const gate = (args: Record<string, unknown>): Promise<string> => {
      const label = String(args.label);
      started.push(label);
      return new Promise((resolve) => releases.set(label, () => resolve(label)));
    };
    const look: InMemoryTool = { name: 'look', description: 'r', annotations: { readOnlyHint: true }, handler: gate };
    const poke: InMemoryTool = { name: 'poke', description: 'w', handler: gate };
    const server = createInMemoryMcpServer({ name: 'g', tools: [look, poke] });
    const agent = await start([server]);
    const until = async (n: number): Promise<void> => {
      while (started.length < n) await settle();
    };
    const done = agent.executeToolCalls([
      { id: '1', name: 'look', arguments: '{"label":"l1"}' },
      { id: '2', name: 'look', arguments: '{"label":"l2"}' },
      { id: '3', name: 'poke', arguments: '{"label":"p1"}' },
      { id: '4', name: 'poke', arguments: '{"label":"p2"}' },
    ]);
    await until(2);
    expect(started).toEqual(['l1', 'l2']);
    releases.get('l1')!();
    releases.get('l2')!();
    await until(3);
    await settle();
    expect(started).toEqual(['l1', 'l2', 'p1']);
    releases.get('p1')!();
    await until(4);
    releases.get('p2')!();
    expect((await done).map((r) => r.observation.text)).toEqual(['l1', 'l2', 'p1', 'p2']);
  });

  it('closes the MCP connections once, and calls afterwards say the agent is closed', async () => {
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add] });
    const agent = await start([server]);
    expect(server.sessionCount).toBe(1);
    await Promise.all([agent.close(), agent.close()]);
    expect(server.sessionCount).toBe(0);
    expect(agent.closeErrors).toEqual([]);
    const result = await agent.executeToolCall({ id: 'c', name: 'add', arguments: '{"a":1,"b":1}' });
    expect((result.events[0] as AgentErrorEvent).code).toBe('CLOSED');
  });

  it('closes the conversation even when closing the MCP toolset throws, and keeps both errors', async () => {
    NotebookExecutor.closed = 0;
    NotebookExecutor.failOnClose = true;
    const server = createInMemoryMcpServer({ name: 'calc', tools: [add] });
    class FailingCloseAgent extends InMemoryAgent {
      protected override async connectMcpServers(config: unknown, options: CreateMcpToolsOptions): Promise<McpToolset> {
        const toolset = await super.connectMcpServers(config, options);
        return {
          ...toolset,
          tools: toolset.tools,
          close: async () => {
            await toolset.close();
            throw new Error('toolset close failed');
          },
        };
      }
    }
    const agent = new FailingCloseAgent({ registry: new ToolRegistry().register('note', noteTools), tools: [{ name: 'note' }] }, [server]);
    const conversation = new ConversationState({ workingDir: '/tmp' });
    try {
      await agent.initialize(conversation);
      await agent.executeToolCall({ id: 'n', name: 'note', arguments: '{"note":"x"}' });
      await expect(agent.close()).resolves.toBeUndefined();
    } finally {
      NotebookExecutor.failOnClose = false;
    }
    expect(agent.closeErrors.map((e) => (e as Error).message)).toEqual(['toolset close failed', 'notebook refused to close']);
    expect(conversation.isClosed).toBe(true);
    expect(NotebookExecutor.closed).toBe(1);
    expect(server.sessionCount).toBe(0);
  });
});
