import { afterEach, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { startHttpServer } from '../../src/serve/http-server.js';
import type { RunningHttpServer } from '../../src/serve/http-server.js';
import { DefinitionToolset, sampleTools } from '../helpers/sample-tools.js';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

function post(port: number, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('startHttpServer', () => {
  it('serves the toolset to the SDK client over Streamable HTTP', async () => {
    running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '127.0.0.1', port: 0 });
    expect(running.url).toBe(`http://127.0.0.1:${running.port}/mcp`);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('sum');
    expect(await client.callTool({ name: 'sum', arguments: { a: 1, b: 41 } })).toMatchObject({ structuredContent: { sum: 42 } });
    expect(running.sessionCount()).toBe(1);
    await client.close();
  });

  it('answers a tools/call whose arguments are an array with -32602 and one line (over HTTP, in a session and stateless)', async () => {
    for (const stateless of [false, true]) {
      running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '127.0.0.1', port: 0, stateless });
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const error = await client.request({ method: 'tools/call', params: { name: 'sum', arguments: [1, 41] } } as never, CallToolResultSchema).then(
        () => undefined,
        (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
      );
      expect(error).toEqual({ code: -32602, message: `MCP error -32602: tools/call: params.arguments: expected an object of the tool's arguments (e.g. {"path": "README.md"}), got an array.` });
      await client.close();
      await running.close();
      running = undefined;
    }
  });

  it('refuses a foreign Host or Origin with 403', async () => {
    running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '127.0.0.1', port: 0 });
    const host = await post(running.port, { host: `attacker.example:${running.port}` });
    expect(host.status).toBe(403);
    expect(JSON.parse(host.body)).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining("Host 'attacker.example") } });
    const origin = await post(running.port, { origin: 'http://attacker.example' });
    expect(origin.status).toBe(403);
    expect(origin.body).toContain("Origin 'http://attacker.example' is not allowed");
    expect((await post(running.port, {})).status).toBe(200);
  });

  it('answers 401 without the token on a non-loopback bind, and serves with it', async () => {
    running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '0.0.0.0', port: 0, token: 'tok-123' });
    const denied = await post(running.port, {});
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    expect(denied.body).toContain('Authorization: Bearer <token>');
    const client = new Client({ name: 'test', version: '1' });
    const url = new URL(`http://127.0.0.1:${running.port}/mcp`);
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: 'Bearer tok-123' } } }));
    expect((await client.callTool({ name: 'echo', arguments: { text: 'ok' } })).content).toEqual([{ type: 'text', text: 'ok' }]);
    await client.close();
  });

  it('rejects requests without a session and unknown sessions', async () => {
    running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '127.0.0.1', port: 0 });
    const unknown = await post(running.port, { 'mcp-session-id': 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("Session not found: 'nope'");
  });

  it('refuses a request whose headers checkHeaders rejects, with 400 and its message (after the Host guard)', async () => {
    const checkHeaders = (headers: Record<string, unknown>): string | undefined => (headers['x-provider'] === 'bad' ? "Header X-Provider: 'bad' is not a provider." : undefined);
    running = await startHttpServer(new DefinitionToolset(sampleTools()), { host: '127.0.0.1', port: 0, checkHeaders });
    const refused = await post(running.port, { 'x-provider': 'bad' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: "Header X-Provider: 'bad' is not a provider." }, id: null });
    expect((await post(running.port, { 'x-provider': 'bad', host: 'attacker.example' })).status).toBe(403);
    expect((await post(running.port, { 'x-provider': 'good' })).status).toBe(200);
  });
});
