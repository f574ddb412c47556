import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';

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

async function specError(pathOrObject: string | object, env: NodeJS.ProcessEnv = {}): Promise<ToolwrightError> {
  try {
    await loadAgentSpec(pathOrObject, { env });
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
      '(agent spec): tool: unknown field; allowed: $schema, name, description, tools, mcpServers, filterToolsRegex.',
    );
  });

  it('reports unreadable files and syntax errors with their position', async () => {
    expect((await specError(join(dir, 'missing.yaml'))).message).toBe(`${join(dir, 'missing.yaml')}: cannot read the file (ENOENT).`);
    const yaml = await specFile('broken.yaml', 'tools:\n  - name: [unclosed\n');
    expect((await specError(yaml)).message).toMatch(new RegExp(`^${yaml.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid YAML at line \\d+, column \\d+: `));
    const json = await specFile('broken.json', '{ "tools": [ }');
    expect((await specError(json)).message).toMatch(/broken\.json: invalid JSON: /);
  });
});
