import { afterEach, describe, expect, it } from '@jest/globals';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryTool } from '@toolwright/sdk/testing';

const clients: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function track(client: MCPClient): MCPClient {
  clients.push(client);
  return client;
}

const echo: InMemoryTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: (args) => `echo: ${String(args.text)}`,
};
const hang: InMemoryTool = { name: 'hang', handler: (_args, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve('aborted'))) };

describe('MCPClient', () => {
  it('connects, lists the tools and calls one', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    const client = track(server.client());
    const tools = await client.connect();
    expect(tools.map((t) => t.name)).toEqual(['echo']);
    expect(client.state).toBe('connected');
    const result = await client.callTool('echo', { text: 'hi' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
  });

  it('times out a call after its limit, cancels it on the server and stays usable', async () => {
    let serverSawAbort = false;
    const watched: InMemoryTool = {
      name: 'hang',
      handler: (_args, ctx) =>
        new Promise((resolve) =>
          ctx.signal.addEventListener('abort', () => {
            serverSawAbort = true;
            resolve('late');
          }),
        ),
    };
    const server = createInMemoryMcpServer({ tools: [watched, echo] });
    const client = track(server.client({ callTimeoutMs: 100 }));
    await client.connect();
    const started = Date.now();
    await expect(client.callTool('hang', {})).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining("Tool 'hang' on MCP server 'memory' timed out after 100 ms"),
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(serverSawAbort).toBe(true);
    await expect(client.callTool('echo', { text: 'still here' })).resolves.toMatchObject({ content: [{ text: 'echo: still here' }] });
  });

  it('cancels the MCP request when the signal aborts', async () => {
    const server = createInMemoryMcpServer({ tools: [hang] });
    const client = track(server.client());
    await client.connect();
    const controller = new AbortController();
    const pending = client.callTool('hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED', message: "The call to 'hang' on MCP server 'memory' was cancelled." });
  });

  it('forwards progress notifications', async () => {
    const progressive: InMemoryTool = {
      name: 'work',
      handler: async (_args, ctx) => {
        for (let i = 1; i <= 3; i++) await ctx.reportProgress(i, 3, `step ${i}`);
        return 'done';
      },
    };
    const server = createInMemoryMcpServer({ tools: [progressive] });
    const client = track(server.client());
    const seen: unknown[] = [];
    await client.callTool('work', {}, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('reconnects once on the next call after the connection dropped', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    const client = track(server.client());
    await client.connect();
    await server.dropConnections();
    await new Promise((r) => setTimeout(r, 10));
    expect(client.state).toBe('dropped');
    await expect(client.callTool('echo', { text: 'again' })).resolves.toMatchObject({ content: [{ text: 'echo: again' }] });
    expect(client.state).toBe('connected');
    expect(server.sessionCount).toBe(1);
  });

  it('says why when reconnecting fails', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    let attempts = 0;
    const client = track(
      server.client({
        transport: () => {
          attempts++;
          if (attempts > 1) throw new Error('server is gone for good');
          return server.transport();
        },
      }),
    );
    await client.connect();
    await server.dropConnections();
    await new Promise((r) => setTimeout(r, 10));
    await expect(client.callTool('echo', { text: 'x' })).rejects.toMatchObject({
      code: 'MCP_CONNECTION',
      message: "The connection to MCP server 'memory' was lost (the connection closed) and reconnecting failed: server is gone for good.",
    });
    expect(attempts).toBe(2);
  });

  it('fails a call with CLOSED after close()', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    const client = track(server.client());
    await client.connect();
    await client.close();
    await client.close();
    expect(client.state).toBe('closed');
    await expect(client.callTool('echo', { text: 'x' })).rejects.toMatchObject({
      code: 'CLOSED',
      message: "The MCP client for server 'memory' is closed, so 'echo' cannot be called. Create the tools again to reconnect.",
    });
  });

  it('turns a JSON-RPC error into EXECUTION_FAILED naming server and tool', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    const client = track(server.client());
    await expect(client.callTool('nope', {})).rejects.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: "MCP server 'memory' rejected the call to 'nope': Tool nope not found (JSON-RPC error -32602).",
    });
  });

  it('re-lists tools on notifications/tools/list_changed and tells listeners', async () => {
    const server = createInMemoryMcpServer({ tools: [echo] });
    const client = track(server.client());
    await client.connect();
    const heard = new Promise<string[]>((resolve) => client.onToolsChanged((tools) => resolve(tools.map((t) => t.name))));
    await server.setTools([echo, { name: 'added' }]);
    await expect(heard).resolves.toEqual(['echo', 'added']);
  });

  it('fails to connect within the connect timeout, naming the server and the limit', async () => {
    const client = track(
      createInMemoryMcpServer().client({
        connectTimeoutMs: 50,
        transport: () => {
          const silent = createInMemoryMcpServer();
          const t = silent.transport();
          // Drop everything the client sends: the server never answers.
          const send = t.send.bind(t);
          t.send = (message) => ((message as { method?: string }).method === 'initialize' ? Promise.resolve() : send(message));
          return t;
        },
      }),
    );
    await expect(client.connect()).rejects.toMatchObject({
      code: 'MCP_CONNECTION',
      message: "Could not connect to MCP server 'memory' (in-memory server 'memory'): it did not answer the 'initialize' request within the connect timeout (50 ms).",
    });
  });
});
