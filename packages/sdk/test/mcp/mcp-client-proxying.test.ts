import { afterEach, describe, expect, it } from '@jest/globals';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, CreateMessageResultSchema, GetPromptRequestSchema, GetPromptResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { ToolwrightError } from '@toolwright/sdk';
import type { ClientHandlers, SampleRequest } from '@toolwright/sdk';
import { MCPClient, setCallScope } from '@toolwright/sdk/mcp';
import type { CallerResolution, McpServerNotification } from '@toolwright/sdk/mcp';

/** An in-memory server (a new one per connection) whose tool `ask` samples its client and `note` logs; it records what each client declared. */
function upstream(): { declared: (ClientCapabilities | undefined)[]; factory: () => Promise<InMemoryTransport> } {
  const declared: (ClientCapabilities | undefined)[] = [];
  const factory = async (): Promise<InMemoryTransport> => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = new Server({ name: 'up', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, logging: {} } });
    server.oninitialized = () => void declared.push(server.getClientCapabilities());
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'ask', inputSchema: { type: 'object' } }, { name: 'note', inputSchema: { type: 'object' } }] }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      if (request.params.name === 'note') {
        await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'noted' } });
        return { content: [{ type: 'text', text: 'ok' }] };
      }
      try {
        const answer = await extra.sendRequest({ method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'q' } }], maxTokens: 3 } }, CreateMessageResultSchema);
        return { content: [{ type: 'text', text: `got ${(answer.content as { text: string }).text}` }] };
      } catch (error) {
        return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
      }
    });
    server.setRequestHandler(GetPromptRequestSchema, (request) => {
      if (request.params.name !== 'hi') throw Object.assign(new Error(`no prompt ${request.params.name}`), { code: -32602 });
      return { messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }] };
    });
    await server.connect(serverSide);
    return clientSide;
  };
  return { declared, factory };
}

const clients: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const answering = (text: string) => async (_request: SampleRequest) => ({ role: 'assistant' as const, content: { type: 'text' as const, text } });

function client(factory: () => Promise<InMemoryTransport>, host = answering('host')): MCPClient {
  const made = new MCPClient({ name: 'up', transport: factory, capabilities: { sampling: host, fromCaller: { sampling: true } } });
  clients.push(made);
  return made;
}

const text = (result: { content: unknown }): string => (result.content as { text: string }[]).map((c) => c.text).join('');

describe('MCPClient for proxies', () => {
  it("answers a server's sampling during a call from that call's client, and from the configured handler otherwise", async () => {
    const up = upstream();
    const mcp = client(up.factory);
    await mcp.connect();
    const caller: ClientHandlers = { sample: answering('caller') };
    expect(text(await mcp.callTool('ask', {}, { client: caller }))).toBe('got caller');
    expect(text(await mcp.callTool('ask', {}))).toBe('got host');
  });

  it("refuses the server's sampling when the call's client cannot sample", async () => {
    const up = upstream();
    const mcp = client(up.factory);
    await mcp.connect();
    const result = await mcp.callTool('ask', {}, { client: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('MCP error -32601: Sampling is not supported by the client of the call in progress.');
  });

  it('sends other requests with the result checked, and names the request in errors', async () => {
    const up = upstream();
    const mcp = client(up.factory);
    await mcp.connect();
    expect(await mcp.send({ method: 'prompts/get', params: { name: 'hi' } }, GetPromptResultSchema)).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }] });
    const error = await mcp.send({ method: 'prompts/get', params: { name: 'nope' } }, GetPromptResultSchema).catch((e: unknown) => e);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).details.rpcCode).toBe(-32602);
    expect((error as ToolwrightError).message).toBe("MCP server 'up' rejected the call to 'prompts/get': no prompt nope (JSON-RPC error -32602).");
    expect(mcp.serverCapabilities).toEqual({ tools: {}, prompts: {}, logging: {} });
  });

  it('passes log notifications on with the client of the call in flight', async () => {
    const up = upstream();
    const mcp = client(up.factory);
    const seen: [McpServerNotification, CallerResolution][] = [];
    mcp.onNotification((notification, during) => void seen.push([notification, during]));
    await mcp.connect();
    const caller: ClientHandlers = {};
    await mcp.callTool('note', {}, { client: caller });
    expect(seen).toEqual([[{ method: 'notifications/message', params: { level: 'info', data: 'noted' } }, { caller, ambiguous: false }]]);
    expect(seen[0]![1].caller).toBe(caller);
  });

  it('refuses to guess while calls of two client scopes are in flight, and shares requests within one scope', async () => {
    const up = upstream();
    const mcp = client(up.factory);
    await mcp.connect();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const asked = new Promise<void>((resolve) => (started = resolve));
    const first: ClientHandlers = {
      sample: async () => {
        started();
        await held;
        return { role: 'assistant', content: { type: 'text', text: 'first' } };
      },
    };
    const sessionA = {};
    setCallScope(first, sessionA);
    const firstCall = mcp.callTool('ask', {}, { client: first });
    // Handled now too: a failing expectation below closes the client, which rejects it.
    firstCall.catch(() => undefined);
    await asked;
    const other: ClientHandlers = { sample: answering('other') };
    setCallScope(other, {});
    const refused = await mcp.callTool('ask', {}, { client: other });
    expect(text(refused)).toBe('MCP error -32603: Sampling cannot be forwarded: calls of several clients are in progress on this connection, and the request does not say which one it belongs to.');
    const sibling: ClientHandlers = { sample: answering('sibling') };
    setCallScope(sibling, sessionA);
    expect(text(await mcp.callTool('ask', {}, { client: sibling }))).toBe('got sibling');
    release();
    expect(text(await firstCall)).toBe('got first');
  });

  it('declares only the offered capabilities after a reconnect', async () => {
    const up = upstream();
    const mcp = client(up.factory);
    await mcp.connect();
    expect(mcp.offer({ sampling: true, elicitation: true })).toBe(false);
    expect(mcp.offer({ sampling: false, elicitation: true })).toBe(true);
    await mcp.reconnect();
    expect(up.declared).toEqual([{ sampling: {} }, {}]);
    expect(text(await mcp.callTool('ask', {}))).toBe('MCP error -32601: Method not found');
  });
});
