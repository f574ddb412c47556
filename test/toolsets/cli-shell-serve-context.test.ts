/** `--context key=value` on `shell` and `serve` (issue 12 §1): the tools are the view of a turn for the context. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assertBuilt, BIN, cliEnv, runCli, startCli, waitForStderr } from '../cli/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'tw-cli-context-'));
const spec = join(dir, 'agent.yaml');
writeFileSync(spec, ['tools: [think]', 'toolsets:', '  - label: admin', '    tools: [finish]', '    when: { role: admin }', '    rename: { finish: wrap_up }', ''].join('\n'));

const clients: Client[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function connected(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'context-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function stdioClient(args: string[]): Promise<Client> {
  assertBuilt();
  return connected(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--spec', spec, ...args], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' }));
}

async function names(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((t) => t.name);
}

describe('toolwright (shell) --context', () => {
  it("lists the turn's view for the context when there is no terminal", async () => {
    const plain = await runCli(['--spec', spec, '--no-color'], { cwd: dir });
    const admin = await runCli(['--spec', spec, '--no-color', '--context', 'role=admin'], { cwd: dir });
    expect([plain.code, admin.code]).toEqual([0, 0]);
    const rows = (stdout: string) => stdout.split('\n').filter((line) => /^(think|wrap_up) /.test(line)).map((line) => line.split(/\s+/).slice(0, 2).join(' '));
    expect(rows(plain.stdout)).toEqual(['think builtin']);
    expect(rows(admin.stdout)).toEqual(['think builtin', 'wrap_up toolset']);
  });

  it('refuses a context value without =, exit 2', async () => {
    const run = await runCli(['--spec', spec, '--context', 'admin'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe("toolwright shell: --context expects KEY=VALUE, got 'admin'.");
  });
});

describe('toolwright serve --context', () => {
  it('serves the view of a turn for the context over stdio, and runs its renamed tool', async () => {
    expect(await names(await stdioClient([]))).toEqual(['think']);
    const admin = await stdioClient(['--context', 'role=admin']);
    expect(await names(admin)).toEqual(['think', 'wrap_up']);
    expect(await admin.callTool({ name: 'wrap_up', arguments: { message: 'All done.' } })).toEqual({ content: [{ type: 'text', text: 'All done.' }] });
  }, 60_000);

  it('gives every HTTP session the same context', async () => {
    const child = startCli(['serve', '--http', '--port', '0', '--spec', spec, '--context', 'role=admin'], { cwd: dir });
    children.push(child);
    const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+\/mcp)/);
    const one = await connected(new StreamableHTTPClientTransport(new URL(url!)));
    const two = await connected(new StreamableHTTPClientTransport(new URL(url!)));
    expect(await names(one)).toEqual(['think', 'wrap_up']);
    expect(await names(two)).toEqual(['think', 'wrap_up']);
  }, 60_000);

  it('refuses a context value without =, exit 2, before serving', async () => {
    const run = await runCli(['serve', '--stdio', '--spec', spec, '--context', '=admin'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe("toolwright serve: --context expects KEY=VALUE, got '=admin'.");
  });
});
