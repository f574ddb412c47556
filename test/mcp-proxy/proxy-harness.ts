import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, CreateMessageRequest, ElicitRequest, ElicitResult, LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, BIN, cliEnv, packageEntry, ROOT, startCli, waitForStderr } from '../cli/cli-harness.js';

/** The proxy tests' fixtures. */
export const PROXY_FIXTURES = join(ROOT, 'test/mcp-proxy/fixtures');

/** `--spec` and environment of serve proxying server-everything over stdio. */
// serve checks permissions (mode default): the proxied tools the tests call are allowed by name.
export const EVERYTHING = {
  args: ['--spec', join(PROXY_FIXTURES, 'everything-spec.yaml'), ...['trigger-sampling-request', 'trigger-elicitation-request', 'trigger-long-running-operation', 'toggle-subscriber-updates'].flatMap((tool) => ['--allow', tool])],
  env: { NODE: process.execPath, EVERYTHING: packageEntry('@modelcontextprotocol/server-everything', 'dist/index.js') },
};

/** `--spec` and environment of serve proxying two proxy-upstream.mjs servers, alpha and beta. */
export const TWO_UPSTREAMS = {
  args: [
    '--spec',
    join(PROXY_FIXTURES, 'two-upstreams-spec.yaml'),
    ...['alpha_add-prompt', 'alpha_add-resource', 'alpha_add-tool', 'alpha_log-levels', 'beta_add-prompt', 'beta_ask-model', 'beta_log-level', 'beta_log-levels'].flatMap((tool) => ['--allow', tool]),
  ],
  env: { NODE: process.execPath, UPSTREAM: join(PROXY_FIXTURES, 'proxy-upstream.mjs') },
};

/** What the downstream client received besides answers. */
export interface Seen {
  logs: LoggingMessageNotification['params'][];
  updates: string[];
  listChanges: string[];
  samples: CreateMessageRequest['params'][];
  elicits: ElicitRequest['params'][];
}

/** Answers of the downstream client to sampling and elicitation. */
export interface Answers {
  elicit?: ElicitResult;
}

const clients: Client[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

/** Closes every client and kills every serve process the tests started. */
export async function cleanUp(): Promise<void> {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** An SDK client declaring `capabilities`, with handlers for them; records what it got. */
export function downstreamClient(capabilities: ClientCapabilities, answers: Answers = {}): { client: Client; seen: Seen } {
  const seen: Seen = { logs: [], updates: [], listChanges: [], samples: [], elicits: [] };
  const client = new Client({ name: 'proxy-test', version: '1.0.0' }, { capabilities });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.logs.push(n.params));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void seen.updates.push(n.params.uri));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.listChanges.push('prompts'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.listChanges.push('resources'));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.listChanges.push('tools'));
  if (capabilities.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      seen.samples.push(request.params);
      return { role: 'assistant', model: 'tiny-1', content: { type: 'text', text: 'forty-two' }, stopReason: 'endTurn' };
    });
  }
  if (capabilities.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      seen.elicits.push(request.params);
      return answers.elicit ?? { action: 'decline' };
    });
  }
  clients.push(client);
  return { client, seen };
}

/** A client connected to `toolwright serve --stdio <args>`. */
export async function overStdio(serve: { args: string[]; env: Record<string, string> }, capabilities: ClientCapabilities = {}, answers: Answers = {}): Promise<{ client: Client; seen: Seen }> {
  assertBuilt();
  const made = downstreamClient(capabilities, answers);
  const env = cliEnv(serve.env) as Record<string, string>;
  await made.client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', ...serve.args], cwd: ROOT, env, stderr: 'pipe' }));
  return made;
}

/** Starts `toolwright serve --http --port 0 <args>` (127.0.0.1) and returns its URL. */
export async function startHttpServe(serve: { args: string[]; env: Record<string, string> }, extra: string[] = []): Promise<URL> {
  const child = startCli(['serve', '--http', '--host', '127.0.0.1', '--port', '0', ...extra, ...serve.args], { env: serve.env });
  children.push(child);
  const [, url] = await waitForStderr(child, /at (http:\/\/[^\s]+:\d+\/mcp)/);
  return new URL(url!);
}

/** A client connected to a running `serve --http`. */
export async function overHttp(url: URL, capabilities: ClientCapabilities = {}, answers: Answers = {}): Promise<{ client: Client; seen: Seen }> {
  const made = downstreamClient(capabilities, answers);
  await made.client.connect(new StreamableHTTPClientTransport(url));
  return made;
}

/** The text of a result's content blocks, joined. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content.map((c) => c.text ?? `[${c.type}]`).join('');
}

/** Resolves once `check` holds (polled), or rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
