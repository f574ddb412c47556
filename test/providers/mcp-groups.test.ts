import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpProvider, ToolGroupRuntime } from '@toolwright/providers';
import { freePort, startEverythingHttp } from '../mcp/support/servers.js';
import type { HttpServer } from '../mcp/support/servers.js';

/** An HTTP endpoint that answers every request 401, recording the Authorization headers it got. */
async function lockedEndpoint(): Promise<{ server: Server; url: string; authorizations: (string | undefined)[] }> {
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    res.end(JSON.stringify({ error: 'unauthorized' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, authorizations };
}

describe('MCP tool groups against real servers over HTTP', () => {
  let everything: HttpServer;
  let locked: Awaited<ReturnType<typeof lockedEndpoint>>;
  const warnings: string[] = [];
  const runtime = new ToolGroupRuntime({ providers: [new McpProvider({ connectTimeoutMs: 5_000 })], onWarning: (w) => warnings.push(w) });

  beforeAll(async () => {
    [everything, locked] = await Promise.all([startEverythingHttp(), lockedEndpoint()]);
  });

  afterAll(async () => {
    await runtime.close();
    await everything?.stop();
    await new Promise((resolve) => locked?.server.close(resolve));
  });

  it('lists and invokes the tools of server-everything, keeping image content (facts 49, 50)', async () => {
    runtime.registerToolGroup({ toolgroupId: 'mcp::everything', providerId: 'model-context-protocol', mcpEndpoint: everything.url });
    const tools = await runtime.listTools({ toolgroupId: 'mcp::everything' });
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
    expect(tools.find((t) => t.name === 'echo')!.metadata).toEqual({ endpoint: everything.url });
    expect(await runtime.invokeTool('echo', { message: 'hi' })).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }], metadata: { toolgroupId: 'mcp::everything' } });
    const image = await runtime.invokeTool('get-tiny-image', {});
    expect(image.content.map((c) => c.type)).toEqual(['text', 'image', 'text']);
    const invalid = await runtime.invokeTool('get-sum', { a: 'one', b: 2 });
    expect(invalid.errorCode).toBe(2);
    expect(invalid.errorMessage).toBe("Invalid arguments for tool 'get-sum':\n- a: expected number, got string");
  });

  it('turns HTTP 401 into AUTH_REQUIRED, sends the configured token, and never skips it (facts 51, 53)', async () => {
    runtime.registerToolGroup({ toolgroupId: 'mcp::locked', providerId: 'model-context-protocol', mcpEndpoint: { uri: locked.url, authorization: 'secret-token' } });
    await expect(runtime.listTools({ toolgroupId: 'mcp::locked' })).rejects.toThrow(
      `MCP server of tool group 'mcp::locked' (${locked.url}) answered HTTP 401 Unauthorized: the token in mcpEndpoint.authorization was rejected.`,
    );
    expect(locked.authorizations[0]).toBe('Bearer secret-token');
    await expect(runtime.listTools()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(runtime.getToolGroup('mcp::locked').status.state).toBe('auth-required');
    const call = await runtime.invokeTool('mcp::locked/anything', {});
    expect(call.errorCode).toBe(6);
    await runtime.unregisterToolGroup('mcp::locked');
  });

  it('reaches a server over legacy SSE', async () => {
    const sse = await startEverythingHttp(undefined, 'sse');
    try {
      runtime.registerToolGroup({ toolgroupId: 'mcp::sse', providerId: 'model-context-protocol', mcpEndpoint: { uri: sse.url, transport: 'sse' } });
      expect((await runtime.invokeTool('mcp::sse/echo', { message: 'over sse' })).content).toEqual([{ type: 'text', text: 'Echo: over sse' }]);
      await runtime.unregisterToolGroup('mcp::sse');
    } finally {
      await sse.stop();
    }
  });

  it('skips an unreachable group with a warning while the others keep working (fact 53, #2540)', async () => {
    const port = await freePort();
    runtime.registerToolGroup({ toolgroupId: 'mcp::down', providerId: 'model-context-protocol', mcpEndpoint: `http://127.0.0.1:${port}/mcp` });
    const tools = await runtime.listTools();
    expect(tools.every((t) => t.toolgroupId === 'mcp::everything')).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^Skipping tool group 'mcp::down': its tools could not be listed: Could not connect to MCP server 'mcp::down' \\(http://127\\.0\\.0\\.1:${port}/mcp\\): `));
    const status = runtime.getToolGroup('mcp::down').status;
    expect(status.state).toBe('unreachable');
    expect((await runtime.invokeTool('echo', { message: 'still here' })).content).toEqual([{ type: 'text', text: 'Echo: still here' }]);
  });
});
