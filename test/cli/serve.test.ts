import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, BIN, cliEnv, FIXTURES, finished, packageEntry, ROOT, SAMPLE, startCli, waitForStderr } from './cli-harness.js';

const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function stdioClient(args: string[], env: Record<string, string> = {}): Promise<Client> {
  assertBuilt();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', ...args], cwd: ROOT, env: cliEnv(env) as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function startHttp(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcessWithoutNullStreams; url: string; port: number; stderr: () => string }> {
  const child = startCli(['serve', '--http', '--port', '0', ...args], { env });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const [, url, port] = await waitForStderr(child, /at (http:\/\/[^\s]+:(\d+)\/mcp)/);
  return { child, url: url!, port: Number(port), stderr: () => stderr };
}

function rawPost(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function childPids(pid: number): Promise<number[]> {
  return new Promise((resolve) =>
    execFile('ps', ['-o', 'pid=', '--ppid', String(pid)], (_error, stdout) => resolve(stdout.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0))),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('toolwright serve --stdio', () => {
  it('serves native tools to the SDK client: schemas, annotations, results, progress', async () => {
    // serve checks permissions (mode default): the destructive 'fail' tool is allowed by name, so its own error shows.
    const client = await stdioClient([...SAMPLE, '--allow', 'fail']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['think', 'glob', 'echo', 'sum', 'slow']));
    expect(tools.find((t) => t.name === 'echo')).toMatchObject({
      title: 'Echo',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: { type: 'object', required: ['text'] },
    });
    expect(tools.find((t) => t.name === 'sum')!.outputSchema).toMatchObject({ properties: { sum: { type: 'integer' } } });
    expect(await client.callTool({ name: 'sum', arguments: { a: 20, b: 22 } })).toMatchObject({ structuredContent: { sum: 42 } });
    expect(await client.callTool({ name: 'fail', arguments: {} })).toEqual({ isError: true, content: [{ type: 'text', text: "Tool 'fail' failed: disk on fire" }] });
    const progress: Progress[] = [];
    const slow = await client.callTool({ name: 'slow', arguments: { ms: 150 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(slow.content).toEqual([{ type: 'text', text: 'took 150 ms' }]);
    // Progress arrives in order. The last report goes out a few ms before the result, but the SDK
    // client handles a response synchronously and a notification a microtask later, so when a loaded
    // machine lets both land in one read, the client drops that last report (its handler is gone).
    const seen = progress.map((p) => p.progress);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([1, 2, 3].slice(0, seen.length));
  });

  it('passes a client cancellation on to the running call', async () => {
    const client = await stdioClient(SAMPLE);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'slow', arguments: { ms: 10_000 } }, undefined, { signal: controller.signal, onprogress: () => controller.abort('enough') });
    await expect(pending).rejects.toThrow(/enough/);
    // The server is still responsive after the cancelled call.
    expect((await client.callTool({ name: 'echo', arguments: { text: 'still here' } })).content).toEqual([{ type: 'text', text: 'still here' }]);
  });

  it('is listed and called by the MCP Inspector CLI (a third-party client)', async () => {
    // The inspector's CLI mode (build/index.js); it finds its own package.json from its folder.
    const inspector = packageEntry('@modelcontextprotocol/inspector-cli', 'build/index.js');
    const run = (method: string[]): Promise<string> =>
      new Promise((resolve, reject) =>
        execFile(process.execPath, [inspector, process.execPath, BIN, 'serve', '--stdio', ...SAMPLE, '--method', ...method], { cwd: dirname(inspector), env: cliEnv(), timeout: 20_000 }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
    const listed = JSON.parse(await run(['tools/list'])) as { tools: { name: string; annotations?: Record<string, unknown> }[] };
    expect(listed.tools.find((t) => t.name === 'echo')!.annotations).toMatchObject({ readOnlyHint: true });
    const called = JSON.parse(await run(['tools/call', '--tool-name', 'echo', '--tool-arg', 'text=hello', 'times=2'])) as unknown;
    expect(called).toEqual({ content: [{ type: 'text', text: 'hellohello' }] });
  });

  it('proxies server-filesystem: its tools with annotations, calls passed through, child closed on SIGTERM', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwright-fs-'));
    writeFileSync(join(root, 'note.txt'), 'proxied hello');
    try {
      const env = { NODE: process.execPath, FS_SERVER: packageEntry('@modelcontextprotocol/server-filesystem', 'dist/index.js'), FS_ROOT: root };
      const client = await stdioClient(['--spec', join(FIXTURES, 'filesystem-spec.yaml')], env);
      const { tools } = await client.listTools();
      const read = tools.find((t) => t.name === 'read_text_file');
      expect(read?.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.find((t) => t.name === 'write_file')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      const result = await client.callTool({ name: 'read_text_file', arguments: { path: join(root, 'note.txt') } });
      expect(result.content).toEqual([{ type: 'text', text: 'proxied hello' }]);
      const outside = await client.callTool({ name: 'read_text_file', arguments: { path: '/etc/hostname' } });
      expect(outside.isError).toBe(true);

      const http = await startHttp(['--spec', join(FIXTURES, 'filesystem-spec.yaml')], env);
      // One conversation per MCP session: the session's own server-filesystem child starts with it.
      const httpClient = new Client({ name: 'e2e', version: '1.0.0' });
      await httpClient.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      clients.push(httpClient);
      expect((await httpClient.listTools()).tools.some((t) => t.name === 'read_text_file')).toBe(true);
      const kids = await childPids(http.child.pid!);
      expect(kids.length).toBeGreaterThan(0);
      http.child.kill('SIGTERM');
      const run = await finished(http.child);
      expect(run.code).toBe(0);
      expect(kids.filter(alive)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('toolwright serve --stdio proxying server-everything', () => {
  it('passes images, structured content, progress and cancellation through', async () => {
    const env = { NODE: process.execPath, EVERYTHING: packageEntry('@modelcontextprotocol/server-everything', 'dist/index.js') };
    const client = await stdioClient(['--spec', join(FIXTURES, 'everything-spec.yaml'), ...SAMPLE], env);
    const { tools } = await client.listTools();
    // The native echo keeps its name; the server's clashing echo is prefixed with the server name.
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'everything_echo', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation', 'sum']));
    const image = await client.callTool({ name: 'get-tiny-image', arguments: {} });
    expect(image.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]));
    const structured = tools.find((t) => t.name === 'get-structured-content')!;
    expect(structured.outputSchema).toBeDefined();
    const weather = await client.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } });
    expect(weather.structuredContent).toEqual(expect.objectContaining({ temperature: expect.any(Number) }));
    const progress: Progress[] = [];
    const long = await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(long.isError).toBeFalsy();
    // In order, and at least the reports before the last: the SDK client drops a progress
    // notification that arrives in the same read as the result (the last one often does).
    const reports = progress.map((p) => [p.progress, p.total]);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports).toEqual([[1, 3], [2, 3], [3, 3]].slice(0, reports.length));
    const controller = new AbortController();
    const cancelled = client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort('stop'),
    });
    await expect(cancelled).rejects.toThrow(/stop/);
    expect((await client.callTool({ name: 'everything_echo', arguments: { message: 'after cancel' } })).content).toEqual([{ type: 'text', text: 'Echo: after cancel' }]);
  });
});

describe('toolwright serve --http', () => {
  it('serves the SDK client over Streamable HTTP on 127.0.0.1 and stops on SIGINT', async () => {
    const { child, url } = await startHttp(SAMPLE);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'over http' } })).content).toEqual([{ type: 'text', text: 'over http' }]);
    await client.close();
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('is listed and called by the MCP Inspector CLI over HTTP with the bearer token', async () => {
    const { url } = await startHttp(SAMPLE, { TOOLWRIGHT_TOKEN: 'inspector-token' });
    const inspector = packageEntry('@modelcontextprotocol/inspector-cli', 'build/index.js');
    const run = (method: string[]): Promise<string> =>
      new Promise((resolve, reject) =>
        execFile(process.execPath, [inspector, url, '--header', 'Authorization: Bearer inspector-token', '--method', ...method], { cwd: dirname(inspector), env: cliEnv(), timeout: 20_000 }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
    const listed = JSON.parse(await run(['tools/list'])) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'sum']));
    expect(JSON.parse(await run(['tools/call', '--tool-name', 'sum', '--tool-arg', 'a=1', 'b=2']))).toMatchObject({ structuredContent: { sum: 3 } });
  });

  it('refuses a foreign Origin or Host (DNS rebinding) with 403', async () => {
    const { port } = await startHttp(SAMPLE);
    const origin = await rawPost(port, { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body)).toMatchObject({ error: { message: expect.stringContaining("Origin 'http://evil.example' is not allowed") } });
    const host = await rawPost(port, { host: `evil.example:${port}` });
    expect(host.status).toBe(403);
    expect(host.body).toContain("Host 'evil.example:");
  });

  it('requires a bearer token on a non-loopback bind: generated and printed once, 401 without it', async () => {
    const server = await startHttp(['--host', '0.0.0.0', ...SAMPLE]);
    const [, token] = /bearer token \(send "Authorization: Bearer <token>"\): (\S+)/.exec(server.stderr()) ?? (await waitForStderr(server.child, /bearer token .*: (\S+)/));
    const denied = await rawPost(server.port, {});
    expect(denied.status).toBe(401);
    expect(JSON.parse(denied.body)).toMatchObject({ error: { message: expect.stringContaining('Unauthorized') } });
    expect((await rawPost(server.port, { authorization: 'Bearer wrong' })).status).toBe(401);
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(4);
  });

  it('uses TOOLWRIGHT_TOKEN when set, and refuses the wrong one', async () => {
    const server = await startHttp(SAMPLE, { TOOLWRIGHT_TOKEN: 'from-env' });
    expect(server.stderr()).not.toContain('from-env');
    expect((await rawPost(server.port, {})).status).toBe(401);
    expect((await rawPost(server.port, { authorization: 'Bearer from-env' })).status).toBe(200);
  });

  it('refuses a bad transport choice, exit 2', async () => {
    const child = startCli(['serve']);
    child.stdin.end();
    const run = await finished(child);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('toolwright serve: choose one transport, either --stdio or --http.\nUsage: toolwright serve [--spec FILE] [--context KEY=VALUE]... (--stdio | --http [--host H] [--port P] [--max-sessions N] [--session-idle S] [--shared-state | --stateless])\n');
  });
});
