import { afterEach, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolwrightMcpServer } from '@toolwright/sdk/mcp';
import { addToChangelog, docsServer, serveWithExpress, serveWithNodeHttp } from '../../examples/mcp-server.js';

const open: { http?: HttpServer; server?: ToolwrightMcpServer; client?: Client }[] = [];

afterEach(async () => {
  for (const entry of open.splice(0)) {
    await entry.client?.close().catch(() => undefined);
    await entry.server?.close();
    await new Promise<void>((resolve) => {
      if (!entry.http) return resolve();
      entry.http.close(() => resolve());
      entry.http.closeAllConnections();
    });
  }
});

async function connect(mount: typeof serveWithNodeHttp): Promise<{ client: Client; server: ToolwrightMcpServer; url: string }> {
  const server = docsServer();
  const { url, http } = await mount(server);
  const client = new Client({ name: 'mount-test', version: '1.0.0' });
  open.push({ http, server, client });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, server, url };
}

describe.each([
  ['node:http', serveWithNodeHttp],
  ['Express', serveWithExpress],
])('createMcpServer mounted in %s, with the MCP SDK client over 127.0.0.1', (_mount, mount) => {
  it('serves the tools, prompts, resources and templates the definition declares, and its instructions', async () => {
    const { client } = await connect(mount);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, logging: {}, prompts: {}, resources: { subscribe: true }, completions: {} });
    expect(client.getInstructions()).toMatch(/^Docs of the project/);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['forecast']);
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })).toEqual({ content: [{ type: 'text', text: 'Oslo: sunny' }] });
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'review',
        description: 'Ask for a code review of one file.',
        arguments: [
          { name: 'path', description: 'The file to review', required: true },
          { name: 'depth', description: 'How thorough: quick or deep' },
        ],
      },
      { name: 'summarize', description: 'Summarize a guide page.', arguments: [{ name: 'slug', description: 'Page to summarize', required: true }, { name: 'audience' }] },
    ]);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['docs://changelog', 'docs://pages/install', 'docs://pages/serve']);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ uriTemplate: 'docs://pages/{slug}', name: 'page', mimeType: 'text/markdown' }]);
  });

  it('renders prompts from validated arguments (Action class and Zod), and refuses bad ones in the tool-call wording', async () => {
    const { client } = await connect(mount);
    expect(await client.getPrompt({ name: 'review', arguments: { path: 'src/a.ts', depth: 'deep' } })).toEqual({
      description: 'Ask for a code review of one file.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Review src/a.ts (deep review): correctness first, then naming.' } }],
    });
    const summary = await client.getPrompt({ name: 'summarize', arguments: { slug: 'install' } });
    expect(summary.messages[0]!.content).toEqual({ type: 'resource', resource: { uri: 'docs://pages/install', mimeType: 'text/markdown', text: '# Install\nnpm i @toolwright/sdk' } });
    await expect(client.getPrompt({ name: 'review', arguments: { depth: 'thorough' } })).rejects.toThrow(
      'MCP error -32602: Invalid arguments for prompt \'review\':\n- path: required field missing; expected string\n- depth: expected one of "quick", "deep", got a string that does not match',
    );
    await expect(client.getPrompt({ name: 'summarize', arguments: { slug: 'install', audience: 'robots' } })).rejects.toThrow(/^MCP error -32602: Invalid arguments for prompt 'summarize':\n- audience: /);
    await expect(client.getPrompt({ name: 'reveiw' })).rejects.toThrow("MCP error -32602: Prompt \"reveiw\" not found. Available: review, summarize.");
  });

  it('reads resources and template matches, and says which URI is unknown', async () => {
    const { client } = await connect(mount);
    expect(await client.readResource({ uri: 'docs://changelog' })).toEqual({ contents: [{ uri: 'docs://changelog', mimeType: 'text/markdown', text: expect.stringMatching(/^# Changelog\n- 0\.1\.0/) }] });
    expect(await client.readResource({ uri: 'docs://pages/serve' })).toEqual({ contents: [{ uri: 'docs://pages/serve', mimeType: 'text/markdown', text: '# Serve\ntoolwright serve --http' }] });
    await expect(client.readResource({ uri: 'docs://pages/nope' })).rejects.toThrow("MCP error -32603: Reading \"docs://pages/nope\" failed: no page 'nope'; pages: install, serve");
    await expect(client.readResource({ uri: 'docs://elsewhere' })).rejects.toThrow('MCP error -32002: Resource not found: "docs://elsewhere" is neither a resource nor matched by a resource template of this server.');
  });

  it('completes prompt arguments and template variables', async () => {
    const { client } = await connect(mount);
    expect(await client.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'depth', value: 'D' } })).toEqual({ completion: { values: ['deep'], total: 1, hasMore: false } });
    expect(await client.complete({ ref: { type: 'ref/resource', uri: 'docs://pages/{slug}' }, argument: { name: 'slug', value: 'se' } })).toEqual({ completion: { values: ['serve'], total: 1, hasMore: false } });
    expect(await client.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'path', value: 'src' } })).toEqual({ completion: { values: [] } });
    await expect(client.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'pth', value: '' } })).rejects.toThrow(
      "MCP error -32602: Prompt 'review' has no argument \"pth\"; arguments: path, depth.",
    );
  });

  it('tells a subscribed session that a resource changed, and stops after it unsubscribes', async () => {
    const { client, server } = await connect(mount);
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    expect(addToChangelog(server, 'nobody listens yet')).toBe(0);
    await client.subscribeResource({ uri: 'docs://changelog' });
    expect(addToChangelog(server, 'mounting')).toBe(1);
    await waitFor(() => updated.length === 1);
    expect(updated).toEqual(['docs://changelog']);
    await client.unsubscribeResource({ uri: 'docs://changelog' });
    expect(addToChangelog(server, 'after')).toBe(0);
    await expect(client.subscribeResource({ uri: 'docs://other' })).rejects.toThrow('MCP error -32002: Resource not found: "docs://other" is not a resource of this server, so it cannot be subscribed to.');
  });

  it('keeps the DNS-rebinding guard: a foreign Host is refused before any session', async () => {
    const { url } = await connect(mount);
    // fetch cannot set Host: a raw request can (as a rebound DNS name would make a browser send).
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(url, { method: 'POST', headers: { host: 'evil.example:80', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(answer.status).toBe(403);
    expect((JSON.parse(answer.body) as { error: { message: string } }).error.message).toMatch(/^Forbidden: Host 'evil\.example:80' is not this server \(DNS rebinding protection\)/);
  });
});

describe('createMcpServer on a listener of its own', () => {
  it('serves /mcp, 404s elsewhere, and closes its sessions', async () => {
    const server = docsServer();
    const running = await server.listen();
    open.push({ server });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'listen-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    expect(running.sessionCount()).toBe(1);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['review', 'summarize']);
    expect((await fetch(running.url.replace('/mcp', '/other'))).status).toBe(404);
    await client.close();
    await server.close();
    expect(running.sessionCount()).toBe(0);
  });

  it('refuses to listen off loopback without a bearer token', async () => {
    const server = docsServer();
    open.push({ server });
    await expect(server.listen({ host: '0.0.0.0' })).rejects.toThrow('listen on 0.0.0.0: off loopback every request needs a bearer token; give http.token (or http.token: false when something in front authenticates).');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('examples/mcp-server.ts tour', () => {
  it('prints what a client of the example server sees', async () => {
    const { tour } = await import('../../examples/mcp-server.js');
    expect(await tour()).toEqual([
      'tools: forecast',
      'prompts: review, summarize',
      'review: Review src/app.ts (quick review): correctness first, then naming.',
      'docs://pages/install: # Install',
    ]);
  });
});
