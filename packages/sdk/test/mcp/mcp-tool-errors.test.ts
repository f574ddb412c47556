import { afterEach, describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Agent, ConversationState, ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { AgentOptions, Observation } from '@toolwright/sdk';
import { createMcpToolsFromClients, MCPClient, MCPToolObservation } from '@toolwright/sdk/mcp';
import type { CreateMcpToolsOptions, McpCallOptions, McpToolset } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryMcpServer } from '@toolwright/sdk/testing';

/** Never answers (until the call is cancelled). */
const hang = { name: 'hang', description: 'Never answers.', handler: (): Promise<string> => new Promise<string>(() => undefined) };
const search = { name: 'search', description: 'Searches.', handler: (): string => 'found' };

/** A client whose transport breaks under a call with something that is not a ToolwrightError. */
class BrokenSocketClient extends MCPClient {
  override callTool(_name: string, _args: Record<string, unknown>, _options?: McpCallOptions): Promise<CallToolResult> {
    return Promise.reject(new TypeError('socket hang up'));
  }
}

/** An Agent on in-memory servers, each connected through `clientOf` (the real MCP layer otherwise). */
class ServerAgent extends Agent {
  constructor(
    options: AgentOptions,
    private readonly server: InMemoryMcpServer,
    private readonly clientOf: (server: InMemoryMcpServer) => MCPClient,
  ) {
    super({ ...options, mcpServers: { [server.name]: { command: 'in-memory' } } });
  }

  protected override connectMcpServers(_config: unknown, options: CreateMcpToolsOptions): Promise<McpToolset> {
    return createMcpToolsFromClients([this.clientOf(this.server)], options);
  }
}

let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function run(clientOf: (server: InMemoryMcpServer) => MCPClient, tool: string): Promise<{ seen: Array<Observation | Error>; observation: Observation }> {
  const seen: Array<Observation | Error> = [];
  const server = createInMemoryMcpServer({ name: 'web', tools: [hang, search] });
  agent = new ServerAgent({ hooks: { post: (_ctx, result) => void seen.push(result) } }, server, clientOf);
  await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  const { observation } = await agent.executeToolCall({ id: 'c1', name: tool, arguments: '{}' });
  return { seen, observation };
}

describe('an MCP tool that fails throws, so post hooks see the error (issue 23 §2)', () => {
  it("a call the client timed out: the hook gets the client's TIMEOUT error; the model reads its message as it is", async () => {
    const { seen, observation } = await run((server) => server.client({ callTimeoutMs: 50 }), 'hang');
    expect(seen).toHaveLength(1);
    expect(ToolwrightError.hasCode(seen[0], ErrorCode.TIMEOUT)).toBe(true);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.TIMEOUT, text: (seen[0] as Error).message });
    expect(observation.text).toMatch(/on MCP server 'web' timed out after 50 ms; the request was cancelled/);
  });

  it("a transport that breaks with another error: the hook gets it; the model reads \"MCP tool '<MCP name>' failed: …\"", async () => {
    const { seen, observation } = await run((server) => new BrokenSocketClient({ name: server.name, target: 'a broken socket', transport: () => server.transport() }), 'search');
    expect(seen).toEqual([new TypeError('socket hang up')]);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, text: "MCP tool 'search' failed: socket hang up" });
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: "[An error occurred during execution.]\nMCP tool 'search' failed: socket hang up" }]);
    expect(observation).not.toBeInstanceOf(MCPToolObservation);
  });

  it('a server that answers with an isError result is not a thrown error: the hook gets that Observation', async () => {
    const server = createInMemoryMcpServer({
      name: 'web',
      tools: [{ name: 'fail', description: 'Fails.', handler: () => Promise.reject(new Error('quota exceeded')) }],
    });
    const seen: Array<Observation | Error> = [];
    agent = new ServerAgent({ hooks: { post: (_ctx, result) => void seen.push(result) } }, server, (s) => s.client());
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const { observation } = await agent.executeToolCall({ id: 'c1', name: 'fail', arguments: '{}' });
    expect(seen).toEqual([observation]);
    expect(observation).toMatchObject({ isError: true, errorCode: ErrorCode.EXECUTION_FAILED, text: 'quota exceeded' });
  });
});
