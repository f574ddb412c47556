/**
 * Built-in tools benchmarks (issue 4): grep over a generated tree of 20,000 files against plain
 * `rg -l -i` on the same tree; glob against tinyglobby called directly; a terminal `echo hi` round
 * trip in the persistent session against spawning `bash -c 'echo hi'`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { ConversationState, ToolRegistry } from '@toolwright/sdk';
import type { ToolDefinition } from '@toolwright/sdk';
import { registerBuiltinTools } from '@toolwright/tools';
import type { BenchRow, BenchTable } from './measure.js';
import { timeAsync } from './measure.js';

const FILES = 20_000;
const PER_DIR = 100;
const EXTENSIONS = ['ts', 'js', 'md', 'json'];

/** 200 directories in two levels, 100 files each; 1 file in 100 holds the rare token. */
function buildTree(root: string): void {
  for (let i = 0; i < FILES; i++) {
    const dir = join(root, `pkg${Math.floor(i / (PER_DIR * 10))}`, `mod${Math.floor(i / PER_DIR) % 10}`);
    if (i % PER_DIR === 0) mkdirSync(dir, { recursive: true });
    const rare = i % 100 === 7 ? 'const marker = "RareNeedleToken";\n' : '';
    writeFileSync(join(dir, `file${i}.${EXTENSIONS[i % EXTENSIONS.length]}`), `// file ${i}\nexport const value${i} = ${i};\n${rare}function helper() { return ${i}; }\n`);
  }
}

function runProcess(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(out).toString('utf8')));
  });
}

async function callTool(tool: ToolDefinition, args: Record<string, unknown>): Promise<void> {
  const observation = await tool.call(tool.actionFromArguments(args));
  if (observation.isError) throw new Error(`${tool.name} failed: ${observation.text}`);
}

/** Runs the tools benchmarks. */
export async function run(): Promise<BenchTable[]> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-bench-tools-')));
  const state = new ConversationState({ workingDir: root, stateDir: join(root, '.state') });
  try {
    buildTree(root);
    const registry = registerBuiltinTools(new ToolRegistry());
    const [grep] = await registry.resolve({ name: 'grep', params: { backend: 'ripgrep' } }, state);
    const [jsGrep] = await registry.resolve({ name: 'grep', params: { backend: 'js' } }, state);
    const [globTool] = await registry.resolve({ name: 'glob' }, state);
    const [terminal] = await registry.resolve({ name: 'terminal' }, state);

    const grepRows: BenchRow[] = [];
    for (const [label, pattern] of [
      ['rare token (200 files match)', 'rareneedletoken'],
      ['common word (all 20,000 files match)', 'helper'],
    ] as const) {
      const plain = await timeAsync(() => runProcess('rg', ['-l', '-i', pattern, root]), 3, 7);
      const tool = await timeAsync(() => callTool(grep!, { pattern }), 3, 7);
      grepRows.push({ name: `grep tool, ${label}`, value: tool / 1000, unit: 'ms/op', baseline: plain / 1000, baselineName: 'rg -l -i', target: 1.3 });
    }

    // The JavaScript search (issue 9: it matches in a worker thread that a timeout can stop).
    for (const [label, pattern] of [
      ['rare token', 'rareneedletoken'],
      ['look-behind (the ripgrep fallback path)', '(?<!x)RareNeedleToken'],
    ] as const) {
      const plain = await timeAsync(() => runProcess('rg', ['-l', '-i', 'rareneedletoken', root]), 2, 5);
      const tool = await timeAsync(() => callTool(jsGrep!, { pattern }), 2, 5);
      grepRows.push({ name: `grep tool, JavaScript backend, ${label}`, value: tool / 1000, unit: 'ms/op', baseline: plain / 1000, baselineName: 'rg -l -i', note: 'walk + read + match; no target' });
    }

    const globRows: BenchRow[] = [];
    for (const [pattern, matches] of [
      ['**/*.ts', '5,000'],
      ['**/file1*.md', '2,778'],
      ['**/file19999.*', '1'],
    ] as const) {
      const direct = await timeAsync(() => glob(pattern, { cwd: root, absolute: true, onlyFiles: true }), 3, 9);
      const tool = await timeAsync(() => callTool(globTool!, { pattern }), 3, 9);
      globRows.push({
        name: `glob tool '${pattern}' (${matches} matches)`,
        value: tool / 1000,
        unit: 'ms/op',
        baseline: direct / 1000,
        baselineName: 'tinyglobby',
        target: 1.2,
        note: 'the tool also stats every match to order newest first',
      });
    }
    // The fair baseline: the library plus the newest-first ordering the tool must do (one stat per match).
    const sorted = await timeAsync(async () => {
      const files = await glob('**/*.ts', { cwd: root, absolute: true, onlyFiles: true });
      const times = files.map((file) => [file, statSync(file).mtimeMs] as const);
      times.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      return times.slice(0, 100);
    }, 3, 9);
    const tool = await timeAsync(() => callTool(globTool!, { pattern: '**/*.ts' }), 3, 9);
    globRows.push({ name: "glob tool '**/*.ts' (5,000 matches)", value: tool / 1000, unit: 'ms/op', baseline: sorted / 1000, baselineName: 'tinyglobby + stat + sort', target: 1.2 });

    await callTool(terminal!, { command: 'echo warm' });
    const spawned = await timeAsync(() => runProcess('bash', ['-c', 'echo hi']), 50, 7);
    const session = await timeAsync(() => callTool(terminal!, { command: 'echo hi' }), 200, 7);
    const terminalRows: BenchRow[] = [
      { name: "terminal 'echo hi' in the persistent session", value: session / 1000, unit: 'ms/op', baseline: spawned / 1000, baselineName: "spawn bash -c 'echo hi'", target: 1 },
    ];

    return [
      { title: `grep over ${FILES.toLocaleString('en')} files (ripgrep backend, sorted newest first, top 100)`, rows: grepRows },
      { title: `glob over ${FILES.toLocaleString('en')} files (newest first, top 100)`, rows: globRows },
      { title: 'terminal round trip', rows: terminalRows },
    ];
  } finally {
    await state.close();
    rmSync(root, { recursive: true, force: true });
  }
}
