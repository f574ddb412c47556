import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, loadAgentSpec, ToolRegistry, ToolwrightError } from '@toolwright/sdk';
import { testRegistry } from '../fixtures/registry-fixtures.js';
import { echoTool } from '../fixtures/tool-fixtures.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-spec-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function specFile(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function specError(pathOrObject: string | object, env: NodeJS.ProcessEnv = {}, registry?: ToolRegistry): Promise<ToolwrightError> {
  try {
    await loadAgentSpec(pathOrObject, { env, registry });
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected INVALID_SPEC');
}

describe('loadAgentSpec', () => {
  it('loads YAML with tools and mcpServers, interpolating the environment', async () => {
    const file = await specFile(
      'agent.yaml',
      [
        'tools:',
        '  - grep',
        '  - name: terminal',
        '    params: { workingDir: "${WORK}", shell: "${SHELL_NAME:-bash}" }',
        'mcpServers:',
        '  fs:',
        '    command: node',
        '    args: ["server.js", "${WORK}"]',
        '    env: { TOKEN: "$${literal}" }',
      ].join('\n'),
    );
    const spec = await loadAgentSpec(file, { env: { WORK: '/srv/work' } });
    expect(spec).toEqual({
      tools: [{ name: 'grep' }, { name: 'terminal', params: { workingDir: '/srv/work', shell: 'bash' } }],
      mcpServers: { fs: { command: 'node', args: ['server.js', '/srv/work'], env: { TOKEN: '${literal}' } } },
      source: file,
    });
  });

  it('loads JSON files and plain objects, leaving the given object as it was', async () => {
    const file = await specFile('agent.json', JSON.stringify({ tools: [{ name: 'think' }] }));
    expect((await loadAgentSpec(file)).tools).toEqual([{ name: 'think' }]);
    const given = { mcpServers: { web: { url: 'http://127.0.0.1:1/mcp' } } };
    expect(await loadAgentSpec(given)).toEqual({ tools: [], mcpServers: { web: { url: 'http://127.0.0.1:1/mcp' } } });
    expect(given).toEqual({ mcpServers: { web: { url: 'http://127.0.0.1:1/mcp' } } });
  });

  it('names the file and JSON path of a missing variable', async () => {
    const file = await specFile('vars.yaml', 'tools:\n  - name: terminal\n    params: { workingDir: "${NOPE}" }\n');
    const error = await specError(file);
    expect(error.code).toBe(ErrorCode.INVALID_SPEC);
    expect(error.message).toBe(`${file}: tools[0].params.workingDir: environment variable NOPE is not set (write \${NOPE:-default} to give a default)`);
  });

  it('names the file and JSON path of a structural mistake', async () => {
    const file = await specFile('bad.json', JSON.stringify({ tools: [{ name: 'grep' }, { name: 'x', params: [1] }] }));
    expect((await specError(file)).message).toBe(`${file}: tools[1].params: expected an object, got array.`);
    const server = await specFile('server.json', JSON.stringify({ mcpServers: { fs: { command: 'node', args: ['a', 2] } } }));
    expect((await specError(server)).message).toBe(`${server}: mcpServers.fs.args[1]: expected a string, got number.`);
    const both = await specFile('both.json', JSON.stringify({ mcpServers: { fs: { command: 'node', url: 'http://x' } } }));
    expect((await specError(both)).message).toBe(`${both}: mcpServers.fs: expected exactly one of command (stdio server) or url (HTTP server).`);
    expect((await specError({ tool: [] })).message).toBe(
      '(agent spec): tool: unknown field; allowed: $schema, name, description, tools, mcpServers, filterToolsRegex, permissions, toolgroups, toolGroupRegistry, toolProviders, toolsets, variables, prompts, resources.',
    );
  });

  it('reports unreadable files and syntax errors with their position', async () => {
    expect((await specError(join(dir, 'missing.yaml'))).message).toBe(`${join(dir, 'missing.yaml')}: cannot read the file (ENOENT).`);
    const yaml = await specFile('broken.yaml', 'tools:\n  - name: [unclosed\n');
    expect((await specError(yaml)).message).toMatch(new RegExp(`^${yaml.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid YAML at line \\d+, column \\d+: `));
    const json = await specFile('broken.json', '{ "tools": [ }');
    expect((await specError(json)).message).toMatch(/broken\.json: invalid JSON: /);
  });

  it('refuses a YAML alias bomb and an oversized file as INVALID_SPEC, quickly', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [prev, name] of [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['e', 'f'], ['f', 'g']] as const) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const bomb = await specFile('bomb.yaml', `${levels.join('\n')}\ntools: [*g]\n`);
    const started = Date.now();
    const error = await specError(bomb);
    expect(error.code).toBe(ErrorCode.INVALID_SPEC);
    expect(error.message).toBe(`${bomb}: too many YAML alias expansions (an alias bomb?); a spec may expand aliases at most 100 times.`);
    const big = await specFile('big.yaml', `tools: []\n# ${'x'.repeat(2 * 1024 * 1024)}\n`);
    expect((await specError(big)).message).toBe(`${big}: the file is ${2 * 1024 * 1024 + 13} bytes; a spec may be at most 1048576 bytes.`);
    expect((await specError(dir)).message).toBe(`${dir}: not a regular file.`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("checks each tool's params against its Params class, with the file and the JSON path", async () => {
    const file = await specFile('params.yaml', 'tools:\n  - counter\n  - name: counter\n    params: { start: "ten" }\n');
    const error = await specError(file, {}, testRegistry);
    expect(error.code).toBe(ErrorCode.INVALID_SPEC);
    expect(error.message).toBe(`${file}: tools[1].params.start: expected integer, got string`);
    const many = await specFile('many.json', JSON.stringify({ tools: [{ name: 'counter', params: { start: 'x', colour: 'red' } }] }));
    expect((await specError(many, {}, testRegistry)).message).toBe(
      `${many}: tools[0].params: invalid params for tool 'counter':\n- tools[0].params.colour: unknown field; allowed fields: start, label\n- tools[0].params.start: expected integer, got string`,
    );
  });

  it("checks and types the params of toolsets' tools like top-level tools, with their path", async () => {
    const file = await specFile('toolsets.yaml', 'toolsets:\n  - tools: [counter]\n  - tools:\n      - counter\n      - name: counter\n        params: { start: "ten" }\n');
    expect((await specError(file, {}, testRegistry)).message).toBe(`${file}: toolsets[1].tools[1].params.start: expected integer, got string`);
    expect((await specError({ toolsets: [{ tools: ['countr'] }] }, {}, testRegistry)).message).toContain("(agent spec): toolsets[0].tools[0].name: tool 'countr' is not registered. Did you mean 'counter'?");
    const typed = await specFile('toolsets-typed.yaml', 'toolsets:\n  - tools:\n      - name: counter\n        params: { start: "${START:-10}" }\n');
    expect((await loadAgentSpec(typed, { env: {}, registry: testRegistry })).toolsets).toEqual([{ tools: [{ name: 'counter', params: { start: 10 } }] }]);
  });

  it('says when a tool declares no params, and names an unregistered tool with the closest name', async () => {
    const registry = new ToolRegistry().register('echo', echoTool());
    expect((await specError({ tools: [{ name: 'echo', params: { loud: true } }] }, {}, registry)).message).toBe(
      "(agent spec): tools[0].params: tool 'echo' is a fixed instance and takes no params; got loud.",
    );
    registry.register('plain', () => echoTool());
    expect((await specError({ tools: ['echo', { name: 'plain', params: { x: 1 } }] }, {}, registry)).message).toBe(
      "(agent spec): tools[1].params: tool 'plain' declares no params (no Params class); got x.",
    );
    expect((await specError({ tools: ['ecoh'] }, {}, registry)).message).toBe("(agent spec): tools[0].name: tool 'ecoh' is not registered. Did you mean 'echo'? Registered: echo, plain.");
    // Without an explicit registry, names the default registry does not know are left for the agent.
    expect((await loadAgentSpec({ tools: ['ecoh'] })).tools).toEqual([{ name: 'ecoh' }]);
  });

  it("converts ${VAR} values to the param's declared type, naming the variable when they do not parse", async () => {
    const file = await specFile('typed.yaml', 'tools:\n  - name: counter\n    params: { start: "${START:-10}", label: "${LABEL:-7}" }\n');
    expect((await loadAgentSpec(file, { env: {}, registry: testRegistry })).tools).toEqual([{ name: 'counter', params: { start: 10, label: '7' } }]);
    expect((await loadAgentSpec(file, { env: { START: '3' }, registry: testRegistry })).tools[0]?.params).toEqual({ start: 3, label: '7' });
    const error = await specError(file, { START: 'ten' }, testRegistry);
    expect(error.message).toBe(`${file}: tools[0].params.start: expected an integer, got 'ten' (from environment variable START).`);
    const literal = await specFile('literal.yaml', 'tools:\n  - name: counter\n    params: { start: "10" }\n');
    expect((await specError(literal, {}, testRegistry)).message).toBe(`${literal}: tools[0].params.start: expected integer, got string`);
  });
});
