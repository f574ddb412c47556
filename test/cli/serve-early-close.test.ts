import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { createMcpTools } from '@toolwright/sdk/mcp';
import { FIXTURES, startCli, waitForStderr } from './cli-harness.js';

const TOOLS = ['--import', join(FIXTURES, 'scale-tools.mjs')];
const children: ChildProcessWithoutNullStreams[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A real `serve --http` and an SDK client whose every HTTP request is recorded. */
async function connect(extra: readonly string[]): Promise<{ client: Client; requests: { method: string; lastEventId: string | null }[] }> {
  const child = startCli(['serve', '--http', '--port', '0', ...extra, ...TOOLS]);
  children.push(child);
  const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+\/mcp)/);
  const requests: { method: string; lastEventId: string | null }[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(url!), {
    fetch: (input, init) => {
      requests.push({ method: init?.method ?? 'GET', lastEventId: new Headers(init?.headers).get('last-event-id') });
      return fetch(input, init);
    },
  });
  const client = new Client({ name: 'early-close-e2e', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return { client, requests };
}

describe('serve --http: a tool ends its stream early (ctx.closeStream)', () => {
  it('closes the SSE stream; the SDK client reconnects with Last-Event-ID and gets the log, the progress and the result', async () => {
    const { client, requests } = await connect([]);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params));
    const progress: Progress[] = [];
    const before = requests.length;

    const result = await client.callTool({ name: 'close_early', arguments: { ms: 300 } }, undefined, { onprogress: (p) => void progress.push(p) });

    expect(result).toEqual({ content: [{ type: 'text', text: 'stream closed early: true; done after 300 ms' }] });
    expect(progress.map((p) => p.message)).toEqual(['before the close', 'after the close']);
    expect(logs).toEqual([{ level: 'info', logger: 'close_early', data: 'after the close' }]);
    // The call's POST, then the resumption: a GET naming the last event the client saw.
    // (The client's own standalone GET stream, opened after initialize, carries no Last-Event-ID.)
    const during = requests.slice(before);
    expect(during.filter((r) => r.method === 'POST')).toHaveLength(1);
    const resumed = during.filter((r) => r.lastEventId !== null);
    expect(resumed.map((r) => r.method)).toEqual(['GET']);
    expect(resumed[0]!.lastEventId).toMatch(/^\S+_\d+$/);
  });

  it('does nothing on a stateless server (no event store to resume from): the result comes on the one stream', async () => {
    const { client, requests } = await connect(['--stateless']);
    const before = requests.length;
    const result = await client.callTool({ name: 'close_early', arguments: { ms: 50 } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'stream closed early: false; done after 50 ms' }] });
    expect(requests.slice(before).map((r) => r.method)).toEqual(['POST']);
  });

  it("is resumed by Toolwright's own MCP client too: the proxied call's result and progress arrive", async () => {
    const child = startCli(['serve', '--http', '--port', '0', ...TOOLS]);
    children.push(child);
    const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+\/mcp)/);
    const toolset = await createMcpTools({ mcpServers: { scale: { url: url! } } });
    try {
      const tool = toolset.tools.find((t) => t.name === 'close_early')!;
      const progress: (string | undefined)[] = [];
      const observation = await tool.call(tool.actionFromArguments({ ms: 200 }), { onProgress: (p) => void progress.push(p.message) });
      expect(observation.isError).toBe(false);
      expect(observation.text).toBe('stream closed early: true; done after 200 ms');
      expect(progress).toEqual(['before the close', 'after the close']);
    } finally {
      await toolset.close();
    }
  });
});
