import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, BIN, cliEnv, runCli } from './cli-harness.js';

const SPEC = `tools: []
toolgroups: ['builtin::memory']
toolGroupRegistry:
  - toolgroupId: builtin::memory
    providerId: memory
    args: { max_chunks: 2 }
  - toolgroupId: mcp::down
    providerId: model-context-protocol
    mcpEndpoint: { uri: 'http://127.0.0.1:9/mcp', authorization: 'secret-token' }
toolProviders:
  memory: { banks: [{ id: notes, kind: vector, path: banks/notes.json }] }
  model-context-protocol: { connectTimeoutMs: 2000 }
`;

let dir: string;
const clients: Client[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-cli-groups-'));
  writeFileSync(join(dir, 'agent.yaml'), SPEC);
  writeFileSync(join(dir, 'typo.yaml'), SPEC.replace("providerId: memory\n", 'providerId: memroy\n'));
  writeFileSync(join(dir, 'badref.yaml'), SPEC.replace("toolgroups: ['builtin::memory']", "toolgroups: ['builtin::memory/']"));
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolwright groups', () => {
  it('lists the registered groups with their status, an unreachable one with its error, no secret shown', async () => {
    const run = await runCli(['groups', 'list', '--spec', 'agent.yaml', '--no-color'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'GROUP            PROVIDER                STATUS',
      'builtin::memory  memory                  ready (2 tools)',
      "mcp::down        model-context-protocol  unreachable: Could not connect to MCP server 'mcp::down' (http://127.0.0.1:9/mcp): bad port.",
    ]);
    const json = await runCli(['groups', 'list', '--spec', 'agent.yaml', '--json'], { cwd: dir });
    expect(JSON.parse(json.stdout)).toEqual([
      {
        toolgroupId: 'builtin::memory',
        providerId: 'memory',
        status: { state: 'ready', toolCount: 2 },
        args: { max_chunks: 2 },
        tools: [
          { name: 'memory_insert', state: 'ready' },
          { name: 'memory_query', state: 'ready' },
        ],
      },
      { toolgroupId: 'mcp::down', providerId: 'model-context-protocol', status: { state: 'unreachable', error: "Could not connect to MCP server 'mcp::down' (http://127.0.0.1:9/mcp): bad port." }, mcpEndpoint: { uri: 'http://127.0.0.1:9/mcp' } },
    ]);
    expect(run.stdout + run.stderr + json.stdout + json.stderr).not.toContain('secret-token');
  });

  it("lists a group's tools (fixed args left out of the schema), and suggests the closest group for a typo", async () => {
    const run = await runCli(['groups', 'tools', 'builtin::memory', '--spec', 'agent.yaml', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    const tools = JSON.parse(run.stdout) as { name: string; toolgroupId: string; inputSchema: { properties: object } }[];
    expect(tools.map((t) => [t.name, t.toolgroupId])).toEqual([
      ['memory_insert', 'builtin::memory'],
      ['memory_query', 'builtin::memory'],
    ]);
    expect(Object.keys(tools[1]!.inputSchema.properties)).toEqual(['query', 'bank_ids', 'max_tokens_in_context']);
    const typo = await runCli(['groups', 'tools', 'builtin::memroy', '--spec', 'agent.yaml'], { cwd: dir });
    expect([typo.code, typo.stderr.trim()]).toEqual([2, "toolwright groups: Tool group 'builtin::memroy' not found. Did you mean 'builtin::memory'? Available tool groups: builtin::memory, mcp::down."]);
  });

  it('skips an unreachable spec tool group with a warning, and keeps the other groups (exit 0)', async () => {
    writeFileSync(join(dir, 'down.yaml'), SPEC.replace("toolgroups: ['builtin::memory']", "toolgroups: ['builtin::memory', 'mcp::down']"));
    const run = await runCli(['list', '--spec', 'down.yaml', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr.trim()).toBe("toolwright: warning: tool group 'mcp::down' skipped: Could not connect to MCP server 'mcp::down' (http://127.0.0.1:9/mcp): bad port.");
    expect((JSON.parse(run.stdout) as { name: string }[]).map((t) => t.name)).toEqual(['memory_insert', 'memory_query']);
  });

  it('refuses spec mistakes with the path (exit 2)', async () => {
    const provider = await runCli(['groups', 'list', '--spec', 'typo.yaml'], { cwd: dir });
    expect([provider.code, provider.stderr.trim()]).toEqual([
      2,
      "toolwright: toolGroupRegistry[0].providerId: unknown tool provider 'memroy'. Did you mean 'memory'? Providers: brave-search, bing-search, tavily-search, wolfram-alpha, code-interpreter, memory, model-context-protocol.",
    ]);
    const ref = await runCli(['list', '--spec', 'badref.yaml'], { cwd: dir });
    expect(ref.code).toBe(2);
    expect(ref.stderr).toContain("badref.yaml: toolgroups[0]: 'builtin::memory/' is not a tool group reference;");
    const noSpec = await runCli(['groups', 'list'], { cwd: dir });
    expect([noSpec.code, noSpec.stderr.split('\n')[0]]).toEqual([2, 'toolwright: Tool groups are declared in an agent spec: pass --spec FILE.']);
  });
});

describe('toolwright serve with the spec toolgroups', () => {
  it('serves the groups tools over MCP and runs them (the vector bank persists to its file)', async () => {
    assertBuilt();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--spec', 'agent.yaml'], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['memory_insert', 'memory_query']);
    const inserted = await client.callTool({ name: 'memory_insert', arguments: { bank_id: 'notes', documents: [{ document_id: 'a', content: 'The launch code is 1234.' }] } });
    expect(inserted.content).toEqual([{ type: 'text', text: "Inserted 1 document (1 chunk) into memory bank 'notes'." }]);
    expect(existsSync(join(dir, 'banks', 'notes.json'))).toBe(true);
    const found = await client.callTool({ name: 'memory_query', arguments: { query: 'launch code' } });
    expect(found.content).toEqual([{ type: 'text', text: 'Found 1 passage (6 tokens) in notes:\n\n[1] bank notes, document a\nThe launch code is 1234.' }]);
  });
});
