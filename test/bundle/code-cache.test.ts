import { describe, expect, it } from '@jest/globals';
import { decode } from '@jridgewell/sourcemap-codec';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertBuilt, ROOT } from '../cli/cli-harness.js';

const SDK = join(ROOT, 'packages/sdk/dist/bundle');
const TOOLS = join(ROOT, 'tools/dist/bundle');
const url = (path: string): string => JSON.stringify(pathToFileURL(path).href);

/**
 * A fresh process (no jest NODE_OPTIONS) that uses the built bundles as a program would: a tool
 * declared and called, the MCP subpath loaded, the built-in tools listed; it prints what it got
 * and what each bundle's loader compiled from the code cache.
 */
const PROGRAM = [
  `const sdk = await import(${url(join(SDK, 'index.js'))});`,
  `class Greet extends sdk.Action {}`,
  `Reflect.defineMetadata('design:type', String, Greet.prototype, 'name');`,
  `sdk.Field({ description: 'Who' })(Greet.prototype, 'name');`,
  `const tool = new sdk.ToolDefinition({ name: 'greet', description: 'Greets.', actionType: Greet, executor: { execute: (a) => sdk.Observation.fromText('hello ' + a.name) } });`,
  `const ok = await tool.call(tool.actionFromArguments({ name: 'ada' }));`,
  `let refused; try { tool.actionFromArguments({ name: 7 }); } catch (error) { refused = error.code; }`,
  `const mcp = await import(${url(join(SDK, 'mcp/index.js'))});`,
  `const tools = await import(${url(join(TOOLS, 'index.js'))});`,
  `const sdkCache = (await import(${url(join(SDK, 'loader.js'))})).codeCacheStatus();`,
  `const toolsCache = (await import(${url(join(TOOLS, 'loader.js'))})).codeCacheStatus();`,
  `console.log(JSON.stringify({ text: ok.text, refused, mcp: typeof mcp.MCPClient, tools: typeof tools.registerBuiltinTools, sdkCache, toolsCache }));`,
].join('\n');

interface Run {
  text: string;
  refused: string;
  mcp: string;
  tools: string;
  sdkCache: { file: string; cached: boolean }[];
  toolsCache: { file: string; cached: boolean }[];
}

function runProgram(nodeFlags: string[], env: Record<string, string> = {}): Run {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.NODE_OPTIONS;
  if (!('TOOLWRIGHT_CODE_CACHE' in env)) delete childEnv.TOOLWRIGHT_CODE_CACHE;
  const run = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', `import 'reflect-metadata';\n${PROGRAM}`], { cwd: ROOT, env: childEnv, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the program failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Run;
}

const cachedFlags = (entries: { cached: boolean }[]): boolean[] => entries.map((entry) => entry.cached);

describe('the built bundles', () => {
  it('compile their code from the V8 code cache that the build wrote', () => {
    assertBuilt();
    const run = runProgram([]);
    expect([run.text, run.refused, run.mcp, run.tools]).toEqual(['hello ada', 'INVALID_ARGUMENTS', 'function', 'function']);
    expect(run.sdkCache.map((entry) => entry.file)).toEqual(expect.arrayContaining(['index.code.cjs', 'mcp/index.code.cjs']));
    // The root entry, the tools' chunk and the bash safety analysis's (the CLI's `builtins` entry leaves that one out).
    expect(run.toolsCache.map((entry) => entry.file)).toEqual(expect.arrayContaining(['index.code.cjs']));
    expect(run.toolsCache.length).toBe(3);
    expect(cachedFlags([...run.sdkCache, ...run.toolsCache]).every(Boolean)).toBe(true);
  });

  it('work the same without the cache (TOOLWRIGHT_CODE_CACHE=off)', () => {
    const run = runProgram([], { TOOLWRIGHT_CODE_CACHE: 'off' });
    expect([run.text, run.refused, run.mcp, run.tools]).toEqual(['hello ada', 'INVALID_ARGUMENTS', 'function', 'function']);
    expect(cachedFlags([...run.sdkCache, ...run.toolsCache]).some(Boolean)).toBe(false);
  });

  it('work the same when V8 rejects the cache (a process with other V8 flags)', () => {
    const run = runProgram(['--no-opt']);
    expect([run.text, run.refused, run.mcp, run.tools]).toEqual(['hello ada', 'INVALID_ARGUMENTS', 'function', 'function']);
    expect(run.sdkCache.length).toBeGreaterThan(1);
    expect(cachedFlags([...run.sdkCache, ...run.toolsCache]).some(Boolean)).toBe(false);
  });

  it('hold ASCII code only (V8 keeps each source as a one-byte string, half the memory), their maps still pointing at the names on escaped lines', () => {
    const CLI = join(ROOT, 'packages/cli/dist/bundle');
    const files = [SDK, TOOLS, CLI].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.code.cjs')).map((file) => join(dir, file)));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => /[\u0080-\uffff]/.test(readFileSync(file, 'utf8')))).toEqual([]);
    // Each mapped name on a line where a character was escaped (its columns moved) is where the map says, as `name` or `x.name`.
    const misplaced: string[] = [];
    let checked = 0;
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string; names: string[] };
      decode(map.mappings).forEach((line, i) => {
        for (const [column, , , , name] of line) {
          if (name === undefined) continue;
          const text = lines[i]!;
          const expected = map.names[name]!;
          if (!text.includes('\\u') || !/^[\w$]+$/.test(expected)) continue;
          checked++;
          if (!new RegExp(`^([\\w$]+\\.)?${expected.replaceAll('$', '\\$')}\\b`).test(text.slice(column)) && !text.slice(0, column).endsWith('.')) misplaced.push(`${file}:${i}:${column} ${expected}`);
        }
      });
    }
    expect(checked).toBeGreaterThan(0);
    expect(misplaced).toEqual([]);
  });
});

