#!/usr/bin/env node
/**
 * One-off: builds packages/sdk/test/fixtures/corpus/tool-schemas.json.gz, the real-world tool schemas the export corpus
 * test and bench run over (see packages/sdk/test/fixtures/corpus/README.md). Run it again only to refresh the corpus:
 *
 *   node scripts/collect-tool-schemas.mjs <path of a git clone of ShishirPatil/gorilla> [commit] [--servers DIR]
 *
 * Two sources: (1) the tools MCP servers list without credentials, over stdio: server-everything and
 * server-filesystem from node_modules, and with `--servers DIR` the servers of EXTRA_SERVERS installed
 * in DIR (`npm install --ignore-scripts <package@version …>` in an empty folder outside the project:
 * they are not the project's dependencies); the credentials they ask for at start are dummies, since
 * listing tools contacts nothing; (2) the function docs of the Berkeley
 * Function Calling Leaderboard (bfcl_eval/data/*.json), converted the way its OpenAI handler
 * converts them (our own converter, written from reading it): Python/Java/JS type names to JSON
 * Schema types (dict → object, float → number with format float, tuple → array, any → string,
 * unknown or missing → string), the root typed object, dots in names → underscores.
 * Schemas are deduplicated (same name, description and schema once; a name met again with
 * another schema gets a numbered suffix).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import process from 'node:process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const serversAt = argv.indexOf('--servers');
const serversDir = serversAt >= 0 ? argv.splice(serversAt, 2)[1] : undefined;
const [gorilla, commit = 'HEAD'] = argv;
if (!gorilla) {
  process.stderr.write('usage: node scripts/collect-tool-schemas.mjs <gorilla git dir> [commit]\n');
  process.exit(2);
}

/** The tools an MCP server lists. */
async function listTools(label, command, args, env) {
  const client = new Client({ name: 'collect-tool-schemas', version: '1' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore', ...(env ? { env } : {}) }));
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  await client.close();
  return tools.map((t) => ({ source: `mcp:${label}`, name: t.name, description: t.description ?? '', inputSchema: t.inputSchema }));
}

/** MCP servers from npm that list their tools without credentials: [label, package@version, extra args]. */
const EXTRA_SERVERS = [
  ['server-memory', '@modelcontextprotocol/server-memory@2026.8.31', []],
  ['server-sequential-thinking', '@modelcontextprotocol/server-sequential-thinking@2026.8.31', []],
  ['server-github', '@modelcontextprotocol/server-github@2025.4.8', []],
  ['server-gitlab', '@modelcontextprotocol/server-gitlab@2025.4.25', []],
  ['server-google-maps', '@modelcontextprotocol/server-google-maps@0.6.2', []],
  ['server-brave-search', '@modelcontextprotocol/server-brave-search@0.6.2', []],
  ['server-slack', '@modelcontextprotocol/server-slack@2025.4.25', []],
  ['server-postgres', '@modelcontextprotocol/server-postgres@0.6.2', ['postgresql://127.0.0.1:1/none']],
  ['server-puppeteer', '@modelcontextprotocol/server-puppeteer@2025.5.12', []],
  ['server-everart', '@modelcontextprotocol/server-everart@0.6.2', []],
  ['server-aws-kb-retrieval', '@modelcontextprotocol/server-aws-kb-retrieval@0.6.2', []],
  ['notion-mcp-server', '@notionhq/notion-mcp-server@2.5.2', []],
  ['playwright-mcp', '@playwright/mcp@0.0.83', []],
  ['context7-mcp', '@upstash/context7-mcp@4.1.1', []],
];
const DUMMY_CREDENTIALS = {
  GITHUB_PERSONAL_ACCESS_TOKEN: 'x', GITLAB_PERSONAL_ACCESS_TOKEN: 'x', GOOGLE_MAPS_API_KEY: 'x', BRAVE_API_KEY: 'x', SLACK_BOT_TOKEN: 'x',
  SLACK_TEAM_ID: 'x', EVERART_API_KEY: 'x', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', AWS_REGION: 'us-east-1', NOTION_TOKEN: 'x',
};

/** The bin entry of an installed package. */
function binOf(dir, pkg) {
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  return join(dir, 'node_modules', pkg, bin);
}

const TYPES = {
  integer: 'integer', number: 'number', float: 'number', double: 'number', string: 'string', char: 'string', String: 'string',
  boolean: 'boolean', bool: 'boolean', array: 'array', list: 'array', tuple: 'array', ArrayList: 'array', Array: 'array',
  Queue: 'array', Stack: 'array', dict: 'object', object: 'object', HashMap: 'object', Hashtable: 'object',
  byte: 'integer', short: 'integer', long: 'integer', Bigint: 'integer', any: 'string', Any: 'string',
};

/** One BFCL parameter schema in JSON Schema, recursively (properties, items). */
function convertNode(node) {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { type: 'string' };
  const out = { ...node };
  const given = node.type;
  out.type = typeof given === 'string' && given in TYPES ? TYPES[given] : 'string';
  if (given === 'float') {
    out.format = 'float';
    out.description = `${typeof node.description === 'string' ? node.description : ''} This is a float type value.`;
  }
  if (node.properties && typeof node.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, convertNode(v)]));
  }
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) out.items = convertNode(node.items);
  return out;
}

/** A BFCL function doc as a tool. */
function convertFunction(fn) {
  const parameters = fn.parameters && typeof fn.parameters === 'object' ? fn.parameters : {};
  const properties = Object.fromEntries(Object.entries(parameters.properties ?? {}).map(([k, v]) => [k, convertNode(v)]));
  return { source: 'bfcl', name: String(fn.name).replace(/\./g, '_'), description: String(fn.description ?? ''), inputSchema: { ...parameters, type: 'object', properties } };
}

/** A data file's entries: JSON Lines, or one JSON document (an array or an object). */
function entriesOf(text) {
  try {
    const whole = JSON.parse(text);
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
  }
}

function bfclTools() {
  const git = (...args) => execFileSync('git', ['--git-dir', gorilla, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const files = git('ls-tree', '-r', '--name-only', commit, 'berkeley-function-call-leaderboard/bfcl_eval/data')
    .split('\n')
    .filter((f) => f.endsWith('.json') && !/possible_answer|unused_datasets|memory_prereq/.test(f));
  const tools = [];
  for (const file of files) {
    for (const entry of entriesOf(git('show', `${commit}:${file}`))) {
      const functions = Array.isArray(entry.function) ? entry.function : entry.name && entry.parameters ? [entry] : [];
      for (const fn of functions) tools.push(convertFunction(fn));
    }
  }
  return { tools, files: files.length, commit: git('rev-parse', commit).trim() };
}

const dir = mkdtempSync(join(tmpdir(), 'collect-'));
const mcp = [
  ...(await listTools('server-everything', process.execPath, [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'])),
  ...(await listTools('server-filesystem', process.execPath, [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir])),
];
for (const [label, spec, args] of serversDir ? EXTRA_SERVERS : []) {
  const pkg = spec.slice(0, spec.lastIndexOf('@'));
  const env = { ...process.env, ...DUMMY_CREDENTIALS, MEMORY_FILE_PATH: join(dir, 'memory.jsonl') };
  mcp.push(...(await listTools(label, process.execPath, [binOf(serversDir, pkg), ...args], env)));
}
rmSync(dir, { recursive: true, force: true });
const bfcl = bfclTools();

const seen = new Set();
const names = new Map();
const corpus = [];
for (const tool of [...mcp, ...bfcl.tools]) {
  const key = JSON.stringify([tool.name, tool.description, tool.inputSchema]);
  if (seen.has(key)) continue;
  seen.add(key);
  const n = (names.get(tool.name) ?? 0) + 1;
  names.set(tool.name, n);
  corpus.push(n === 1 ? tool : { ...tool, name: `${tool.name.slice(0, 60)}_${n}` });
}
const out = join(root, 'packages/sdk/test/fixtures/corpus/tool-schemas.json.gz');
const json = JSON.stringify({ gorillaCommit: bfcl.commit, bfclFiles: bfcl.files, tools: corpus });
writeFileSync(out, gzipSync(json, { level: 9 }));
process.stdout.write(`${corpus.length} tools (${mcp.length} MCP, ${corpus.length - mcp.length} BFCL from ${bfcl.tools.length} function docs in ${bfcl.files} files); ${json.length} bytes of JSON → ${out}\n`);
