/**
 * What the MCP client does with answers a correct server never sends, against a small scripted
 * server process over stdio (test/fixtures/mcp/scripted-server.js): malformed results are reported
 * at once as the server's fault, a silent server as not answering within the connect timeout, and
 * tool names keep their exact spelling when sanitising makes two equal.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Agent, ConversationState } from '@toolwright/sdk';
import type { ToolCallResult } from '@toolwright/sdk';
import { createMcpTools, MCPClient, planMcpServers } from '@toolwright/sdk/mcp';
import type { MCPToolDefinition, MCPToolExecutor, McpToolset } from '@toolwright/sdk/mcp';
import { SCRIPTED_SERVER, isRunning, stillRunningAfter } from './support/servers.js';

const agents: Agent[] = [];
const toolsets: McpToolset[] = [];
const pids: number[] = [];

afterEach(async () => {
  await Promise.all([...agents.splice(0).map((a) => a.close()), ...toolsets.splice(0).map((t) => t.close())]);
  const left: number[] = [];
  for (const pid of pids.splice(0)) if (await stillRunningAfter(pid, 2_000)) left.push(pid);
  expect(left).toEqual([]);
});

const server = (flags: string[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({ command: process.execPath, args: [SCRIPTED_SERVER, ...flags], ...extra });

async function agentWith(flags: string[]): Promise<Agent> {
  const agent = new Agent({ mcpServers: { scripted: server(flags) } as never });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  return agent;
}

async function timedCall(agent: Agent, name: string): Promise<[ToolCallResult, number]> {
  const started = Date.now();
  const result = await agent.executeToolCall({ id: 'c1', name, arguments: '{}' });
  return [result, Date.now() - started];
}

describe('malformed results from an MCP server (issue 9, item 9)', () => {
  const cases: [string, string][] = [
    ['content-string', 'content: Invalid input: expected array, received string'],
    ['result-null', 'the result is null, expected an object'],
    ['error-string', 'the error is a string, expected an object with a code and a message'],
    ['error-no-code', "the error's code is missing, expected an integer"],
    ['no-result', 'the response has neither a result nor an error'],
  ];
  it.each(cases)('%s: reported at once as "server sent an invalid result", without restarting the server', async (kind, why) => {
    const agent = await agentWith(['--call', kind]);
    const client = ((agent.toolsMap.get('echo') as unknown as MCPToolDefinition).executor as MCPToolExecutor).client;
    const pid = client.pid!;
    pids.push(pid);
    const [result, ms] = await timedCall(agent, 'echo');
    expect(ms).toBeLessThan(2_000);
    expect(result.observation.isError).toBe(true);
    expect(result.observation.errorCode).toBe('EXECUTION_FAILED');
    expect(result.observation.text).toBe(`Tool 'echo' failed: MCP server 'scripted' sent an invalid result: ${why}. This is a fault of the server, not of the arguments.`);
    expect(client.pid).toBe(pid);
    expect(isRunning(pid)).toBe(true);
  });
});

describe('a server that never answers initialize (issue 9, item 10)', () => {
  it('is reported as not answering within the connect timeout, not as killed by a signal', async () => {
    const started = Date.now();
    const error = await createMcpTools({ mcpServers: { silent: server(['--silent'], { connectTimeoutMs: 500 }) } as never }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error?.message).toBe(
      `Could not connect to MCP server 'silent' (${process.execPath} ${SCRIPTED_SERVER} --silent): it did not answer the 'initialize' request within the connect timeout (500 ms).\n` +
        'Last stderr lines:\n  | scripted-server: silent',
    );
  });

  it('refuses a timeout Node cannot keep, where it is configured', () => {
    expect(() => planMcpServers({ s: server([], { timeoutMs: Infinity }) } as never)).toThrow(
      "Invalid MCP server 's' (mcpServers.s.timeoutMs): must be a finite number of milliseconds from 1 to 2147483647 (Node's timer limit), got Infinity; leave it out for the default.",
    );
    expect(() => planMcpServers({ s: server([], { connectTimeoutMs: 1e12 }) } as never)).toThrow('(mcpServers.s.connectTimeoutMs): must be a finite number');
  });
});

describe('MCP tool names (issue 9, item 12)', () => {
  it('an exact name wins over one that sanitising made equal, whatever the listing order', async () => {
    const toolset = await createMcpTools({ mcpServers: { s: server(['--tools-json', JSON.stringify(['a b', 'a_b'])]) } as never });
    toolsets.push(toolset);
    pids.push(toolset.clients[0]!.pid!);
    const byMcpName = new Map(toolset.tools.map((t) => [t.mcpName, t.name]));
    expect(byMcpName.get('a_b')).toBe('a_b');
    expect(byMcpName.get('a b')).toMatch(/^a_b_[0-9a-f]{8}$/);
    const called = await toolset.tools.find((t) => t.name === 'a_b')!.call(toolset.tools.find((t) => t.name === 'a_b')!.actionFromArguments({}), undefined as never);
    expect(called.text).toBe('called a_b');
  });

  it('an empty name is refused and reported, not renamed to "tool"', async () => {
    const toolset = await createMcpTools({ mcpServers: { s: server(['--tools-json', JSON.stringify(['', 'tool'])]) } as never });
    toolsets.push(toolset);
    pids.push(toolset.clients[0]!.pid!);
    expect(toolset.tools.map((t) => [t.name, t.mcpName])).toEqual([['tool', 'tool']]);
    expect(toolset.skippedTools).toEqual([{ server: 's', mcpName: '', reason: 'its name is empty, so no model could call it by name' }]);
  });
});

describe('arguments JSON cannot carry (issue 16)', () => {
  const deep = (levels: number): Record<string, unknown> => {
    const root: Record<string, unknown> = {};
    let at = root;
    for (let i = 1; i < levels; i++) at = at.x = {};
    return root;
  };

  it('10,000 levels of nesting: refused before sending, naming the limit; the server is not restarted', async () => {
    const agent = await agentWith([]);
    const client = ((agent.toolsMap.get('echo') as unknown as MCPToolDefinition).executor as MCPToolExecutor).client;
    const pid = client.pid!;
    pids.push(pid);
    for (const args of [deep(10_000), `${'{"x":'.repeat(10_000)}{}${'}'.repeat(10_000)}`]) {
      const result = await agent.executeToolCall({ id: 'deep', name: 'echo', arguments: args });
      expect(result.observation.errorCode).toBe('INVALID_ARGUMENTS');
      expect(result.observation.text).toContain(
        `: the arguments are nested more than 100 levels deep, the limit for MCP tool arguments; flatten them`,
      );
    }
    expect(client.pid).toBe(pid);
    expect((await agent.executeToolCall({ id: 'ok', name: 'echo', arguments: { x: deep(99) } })).observation.text).toBe('called echo');
  });

  it('a cycle, a BigInt or a throwing getter given to the client directly: INVALID_ARGUMENTS, same server process', async () => {
    const toolset = await createMcpTools({ mcpServers: { s: server([]) } as never });
    toolsets.push(toolset);
    const client = toolset.clients[0]!;
    const pid = client.pid!;
    pids.push(pid);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const getter = Object.defineProperty({}, 'secret', { enumerable: true, get: () => { throw new Error('no'); } });
    const messages = await Promise.all([cyclic, { n: 10n }, { g: getter }].map((args) => client.callTool('echo', args).then(() => 'resolved', (e: Error) => e.message)));
    expect(messages).toEqual([
      "The arguments of 'echo' cannot be sent to MCP server 's': self: this value contains itself (a cycle), which JSON cannot hold.",
      "The arguments of 'echo' cannot be sent to MCP server 's': n: a BigInt cannot be sent as JSON; send a number or a string.",
      "The arguments of 'echo' cannot be sent to MCP server 's': g: reading this value threw, so it cannot be sent as JSON.",
    ]);
    expect(client.pid).toBe(pid);
    expect(client.state).toBe('connected');
  });
});

describe('time limits Node cannot keep', () => {
  it('are refused by the client and per call, not clamped to 1 ms', async () => {
    const toolset = await createMcpTools({ mcpServers: { s: server([]) } as never });
    toolsets.push(toolset);
    const client = toolset.clients[0]!;
    pids.push(client.pid!);
    await expect(client.callTool('echo', {}, { timeoutMs: Infinity })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: "The call option timeoutMs of 'echo' must be a finite number of milliseconds from 1 to 2147483647 (Node's timer limit), got Infinity; leave it out for the default.",
    });
    await expect(client.callTool('echo', {}, { timeoutMs: 5_000 })).resolves.toEqual({ content: [{ type: 'text', text: 'called echo' }] });
    expect(() => new MCPClient({ name: 'x', transport: () => { throw new Error('unused'); }, callTimeoutMs: 1e12 })).toThrow(
      "MCP client 'x': callTimeoutMs must be a finite number of milliseconds from 1 to 2147483647 (Node's timer limit), got 1000000000000; leave it out for the default.",
    );
  });
});
