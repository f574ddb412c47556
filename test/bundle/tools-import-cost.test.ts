import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertBuilt, ROOT } from '../cli/cli-harness.js';

const url = (path: string): string => JSON.stringify(pathToFileURL(path).href);
const SDK = url(join(ROOT, 'packages/sdk/dist/bundle/index.js'));
const TOOLS = url(join(ROOT, 'tools/dist/bundle/index.js'));

/** Packages a process that imports the built-in tools and lists them must not load (issue 24: serve's cold start). */
const DEFERRED = ['class-validator', 'class-transformer', 'validator', 'typedi', 'picomatch', 'ignore', 'libphonenumber-js'];

/**
 * A fresh process (no jest NODE_OPTIONS) that imports the built tools and builds the JSON Schemas
 * of their Actions (what a tools/list answer needs), then, when `then` says so, validates a
 * terminal command with a control character (a class-validator rule) and asks a conversation for
 * a service; it prints the schemas, the refusal and the packages each stage loaded.
 */
function run(then: boolean): { schemas: Record<string, unknown>; listed: string[]; refusal?: string; used?: string[] } {
  const program = [
    `import 'reflect-metadata';`,
    `import { createRequire } from 'node:module';`,
    `const cache = createRequire(import.meta.url).cache;`,
    `const loaded = () => [...new Set(Object.keys(cache).map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean))].sort();`,
    `const sdk = await import(${SDK});`,
    `const tools = await import(${TOOLS});`,
    `const schemas = {};`,
    `for (const name of ['TerminalAction', 'FileEditorAction', 'TaskTrackerAction', 'GlobAction', 'GrepAction', 'ThinkAction', 'FinishAction']) schemas[name] = sdk.jsonSchemaOf(tools[name]);`,
    `const out = { schemas, listed: loaded() };`,
    `if (${then}) {`,
    `  const terminal = new sdk.ToolDefinition({ name: 'terminal', description: 'A shell.', actionType: tools.TerminalAction, executor: { execute: () => sdk.Observation.fromText('ran') } });`,
    `  try { terminal.actionFromArguments({ command: 'ls\\r' }); } catch (error) { out.refusal = error.message; }`,
    `  const state = new sdk.ConversationState({ workingDir: process.cwd() });`,
    `  out.service = typeof state.getService(tools.ThinkExecutor).execute;`,
    `  out.used = loaded();`,
    `}`,
    `console.log(JSON.stringify(out));`,
  ].join('\n');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT, env, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the program failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as ReturnType<typeof run>;
}

describe('importing the built-in tools and listing them', () => {
  it('loads none of class-validator, class-transformer, validator, typedi, picomatch or ignore', () => {
    assertBuilt();
    const { schemas, listed } = run(false);
    expect(listed.filter((name) => DEFERRED.includes(name))).toEqual([]);
    // The schemas come from the rules all the same.
    expect(schemas.TerminalAction).toMatchObject({ properties: { command: { type: 'string' }, timeout: { type: 'number', minimum: 0 } } });
    expect(schemas.TaskTrackerAction).toMatchObject({ properties: { command: { enum: ['view', 'plan'] }, task_list: { type: 'array', items: { properties: { title: { type: 'string' } } } } } });
  });

  it('loads class-validator for a rule only it checks and typedi for the first service, with the same schemas and messages', () => {
    const listedOnly = run(false);
    const used = run(true);
    expect(used.schemas).toEqual(listedOnly.schemas);
    expect(used.refusal).toContain('the control character U+000D (Ctrl-M, CR) at position 2');
    expect(used.used).toEqual(expect.arrayContaining(['class-validator', 'typedi']));
  });
});
