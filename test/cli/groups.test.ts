import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The providers table `groups list` ends with: every built-in provider, the keyed ones needing their key. */
const PROVIDERS_TABLE = [
  '',
  'PROVIDER                STATUS',
  'bing-search             needs bing_api_key',
  'brave-search            needs brave_api_key',
  'code-interpreter        ready',
  'memory                  ready',
  'model-context-protocol  ready',
  'tavily-search           needs tavily_api_key',
  'wolfram-alpha           needs wolfram_alpha_api_key',
];

describe('toolwright groups', () => {
  it('lists the registered groups with their status, an unreachable one with its error, no secret shown', async () => {
    const run = await runCli(['groups', 'list', '--spec', 'agent.yaml', '--no-color'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'GROUP            PROVIDER                STATUS',
      'builtin::memory  memory                  ready (2 tools)',
      "mcp::down        model-context-protocol  unreachable: Could not connect to MCP server 'mcp::down' (http://127.0.0.1:9/mcp): bad port.",
      ...PROVIDERS_TABLE,
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
    // Fact 54, improved: an unknown group or tool in the spec's toolgroups is named with the closest one.
    writeFileSync(join(dir, 'unknown.yaml'), SPEC.replace("toolgroups: ['builtin::memory']", "toolgroups: ['builtin::memroy']"));
    const group = await runCli(['list', '--spec', 'unknown.yaml'], { cwd: dir });
    expect([group.code, group.stderr.trim()]).toEqual([2, "toolwright: cannot build spec unknown.yaml: Tool group 'builtin::memroy' not found. Did you mean 'builtin::memory'? Available tool groups: builtin::memory, mcp::down."]);
    writeFileSync(join(dir, 'unknown-tool.yaml'), SPEC.replace("toolgroups: ['builtin::memory']", "toolgroups: ['builtin::memory/memory_qury']"));
    const tool = await runCli(['list', '--spec', 'unknown-tool.yaml'], { cwd: dir });
    expect([tool.code, tool.stderr.trim()]).toEqual([2, "toolwright: cannot build spec unknown-tool.yaml: Tool 'memory_qury' not found in tool group 'builtin::memory'. Did you mean 'memory_query'? Its tools: memory_insert, memory_query."]);
    const noSpec = await runCli(['groups', 'list'], { cwd: dir });
    expect([noSpec.code, noSpec.stdout.trim().split('\n')]).toEqual([0, ["No tool groups registered (none in the spec's toolGroupRegistry, none from 'toolwright groups register').", ...PROVIDERS_TABLE]]);
  }, 120_000);
});

describe('toolwright groups register / unregister', () => {
  const MEMORY_SPEC = 'tools: []\ntoolProviders:\n  memory: { banks: [{ id: notes, kind: keyword }] }\n';
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'tw-cli-register-'));
    writeFileSync(join(work, 'memory.yaml'), MEMORY_SPEC);
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));
  const file = (): string => join(work, '.toolwright', 'tool-groups.json');

  it('persists a registration (atomically, mode 0600) that groups list, list and call then find', async () => {
    const reg = await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory', '--arg', 'max_chunks=2', '--arg', 'label=plain text', '--spec', 'memory.yaml'], { cwd: work });
    expect([reg.code, reg.stdout.trim(), reg.stderr]).toEqual([0, "Registered tool group 'builtin::memory' (provider memory) in .toolwright/tool-groups.json.", '']);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ toolGroupRegistry: [{ toolgroupId: 'builtin::memory', providerId: 'memory', args: { max_chunks: 2, label: 'plain text' } }] });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(work, '.toolwright'))).toEqual(['tool-groups.json']);

    const groups = await runCli(['groups', 'list', '--spec', 'memory.yaml', '--no-color'], { cwd: work });
    expect([groups.code, groups.stdout.trim().split('\n')]).toEqual([0, ['GROUP            PROVIDER  STATUS', 'builtin::memory  memory    ready (2 tools)', ...PROVIDERS_TABLE]]);
    const list = await runCli(['list', '--spec', 'memory.yaml', '--json'], { cwd: work });
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((t) => t.name)).toEqual(['memory_insert', 'memory_query']);
    const call = await runCli(['call', 'memory_insert', '{"bank_id":"notes","documents":[{"document_id":"d","content":"Toolwright registers groups."}]}', '--spec', 'memory.yaml'], { cwd: work });
    expect([call.code, call.stdout.trim()]).toEqual([0, "Inserted 1 document (1 chunk) into memory bank 'notes'."]);

    const again = await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory', '--arg', 'label=plain text', '--arg', 'max_chunks=2'], { cwd: work });
    expect([again.code, again.stdout.trim()]).toEqual([0, "Tool group 'builtin::memory' is already registered in .toolwright/tool-groups.json with this definition; nothing changed."]);
    const clash = await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory'], { cwd: work });
    expect([clash.code, clash.stderr.trim()]).toEqual([
      2,
      "toolwright groups: Tool group 'builtin::memory' already exists in .toolwright/tool-groups.json with a different definition (provider 'memory'); run 'toolwright groups unregister builtin::memory' first, or pick another id.",
    ]);

    const typo = await runCli(['groups', 'unregister', 'builtin::memroy'], { cwd: work });
    expect([typo.code, typo.stderr.trim()]).toEqual([2, "toolwright groups: Tool group 'builtin::memroy' is not registered in .toolwright/tool-groups.json. Did you mean 'builtin::memory'? Registered: builtin::memory."]);
    const gone = await runCli(['groups', 'unregister', 'builtin::memory'], { cwd: work });
    expect([gone.code, gone.stdout.trim()]).toEqual([0, "Unregistered tool group 'builtin::memory' from .toolwright/tool-groups.json."]);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ toolGroupRegistry: [] });
    const after = await runCli(['list', '--spec', 'memory.yaml', '--json'], { cwd: work });
    expect(JSON.parse(after.stdout)).toEqual([]);
  }, 120_000);

  it('keeps --concurrency parallel in the registration', async () => {
    const reg = await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory', '--concurrency', 'parallel', '--spec', 'memory.yaml'], { cwd: work });
    expect([reg.code, reg.stderr]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ toolGroupRegistry: [{ toolgroupId: 'builtin::memory', providerId: 'memory', concurrency: 'parallel' }] });
    const list = await runCli(['list', '--spec', 'memory.yaml', '--json'], { cwd: work });
    expect((JSON.parse(list.stdout) as { name: string }[]).map((t) => t.name)).toEqual(['memory_insert', 'memory_query']);
  }, 60_000);

  it('refuses bad registrations naming the flag, with did-you-mean for the provider, and writes nothing', async () => {
    const cases: [string[], string][] = [
      [['--provider', 'brvae-search'], "toolwright groups: --provider: unknown tool provider 'brvae-search'. Did you mean 'brave-search'? Providers: brave-search, bing-search, tavily-search, wolfram-alpha, code-interpreter, memory, model-context-protocol."],
      [[], 'toolwright groups: register: --provider is required (one of brave-search, bing-search, tavily-search, wolfram-alpha, code-interpreter, memory, model-context-protocol).'],
      [['--provider', 'memory', '--arg', 'max_chunks'], "toolwright groups: --arg: expected KEY=VALUE with KEY made of letters, digits and '_ . -' (e.g. --arg max_results=5), got 'max_chunks'."],
      [['--provider', 'memory', '--arg', 'a=1', '--arg', 'a=2'], "toolwright groups: --arg: 'a' is given twice."],
      [['--provider', 'model-context-protocol', '--mcp-transport', 'ws', '--mcp-endpoint', 'http://127.0.0.1:9/mcp'], "toolwright groups: --mcp-transport: expected http (Streamable HTTP) or sse, got 'ws'."],
      [['--provider', 'memory', '--concurrency', 'fast'], "toolwright groups: --concurrency: expected serial (the group's tools that may write run one at a time; the default) or parallel (they may run at the same time), got 'fast'."],
    ];
    for (const [flags, message] of cases) {
      const run = await runCli(['groups', 'register', 'g1', ...flags], { cwd: work });
      expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, message]);
    }
    const badId = await runCli(['groups', 'register', 'bad/id', '--provider', 'memory'], { cwd: work });
    expect([badId.code, badId.stderr.trim()]).toEqual([2, "toolwright groups: GROUP: expected 1 to 128 letters, digits or '_ . : -' (e.g. 'builtin::websearch'), got 'bad/id'."]);
    const noEndpoint = await runCli(['groups', 'register', 'mcp::docs', '--provider', 'model-context-protocol'], { cwd: work });
    expect([noEndpoint.code, noEndpoint.stderr.trim()]).toEqual([2, "toolwright groups: Tool group 'mcp::docs' (provider 'model-context-protocol'): needs an mcpEndpoint, the MCP server's URL (e.g. 'http://127.0.0.1:8000/mcp')."]);
    // Fact 50: an MCP endpoint must be http(s).
    const ftp = await runCli(['groups', 'register', 'mcp::docs', '--provider', 'model-context-protocol', '--mcp-endpoint', 'ftp://x/y'], { cwd: work });
    expect([ftp.code, ftp.stderr.trim()]).toEqual([2, 'toolwright groups: Tool group \'mcp::docs\' (provider \'model-context-protocol\'): mcpEndpoint "ftp://x/y" uses ftp; expected http or https.']);
    expect(existsSync(file())).toBe(false);
  }, 120_000);

  it('checks a hand-edited registrations file on load, naming the file and the JSON path', async () => {
    mkdirSync(join(work, '.toolwright'));
    const cases: [string, string][] = [
      ['{"toolGroupRegistry": [{"toolgroupId": "a", "providerId": "memory"}, {"toolgroupId": "b", "providerId": "memroy"}]}', "toolwright: .toolwright/tool-groups.json: toolGroupRegistry[1].providerId: unknown tool provider 'memroy'. Did you mean 'memory'? Providers: brave-search, bing-search, tavily-search, wolfram-alpha, code-interpreter, memory, model-context-protocol."],
      ['{"toolGroupRegistry": [{"toolgroupId": "a", "providerId": "memory", "args": 3}]}', 'toolwright: .toolwright/tool-groups.json: toolGroupRegistry[0].args: expected an object of fixed arguments, got number.'],
      ['{"groups": []}', 'toolwright: .toolwright/tool-groups.json: groups: unknown field; allowed: toolGroupRegistry.'],
      ['[1]', 'toolwright: .toolwright/tool-groups.json: expected an object { "toolGroupRegistry": [ … ] }, got an array.'],
      // Fact 51: a token goes in mcpEndpoint.authorization, never in headers.
      [
        '{"toolGroupRegistry": [{"toolgroupId": "m", "providerId": "model-context-protocol", "mcpEndpoint": {"uri": "http://127.0.0.1:9/mcp", "headers": {"Authorization": "Bearer t"}}}]}',
        'toolwright: .toolwright/tool-groups.json: toolGroupRegistry[0].mcpEndpoint.headers.Authorization: put the token in authorization (kept out of logs and listings), not in headers.',
      ],
    ];
    for (const [text, message] of cases) {
      writeFileSync(file(), text);
      for (const args of [['list'], ['groups', 'list']]) {
        const run = await runCli(args, { cwd: work });
        expect([args, run.code, run.stderr.trim()]).toEqual([args, 2, message]);
      }
    }
    writeFileSync(file(), '{"toolGroupRegistry": [');
    const broken = await runCli(['groups', 'list'], { cwd: work });
    expect([broken.code, broken.stderr.trim().startsWith('toolwright: .toolwright/tool-groups.json: not JSON (')]).toEqual([2, true]);
  }, 120_000);

  it('keeps every registration of concurrent register commands (the file is locked while changed)', async () => {
    const ids = ['g0', 'g1', 'g2', 'g3', 'g4'];
    const runs = await Promise.all(ids.map((id) => runCli(['groups', 'register', id, '--provider', 'memory'], { cwd: work })));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as { toolGroupRegistry: { toolgroupId: string }[] };
    expect(saved.toolGroupRegistry.map((g) => g.toolgroupId).sort()).toEqual(ids);
    expect(readdirSync(join(work, '.toolwright'))).toEqual(['tool-groups.json']);
  }, 120_000);

  it('uses --groups-file, then TOOLWRIGHT_GROUPS_FILE, instead of the default file', async () => {
    const viaFlag = await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory', '--groups-file', 'elsewhere/groups.json'], { cwd: work });
    expect([viaFlag.code, viaFlag.stdout.trim()]).toEqual([0, "Registered tool group 'builtin::memory' (provider memory) in elsewhere/groups.json."]);
    const viaEnv = await runCli(['groups', 'list', '--json'], { cwd: work, env: { TOOLWRIGHT_GROUPS_FILE: join(work, 'elsewhere/groups.json') } });
    expect((JSON.parse(viaEnv.stdout) as { toolgroupId: string }[]).map((g) => g.toolgroupId)).toEqual(['builtin::memory']);
    const byDefault = await runCli(['groups', 'list', '--json'], { cwd: work });
    expect(JSON.parse(byDefault.stdout)).toEqual([]);
  });

  it('serve exposes a registered group, beside the built-in tools', async () => {
    await runCli(['groups', 'register', 'builtin::memory', '--provider', 'memory'], { cwd: work });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--spec', 'memory.yaml', '--allow', 'memory_insert'], cwd: work, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['memory_insert', 'memory_query']);
    const inserted = await client.callTool({ name: 'memory_insert', arguments: { bank_id: 'notes', documents: [{ document_id: 'a', content: 'Registered from the CLI.' }] } });
    expect(inserted.content).toEqual([{ type: 'text', text: "Inserted 1 document (1 chunk) into memory bank 'notes'." }]);
    await client.close();
    const noSpec = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio'], cwd: work, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
    const second = new Client({ name: 'e2e', version: '1.0.0' });
    await second.connect(noSpec);
    clients.push(second);
    const names = (await second.listTools()).tools.map((t) => t.name);
    expect(names.slice(-2)).toEqual(['memory_insert', 'memory_query']);
    expect(names).toContain('terminal');
  });
});

describe('toolwright serve with the spec toolgroups', () => {
  it('serves the groups tools over MCP and runs them (the vector bank persists to its file)', async () => {
    assertBuilt();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--spec', 'agent.yaml', '--allow', 'memory_insert'], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
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
