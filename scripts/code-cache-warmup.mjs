// The warm-up run of scripts/bundle.mjs: started with TOOLWRIGHT_CODE_CACHE=write, it does once
// what a process typically does first with each part of the bundles, then has the bundles'
// loaders write the V8 code cache of everything that ran (see scripts/bundle-loader.js).
// What runs here is compiled from the cache in later processes; what does not is compiled on
// first use, as without a cache. Nothing here is specific to a benchmark: a tool declared with
// class-validator, an agent calling it (valid and invalid arguments), an MCP server's tool called
// through an agent over the in-memory transport, `toolwright list` (without the terminal tool: its
// bash parser changes V8 flags, and a cache written after that is rejected elsewhere), and
// `toolwright serve --stdio` of the default toolset up to its first tools/list answer (the terminal
// is listed there, never run).
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sdk = await import('@toolwright/sdk');

/** Applies property decorators as TypeScript's output does (design:type included). */
function declare(target, key, type, ...decorators) {
  Reflect.defineMetadata('design:type', type, target.prototype, key);
  for (const decorator of decorators.reverse()) decorator(target.prototype, key);
}

class NoteAction extends sdk.Action {}
declare(NoteAction, 'title', String, sdk.Field({ description: 'Title' }), IsString(), MinLength(1));
declare(NoteAction, 'body', String, sdk.Field({ description: 'Body' }), IsOptional(), IsString());
declare(NoteAction, 'stars', Number, sdk.Field({ description: 'Stars' }), IsInt(), Min(0), Max(5));
declare(NoteAction, 'tags', Array, sdk.Field({ description: 'Tags' }), IsString({ each: true }), ArrayMaxSize(5));
declare(NoteAction, 'kind', String, sdk.Field({ description: 'Kind' }), IsIn(['todo', 'idea']));

const note = new sdk.ToolDefinition({
  name: 'note',
  description: 'Keeps a note.',
  actionType: NoteAction,
  executor: { execute: (action) => sdk.Observation.fromText(`noted ${action.title}`) },
});
const args = { title: 'a', body: 'b', stars: 3, tags: ['x'], kind: 'todo' };
await note.call(note.actionFromArguments(JSON.parse(JSON.stringify(args))));
note.toOpenAITool();
note.toMcpTool();

// An MCP server with one tool, over the in-memory transport.
const server = new Server({ name: 'warmup', version: '1.0.0' }, { capabilities: { tools: {} } });
// Its schema uses the keywords tool schemas commonly do, so the checks built for them are compiled here.
const lookup = {
  name: 'lookup',
  description: 'Looks records up.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'What to look for' },
      id: { type: 'string', pattern: '^[a-z]+-[0-9]+$' },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
      score: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
      mode: { type: 'string', enum: ['fast', 'exact'] },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
      range: { type: 'object', properties: { from: { type: 'string' }, to: { type: ['string', 'null'] } }, required: ['from'], additionalProperties: false },
      target: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      all: { type: 'boolean' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [lookup] }));
server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: `found ${String(request.params.arguments?.query)}` }] }));
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const mcp = await import('@toolwright/sdk/mcp');
const toolset = await mcp.createMcpToolsFromClients([new mcp.MCPClient({ name: 'warmup', transport: () => clientSide })]);

const agent = new sdk.Agent({ extraTools: [note, ...toolset.tools] });
await agent.initialize(new sdk.ConversationState({ workingDir: root }));
agent.toolSchemas('openai');
let id = 0;
const calls = [
  ['lookup', { query: 'open', id: 'ab-12', limit: 5, score: 1.5, mode: 'fast', tags: ['a'], range: { from: 'a', to: null }, target: 3, all: false }],
  ['lookup', { query: 'next', limit: 7 }],
  ['lookup', { query: '', id: 'x', limit: 500, score: 0, mode: 'slow', tags: ['a', 'a'], range: { to: 1 }, target: true, extra: 1 }],
  ['note', args],
  ['note', { title: '', stars: 9 }],
];
for (const [name, callArgs] of calls) await agent.executeToolCall({ id: `w${id++}`, name, arguments: JSON.stringify(callArgs) });
await agent.close();
await toolset.close();

// The built-in tools' root entry, as a program that imports them does (the CLI imports the
// `builtins` entry, which leaves the bash safety analysis's chunk out until a tool's first check).
await import('@toolwright/tools');

// `toolwright list` (loads the tools bundle) and `serve --stdio`, through the CLI's bundle.
const cli = join(root, 'packages', 'cli', 'dist', 'bundle', 'main.js');
if (existsSync(cli)) {
  const { main } = await import(pathToFileURL(cli).href);
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-warmup-'));
  const spec = join(dir, 'agent.json');
  writeFileSync(spec, JSON.stringify({ tools: ['file_editor', 'glob', 'grep', 'task_tracker', 'finish', 'think'].map((name) => ({ name })) }));
  const sink = () => Object.assign(new PassThrough().resume(), { isTTY: false, columns: 120 });
  const code = await main(['list', '--spec', spec], { stdin: new PassThrough(), stdout: sink(), stderr: sink(), env: { ...process.env, NO_COLOR: '1' }, cwd: dir });
  if (code !== 0) throw new Error(`toolwright list exited with ${code}`);

  // `toolwright serve --stdio` of the default toolset up to its first tools/list answer, what an MCP
  // host starts (serve reads and writes process.stdin/stdout: streams stand in for them here).
  const input = new PassThrough();
  const output = new PassThrough();
  const own = { stdin: Object.getOwnPropertyDescriptor(process, 'stdin'), stdout: Object.getOwnPropertyDescriptor(process, 'stdout') };
  Object.defineProperty(process, 'stdin', { value: input, configurable: true });
  Object.defineProperty(process, 'stdout', { value: output, configurable: true });
  try {
    let answers = '';
    output.setEncoding('utf8');
    const listed = new Promise((resolve) => output.on('data', (chunk) => ((answers += chunk), answers.includes('"id":2') && resolve())));
    const served = main(['serve', '--stdio'], { stdin: new PassThrough(), stdout: sink(), stderr: sink(), env: { ...process.env, NO_COLOR: '1' }, cwd: dir });
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'warmup', version: '1.0.0' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    input.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
    await Promise.race([listed, served.then((exit) => Promise.reject(new Error(`toolwright serve --stdio exited with ${exit} before its tools/list answer`)))]);
    input.end();
    const exit = await served;
    if (exit !== 0) throw new Error(`toolwright serve --stdio exited with ${exit}`);
  } finally {
    Object.defineProperty(process, 'stdin', own.stdin);
    Object.defineProperty(process, 'stdout', own.stdout);
  }
  rmSync(dir, { recursive: true, force: true });
}

let written = 0;
for (const bundle of [join(root, 'packages', 'sdk'), join(root, 'tools'), join(root, 'packages', 'cli')]) {
  const loader = join(bundle, 'dist', 'bundle', 'loader.js');
  if (existsSync(loader)) written += (await import(pathToFileURL(loader).href)).writeCodeCache();
}
if (written === 0) throw new Error('no code cache written (TOOLWRIGHT_CODE_CACHE=write not set?)');
process.exit(0);
