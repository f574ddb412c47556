import { afterEach, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, CreateMessageRequest, ElicitRequest, LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { assertBuilt, BIN, cliEnv, FIXTURES, ROOT, startCli, waitForStderr } from './cli-harness.js';

// serve checks permissions (mode default): the talkback tools are allowed by name.
const TALKBACK = ['--import', join(FIXTURES, 'talkback-tools.mjs'), '--allow', 'note', '--allow', 'ask_model', '--allow', 'ask_user'];
const clients: Client[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Seen {
  logs: LoggingMessageNotification['params'][];
  samples: CreateMessageRequest['params'][];
  elicits: ElicitRequest['params'][];
}

/** An SDK client with handlers for what it declares; records what the server asked. */
function talkingClient(capabilities: ClientCapabilities): { client: Client; seen: Seen } {
  const seen: Seen = { logs: [], samples: [], elicits: [] };
  const client = new Client({ name: 'talkback-e2e', version: '1.0.0' }, { capabilities });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.logs.push(n.params));
  if (capabilities.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      seen.samples.push(request.params);
      return { role: 'assistant', model: 'tiny-1', content: { type: 'text', text: 'forty-two' }, stopReason: 'endTurn' };
    });
  }
  if (capabilities.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      seen.elicits.push(request.params);
      return { action: 'accept', content: { name: 'Ada' } };
    });
  }
  clients.push(client);
  return { client, seen };
}

async function overStdio(capabilities: ClientCapabilities): Promise<{ client: Client; seen: Seen }> {
  assertBuilt();
  const made = talkingClient(capabilities);
  await made.client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', ...TALKBACK], cwd: ROOT, env: cliEnv() as Record<string, string>, stderr: 'pipe' }));
  return made;
}

function text(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content.map((c) => c.text ?? `[${c.type}]`).join('');
}

describe('served tools that talk back (ToolContext log/sample/elicit over serve --stdio)', () => {
  it('declares exactly tools and logging, and answers logging/setLevel', async () => {
    const { client } = await overStdio({});
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, logging: {} });
    await expect(client.setLoggingLevel('warning')).resolves.toEqual({});
  });

  it('sends ctx.log as notifications/message, filtered by the level the client set', async () => {
    const { client, seen } = await overStdio({});
    expect(text(await client.callTool({ name: 'note', arguments: { text: 'one' } }))).toBe('logged');
    expect(seen.logs).toEqual(
      ['debug', 'info', 'warning', 'error'].map((level) => ({ level, logger: 'note', data: { text: 'one', level } })),
    );
    seen.logs.length = 0;
    await client.setLoggingLevel('warning');
    expect(text(await client.callTool({ name: 'note', arguments: { text: 'two' } }))).toBe('logged');
    expect(seen.logs).toEqual([
      { level: 'warning', logger: 'note', data: { text: 'two', level: 'warning' } },
      { level: 'error', logger: 'note', data: { text: 'two', level: 'error' } },
    ]);
  });

  it('asks the client to sample and to elicit when it declared both', async () => {
    const { client, seen } = await overStdio({ sampling: {}, elicitation: {} });
    expect(text(await client.callTool({ name: 'ask_model', arguments: { question: 'meaning?' } }))).toBe('model tiny-1 said: forty-two');
    expect(seen.samples).toEqual([{ messages: [{ role: 'user', content: { type: 'text', text: 'meaning?' } }], maxTokens: 50, systemPrompt: 'Be brief.' }]);
    expect(text(await client.callTool({ name: 'ask_user', arguments: {} }))).toBe('hello Ada');
    expect(seen.elicits).toEqual([
      { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', description: 'Your name' } }, required: ['name'] } },
    ]);
  });

  it('tells the tool "not supported by this client" when the client declared neither', async () => {
    const { client, seen } = await overStdio({});
    const sampled = await client.callTool({ name: 'ask_model', arguments: {} });
    expect(sampled.isError).toBe(true);
    expect(text(sampled)).toBe('Sampling is not supported by this client.');
    const elicited = await client.callTool({ name: 'ask_user', arguments: {} });
    expect(elicited.isError).toBe(true);
    expect(text(elicited)).toBe('Elicitation is not supported by this client.');
    expect(seen.samples).toEqual([]);
    expect(seen.elicits).toEqual([]);
  });
});

describe('served tools that talk back over serve --http', () => {
  it('routes log, sampling and elicitation with the call over Streamable HTTP', async () => {
    const child = startCli(['serve', '--http', '--port', '0', ...TALKBACK]);
    children.push(child);
    const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+:\d+\/mcp)/);
    const { client, seen } = talkingClient({ sampling: {}, elicitation: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(url!)));
    await client.setLoggingLevel('error');
    expect(text(await client.callTool({ name: 'note', arguments: { text: 'http' } }))).toBe('logged');
    expect(seen.logs).toEqual([{ level: 'error', logger: 'note', data: { text: 'http', level: 'error' } }]);
    expect(text(await client.callTool({ name: 'ask_model', arguments: { question: 'q' } }))).toBe('model tiny-1 said: forty-two');
    expect(text(await client.callTool({ name: 'ask_user', arguments: {} }))).toBe('hello Ada');
  });
});
