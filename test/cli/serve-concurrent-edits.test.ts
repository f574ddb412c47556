import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startCli, waitForStderr } from './cli-harness.js';

const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LINES = 20;
const original = Array.from({ length: LINES }, (_, i) => `line ${i}`).join('\n') + '\n';
const edited = Array.from({ length: LINES }, (_, i) => `edited ${i}`).join('\n') + '\n';

/** `toolwright serve --http` on the embedded default toolset, rooted at a scratch directory holding one file. */
async function serveScratch(): Promise<{ url: URL; file: string }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-serve-edits-')));
  dirs.push(dir);
  const file = join(dir, 'notes.txt');
  writeFileSync(file, original);
  // serve checks permissions (mode default): the edits are allowed by a rule, as a user would.
  const child = startCli(['serve', '--http', '--port', '0', '--allow', 'file_editor'], { cwd: dir });
  children.push(child);
  const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+:\d+\/mcp)/);
  return { url: new URL(url!), file };
}

async function connect(url: URL): Promise<Client> {
  const client = new Client({ name: 'concurrent-edits', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

const replace = (file: string, i: number) => ({
  name: 'file_editor',
  arguments: { command: 'str_replace', path: file, old_str: `line ${i}\n`, new_str: `edited ${i}\n` },
});

/** The text of a call result's first content item, and whether the result is an error. */
function outcome(result: Awaited<ReturnType<Client['callTool']>>): { isError: boolean; text: string } {
  const content = result.content as { type: string; text?: string }[];
  return { isError: result.isError === true, text: content[0]?.text ?? '' };
}

describe('serve --http keeps concurrent edits of one file (issue 9 item 1)', () => {
  it('20 concurrent str_replace calls from one client: every edit survives', async () => {
    const { url, file } = await serveScratch();
    const client = await connect(url);
    const results = await Promise.all(Array.from({ length: LINES }, (_, i) => client.callTool(replace(file, i))));
    expect(results.map(outcome).filter((o) => o.isError)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('20 clients, each in its own MCP session (own conversation), editing one file at once: every edit survives', async () => {
    const { url, file } = await serveScratch();
    const sessions = await Promise.all(Array.from({ length: LINES }, () => connect(url)));
    const results = await Promise.all(sessions.map((client, i) => client.callTool(replace(file, i))));
    expect(results.map(outcome).filter((o) => o.isError)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });
});
