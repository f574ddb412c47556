/**
 * Canary secrets planted through every path a secret can take — a tool's output and log, a
 * thrown exception (and its cause), a stdio MCP server's result, error result, JSON-RPC error and
 * dying stderr, a provider's error echoing the API key, an argument the model wrote, a spec
 * `${VAR}` marked `secret: true`, a bare `tool.call()` outside an Agent, an MCP server failing
 * while the agent initializes, the model's streamed text — and searched for in every sink: what
 * the model reads, the events as JSON, the audit file, the record, the CLI's stdout and stderr,
 * the exported spans, the errors `initialize` and `reconnect` reject with, the servers' status,
 * and the `onText` chunks. Each secret is searched in every form the masker knows (as written,
 * JSON-escaped, URL-encoded, base64, base64url): none may appear; each path must show
 * `<secret:NAME>` instead.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { IsString } from 'class-validator';
import { Action, Agent, ConversationState, Field, loadAgentSpec, MemoryRecorder, Observation, registerSecret, ToolDefinition } from '@toolwright/sdk';
import type { McpServerStatus, ToolCallResult } from '@toolwright/sdk';
import { openAIChatModel, runTools } from '@toolwright/models';
import { main } from '../../packages/cli/src/main.js';
import { secretForms } from '../../packages/sdk/src/secrets/secret-forms.js';
import { installTracing } from '../../packages/sdk/test/telemetry/fixtures/in-memory-tracing.js';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { InMemoryTracing } from '../../packages/sdk/test/telemetry/fixtures/in-memory-tracing.js';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, 'fixtures', 'canary-mcp-server.mjs');

const CANARY = {
  state: 'canary-state-secret-4d1e77',
  thrown: 'canary-thrown-secret-91ab02',
  mcp: 'canary-mcp-token-55c0de77',
  provider: 'sk-canary-provider-key-8e21f0',
  bare: 'canary-bare-call-secret-3f9a1c',
  init: 'canary-init-token-7b2e90d4',
  stream: 'canary-stream-secret-c4d8a2',
} as const;

class TextAction extends Action {
  @Field({ description: 'Text' }) @IsString() text!: string;
}

const stateLeak = new ToolDefinition({
  name: 'state_leak',
  description: 'Obtains a token, registers it as the conversation secret, and shows it anyway.',
  actionType: TextAction,
  executor: {
    execute: (_action, ctx) => {
      ctx.state!.secrets.add(CANARY.state, 'SESSION_TOKEN');
      ctx.log('info', `obtained ${CANARY.state}`);
      return Observation.fromText(`session=${CANARY.state}&ok=1 (url: ${encodeURIComponent(`a b ${CANARY.state}`)})`);
    },
  },
});
const throwLeak = new ToolDefinition({
  name: 'throw_leak',
  description: 'Throws an exception naming a secret.',
  actionType: TextAction,
  executor: {
    execute: () => {
      throw new Error(`connection string postgres://app:${CANARY.thrown}@db failed`, { cause: new Error(`inner: ${CANARY.thrown}`) });
    },
  },
});
const echo = new ToolDefinition({
  name: 'echo_args',
  description: 'Echoes what the model wrote.',
  actionType: TextAction,
  executor: { execute: (action) => Observation.fromText(`you said: ${action.text}`) },
});

/** Every form of every canary (what must appear nowhere). */
const forbidden = Object.values(CANARY).flatMap((value) => secretForms(value, 8).map((form) => ({ value, form })));

function expectClean(sink: string, text: string): void {
  for (const { value, form } of forbidden) {
    if (text.includes(form)) throw new Error(`${sink} holds canary ${value} (as ${JSON.stringify(form)}):\n${text.slice(Math.max(0, text.indexOf(form) - 200), text.indexOf(form) + 200)}`);
  }
}

/** What the model reads of a result (its content as the provider adapters send it). */
const modelText = (result: ToolCallResult): string => JSON.stringify(result.observation.toLlmContent());

let tracing: InMemoryTracing;
let dir: string;
let specFile: string;
const env = { CANARY_MCP_TOKEN: CANARY.mcp };
const spec = {
  tools: [],
  variables: { CANARY_MCP_TOKEN: { secret: true } },
  mcpServers: { canary: { command: process.execPath, args: [SERVER], env: { CANARY_MCP_TOKEN: '${CANARY_MCP_TOKEN}' } } },
};

beforeAll(() => {
  tracing = installTracing();
  dir = mkdtempSync(join(tmpdir(), 'tw-canary-'));
  specFile = join(dir, 'agent.json');
  writeFileSync(specFile, JSON.stringify(spec));
});
afterAll(async () => {
  await tracing.uninstall();
});

/** Runs the CLI in this process with captured stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  const stdin = new PassThrough();
  stdin.end();
  const code = await main(args, { stdin, stdout, stderr, env: { ...process.env, ...env, NO_COLOR: '1' }, cwd: dir });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('secrets masked in every sink (canaries through every path)', () => {
  // First, before anything else registered the MCP token in this process: the CLI registers it from the spec itself.
  it("CLI stdout and stderr: an MCP server's result and error text, with the token from a spec ${VAR} marked secret", async () => {
    const ok = await cli(['call', 'leak_result', '{}', '--spec', specFile]);
    const failed = await cli(['call', 'leak_error_result', '{}', '--spec', specFile, '--json']);
    const rpc = await cli(['call', 'leak_rpc_error', '{}', '--spec', specFile]);
    for (const run of [ok, failed, rpc]) {
      expectClean('CLI stdout', run.stdout);
      expectClean('CLI stderr', run.stderr);
    }
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('token=<secret:CANARY_MCP_TOKEN>');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('<secret:CANARY_MCP_TOKEN>');
    expect(rpc.stdout + rpc.stderr).toContain("password '<secret:CANARY_MCP_TOKEN>'");
  });

  it('observations, events, audit lines and spans of native and MCP calls, and a provider error', async () => {
    const loaded = await loadAgentSpec(spec, { env });
    const auditPath = join(dir, 'audit.jsonl');
    const clientLogs: unknown[] = [];
    const recorder = new MemoryRecorder();
    const agent = new Agent({
      recorder,
      onLog: (level, data) => {
        clientLogs.push({ level, data });
      },
      mcpServers: loaded.mcpServers,
      extraTools: [stateLeak, throwLeak, echo],
      policy: { mode: 'bypass', grantsFile: false, auditLog: { path: auditPath, includeValues: true } },
    });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    registerSecret(CANARY.thrown, 'DB_PASSWORD');
    const results: ToolCallResult[] = [];
    const call = async (name: string, args: Record<string, unknown> = { text: 'x' }): Promise<ToolCallResult> => {
      const result = await agent.executeToolCall({ id: `call-${results.length}`, name, arguments: JSON.stringify(args) });
      results.push(result);
      return result;
    };

    expect(modelText(await call('state_leak'))).toContain('session=<secret:SESSION_TOKEN>&ok=1');
    const thrown = await call('throw_leak');
    expect(thrown.observation.isError).toBe(true);
    expect(modelText(thrown)).toContain('<secret:DB_PASSWORD>');
    expect(modelText(await call('echo_args', { text: `the password is ${CANARY.thrown}` }))).toContain('the password is <secret:DB_PASSWORD>');
    expect(modelText(await call('leak_result', {}))).toContain('token=<secret:CANARY_MCP_TOKEN>');
    expect(modelText(await call('leak_error_result', {}))).toContain('key=<secret:CANARY_MCP_TOKEN>');
    expect(modelText(await call('leak_rpc_error', {}))).toContain("password '<secret:CANARY_MCP_TOKEN>'");
    const died = await call('leak_stderr_and_die', {});
    expect(died.observation.isError).toBe(true);

    // A provider that echoes the API key in its error (as some do for a wrong key).
    const provider: Server = createServer((request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${request.headers.authorization?.replace('Bearer ', '')}.`, header: request.headers.authorization } }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as { port: number }).port;
    const model = openAIChatModel({ model: 'gpt-canary', apiKey: CANARY.provider, baseURL: `http://127.0.0.1:${port}/v1`, stream: false });
    const providerError = await runTools({ model, agent, input: 'hi' }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    provider.close();
    expect(providerError).toBeInstanceOf(Error);
    expect(providerError!.message).toContain('Incorrect API key provided: <secret:authorization>');

    await agent.close();

    const sinks: Record<string, string> = {
      'model-facing text': results.map(modelText).join('\n'),
      'events JSON': JSON.stringify(results.map((r) => r.events)),
      'audit file': readFileSync(auditPath, 'utf8'),
      'provider error': `${providerError!.message}\n${providerError!.stack}\n${JSON.stringify(providerError)}`,
      "the client's log listener": JSON.stringify(clientLogs),
      // Calls, observations, and the provider's failure as a model-error line.
      record: recorder.text(),
      'spans': JSON.stringify(tracing.spans().map((s) => ({ name: s.name, attributes: s.attributes, status: s.status, events: s.events }))),
    };
    for (const [sink, text] of Object.entries(sinks)) expectClean(sink, text);
    // Each path reached its sink (masked, not missing).
    expect(sinks['events JSON']).toContain('obtained <secret:SESSION_TOKEN>');
    expect(sinks["the client's log listener"]).toContain('obtained <secret:SESSION_TOKEN>');
    expect(sinks['events JSON']).toContain('<secret:CANARY_MCP_TOKEN>');
    expect(sinks['audit file']).toContain('the password is <secret:DB_PASSWORD>');
    expect(sinks.spans).toContain('<secret:DB_PASSWORD>');
    expect(sinks.spans).toContain('chat gpt-canary');
    expect(recorder.entries.find((e) => e.type === 'model-error')).toMatchObject({ status: 401, message: expect.stringContaining('Incorrect API key provided: <secret:authorization>') });
    expect(modelText(died)).toMatch(/canary|MCP|server/i);
  });

  it('a bare tool.call() outside an Agent: the content and the error text of its Observation', async () => {
    registerSecret(CANARY.bare, 'BARE_SECRET');
    const leaks = (name: string, execute: () => unknown): ToolDefinition<TextAction> =>
      new ToolDefinition({ name, description: 'Leaks the bare secret.', actionType: TextAction, executor: { execute: execute as () => Observation } });
    const sync = leaks('bare_sync', () => Observation.fromText(`value=${CANARY.bare}`));
    const later = leaks('bare_async', () => Promise.resolve(`later=${encodeURIComponent(CANARY.bare)}`));
    const thrown = leaks('bare_throw', () => {
      throw new Error(`cannot log in with ${CANARY.bare}`);
    });
    const observations: Observation[] = [];
    for (const tool of [sync, later, thrown]) observations.push(await tool.call(tool.actionFromArguments({ text: 'x' })));
    const text = observations.map((o) => `${o.text}\n${JSON.stringify(o.toJSON())}\n${JSON.stringify(o.toLlmContent())}`).join('\n');
    expectClean('bare tool.call() Observations', text);
    expect(observations.map((o) => o.text)).toEqual(['value=<secret:BARE_SECRET>', 'later=<secret:BARE_SECRET>', expect.stringContaining('cannot log in with <secret:BARE_SECRET>')]);
    expect(observations[2]!.isError).toBe(true);
  });

  it('agent.initialize(): an MCP server that dies echoing its token, a spec variable in a command that cannot start; a failed server\'s status', async () => {
    const initSpec = (server: Record<string, unknown>): Record<string, unknown> => ({ tools: [], variables: { CANARY_INIT_TOKEN: { secret: true } }, mcpServers: { dying: server } });
    const initEnv = { CANARY_INIT_TOKEN: CANARY.init };
    const dying = { command: process.execPath, args: [SERVER], env: { CANARY_MCP_TOKEN: '${CANARY_INIT_TOKEN}', CANARY_DIE_AT_START: '1' } };
    const failures: string[] = [];
    const initializeFails = async (server: Record<string, unknown>): Promise<Error> => {
      const loaded = await loadAgentSpec(initSpec(server), { env: initEnv });
      const agent = new Agent({ mcpServers: loaded.mcpServers });
      const error = await agent.initialize(new ConversationState({ workingDir: dir })).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      await agent.close();
      expect(error).toBeDefined();
      failures.push(`${error!.message}\n${error!.stack}\n${JSON.stringify(error)}\n${String((error as { cause?: unknown }).cause)}`);
      return error!;
    };
    expect((await initializeFails({ ...dying, required: true })).message).toContain('the token <secret:CANARY_INIT_TOKEN> was refused');
    // The token makes up the command: it cannot be started, and the error names the command.
    expect((await initializeFails({ command: join(dir, '${CANARY_INIT_TOKEN}', 'server'), required: true })).message).toContain('<secret:CANARY_INIT_TOKEN>');

    // Not required: initialize goes on; the server's status says why it failed.
    const loaded = await loadAgentSpec(initSpec(dying), { env: initEnv });
    const agent = new Agent({ mcpServers: loaded.mcpServers });
    const heard: McpServerStatus[] = [];
    agent.onServerStatus((status) => heard.push(status));
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const reconnect = await agent.reconnect('dying').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const statuses = JSON.stringify({ status: agent.status(), heard, reconnect: reconnect && { message: reconnect.message, stack: reconnect.stack } });
    await agent.close();
    expectClean('initialize errors', failures.join('\n'));
    expectClean('MCP server status and reconnect error', statuses);
    expect(statuses).toContain('<secret:CANARY_INIT_TOKEN>');
    expect(reconnect?.message).toContain('<secret:CANARY_INIT_TOKEN>');
  });

  it("runTools' onText: a secret in the model's streamed text, split across chunks", async () => {
    registerSecret(CANARY.stream, 'STREAM_SECRET');
    const said = `Your key is ${CANARY.stream}; keep it safe.`;
    const server = await startFakeModelServer({ sse: chat.sse({ text: said }), done: true });
    const agent = new Agent({ extraTools: [echo] });
    await agent.initialize(new ConversationState({ workingDir: dir }));
    const chunks: string[] = [];
    try {
      const model = openAIChatModel({ model: 'gpt-canary', apiKey: 'sk-canary-unused-key', baseURL: `${server.url}/v1`, stream: true });
      await runTools({ model, agent, input: 'What is my key?', onText: (text) => chunks.push(text) });
    } finally {
      await server.close();
      await agent.close();
    }
    // Streamed in pieces of 7 characters: the secret spans several chunks.
    expect(chunks.length).toBeGreaterThan(1);
    expectClean('onText chunks', chunks.join('\u0000'));
    expect(chunks.join('')).toBe('Your key is <secret:STREAM_SECRET>; keep it safe.');
  });
});
