import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, BIN, ROOT } from '../cli/cli-harness.js';

/** Node built-in modules a raw MCP SDK server over stdio never loads, and `serve --stdio` need not before its first answer (issue 24). */
const NOT_BEFORE_USE = ['http', 'child_process', 'perf_hooks', 'readline', 'worker_threads', 'v8'];

const MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join('');

/**
 * `toolwright serve --stdio` (the default built-in toolset) answering `tools/list`, then its input ends: the tools it listed,
 * the Node built-in modules and the CommonJS packages it loaded, and the bundle code files it read (the bundles' loaders read them with readFileSync).
 */
function serve(): { tools: string[]; builtins: string[]; packages: string[]; codeFiles: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'serve-builtins-'));
  try {
    // Preloaded: prints Node's list of the built-in modules it loaded when the process exits.
    const preload = join(dir, 'report.cjs');
    writeFileSync(
      preload,
      `const fs = require('node:fs'); const read = fs.readFileSync; const codeFiles = []; fs.readFileSync = function (path, ...rest) { if (typeof path === 'string' && path.endsWith('.code.cjs')) codeFiles.push(path); return read.call(this, path, ...rest); };\n` +
      `process.on('exit', () => require('node:fs').writeSync(2, '\\nBUILTINS ' + JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13))) + '\\nPACKAGES ' + JSON.stringify([...new Set(Object.keys(require.cache).map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean))]) + '\\nCODE ' + JSON.stringify(codeFiles) + '\\n'));`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.NODE_OPTIONS;
    const child = spawnSync(process.execPath, ['--require', preload, BIN, 'serve', '--stdio'], { cwd: ROOT, env, input: MESSAGES, encoding: 'utf8', timeout: 30_000 });
    const answer = child.stdout.split('\n').map((line) => (line ? (JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } }) : {})).find((m) => m.id === 2);
    const report = /BUILTINS (.*)/.exec(child.stderr)?.[1];
    const packages = /PACKAGES (.*)/.exec(child.stderr)?.[1];
    const codeFiles = /CODE (.*)/.exec(child.stderr)?.[1];
    if (!answer || report === undefined || packages === undefined || codeFiles === undefined) throw new Error(`serve did not answer tools/list (${child.status}): ${child.stderr}`);
    return {
      tools: (answer.result?.tools ?? []).map((tool) => tool.name),
      builtins: JSON.parse(report) as string[],
      packages: JSON.parse(packages) as string[],
      codeFiles: JSON.parse(codeFiles) as string[],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('serve --stdio of the default built-in toolset, up to its tools/list answer', () => {
  it('loads none of node:http, node:child_process, node:perf_hooks, node:readline, node:worker_threads, node:v8', () => {
    assertBuilt();
    const { tools, builtins } = serve();
    expect(tools).toEqual(expect.arrayContaining(['terminal', 'file_editor', 'grep']));
    expect(builtins).toEqual(expect.arrayContaining(['fs']));
    expect(builtins.filter((name) => NOT_BEFORE_USE.includes(name))).toEqual([]);
  });

  it('builds none of the tools\' executor services, so typedi is not loaded', () => {
    const { tools, packages } = serve();
    expect(tools).toEqual(expect.arrayContaining(['terminal', 'glob', 'task_tracker', 'think', 'finish']));
    expect(packages).toEqual(expect.arrayContaining(['reflect-metadata']));
    expect(packages).not.toContain('typedi');
  });

  it('reads none of the bash safety analysis\'s code: the terminal loads it on its first permission check', () => {
    const bundle = join(ROOT, 'tools/dist/bundle');
    const safety = readdirSync(bundle).filter((file) => file.endsWith('.code.cjs') && readFileSync(join(bundle, file), 'utf8').includes('class BashSafety '));
    expect(safety).toHaveLength(1);
    const { tools, codeFiles } = serve();
    expect(tools).toContain('terminal');
    const toolsRead = codeFiles.filter((file) => file.startsWith(bundle));
    expect(toolsRead.length).toBeGreaterThan(0);
    expect(toolsRead.map((file) => file.slice(bundle.length + 1))).not.toContain(safety[0]);
  });
});
