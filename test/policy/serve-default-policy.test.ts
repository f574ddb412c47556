import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, BIN, cliEnv } from '../cli/cli-harness.js';

const dirs: string[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-serve-policy-')));
  dirs.push(dir);
  return dir;
}

/** `toolwright serve --stdio <args>` in `dir`, with a client that may answer elicitation; stderr collected. */
async function serve(dir: string, args: string[], elicitation?: 'always'): Promise<{ client: Client; stderr: () => string }> {
  assertBuilt();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', ...args], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'serve-policy', version: '1.0.0' }, { capabilities: elicitation ? { elicitation: {} } : {} });
  if (elicitation) client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { decision: elicitation } }));
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('toolwright serve checks permissions by default', () => {
  it('with no policy flag, a terminal command that writes and a file edit are refused, naming the rule; nothing changes', async () => {
    const dir = workDir();
    const { client, stderr } = await serve(dir, []);
    const touched = (await client.callTool({ name: 'terminal', arguments: { command: `touch ${join(dir, 'pwned')}` } })) as CallToolResult;
    expect(touched.isError).toBe(true);
    expect(textOf(touched)).toContain('Nobody can approve it because this MCP client does not support elicitation. To allow such calls, add the rule');
    const created = (await client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(dir, 'a.txt'), file_text: 'x\n' } })) as CallToolResult;
    expect(created.isError).toBe(true);
    expect(textOf(created)).toContain("No rule allows this call of 'file_editor'.");
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'a.txt'))).toBe(false);
    // Reading is not asked about.
    writeFileSync(join(dir, 'seen.txt'), 'hello\n');
    const listed = (await client.callTool({ name: 'terminal', arguments: { command: 'ls' } })) as CallToolResult;
    expect(textOf(listed)).toContain('seen.txt');
    expect(stderr()).not.toContain('bypass');
  });

  it('--mode bypass runs them, with a warning on stderr', async () => {
    const dir = workDir();
    const { client, stderr } = await serve(dir, ['--mode', 'bypass']);
    const created = (await client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(dir, 'a.txt'), file_text: 'x\n' } })) as CallToolResult;
    expect(created.isError).toBeFalsy();
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('x\n');
    expect(stderr()).toContain('toolwright: warning: --mode bypass: served tools run without permission checks');
  });

  it('"always" goes to the project\'s grants file next to the spec (mode 0600), which the next server reads', async () => {
    const dir = workDir();
    const project = join(dir, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'agent.json'), JSON.stringify({ tools: ['file_editor'] }));
    const first = await serve(dir, ['--spec', join('project', 'agent.json')], 'always');
    const created = (await first.client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(project, 'src', 'a.txt'), file_text: 'x\n' } })) as CallToolResult;
    expect(created.isError).toBeFalsy();
    const grants = join(project, '.toolwright', 'permissions.json');
    // Rule paths are relative to the working directory (where serve runs), not to the grants file.
    expect(JSON.parse(readFileSync(grants, 'utf8'))).toEqual({ version: 1, allow: ['file_editor(project/src/**)'], ask: [], deny: [] });
    expect(statSync(grants).mode & 0o777).toBe(0o600);
    // stderr and the call's answer (stdout) are two pipes: under load the answer can be read first.
    const announced = `toolwright: "always" saves file_editor(project/src/**) to ${grants}`;
    for (const start = Date.now(); !first.stderr().includes(announced) && Date.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.stderr()).toContain(announced);
    expect(existsSync(join(dir, '.toolwright', 'permissions.json'))).toBe(false);
    // A new server (no elicitation now) finds the grant: the call runs without asking.
    const second = await serve(dir, ['--spec', join('project', 'agent.json')]);
    const again = (await second.client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(project, 'src', 'b.txt'), file_text: 'y\n' } })) as CallToolResult;
    expect(again.isError).toBeFalsy();
    expect(readFileSync(join(project, 'src', 'b.txt'), 'utf8')).toBe('y\n');
  });
});
